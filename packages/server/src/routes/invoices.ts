// GET /invoices/{token}: the provider's invoice (fetched by number, with its payment details) as the
// protocol's InvoiceViewModel. The token is the invoice's signed handle (`pay.invoiceToken(number)`):
// a number alone, or a tampered token, is a 404 without a provider call. Not cached: a paid invoice
// must read paid at once. Concurrent requests for one invoice share one provider call.
import { endpoints } from '@pay-elements/protocol';
import { NotFoundError, type InvoiceView, type PayClient } from '@pay-elements/api';
import { SingleFlight } from '../provider/cache.js';
import type { Clock } from '../clock.js';
import { HttpError } from '../errors.js';
import type { TokenSigner } from '../tokens.js';
import { etagJson } from '../http/answers.js';
import { buildInvoiceView, type StableInvoiceView } from './invoice-view.js';
import type { Logger } from '../log.js';
import type { Route } from '../http/router.js';

export interface InvoiceViewsOptions {
  client: PayClient;
  clock: Clock;
  logger: Logger;
  /** a hosted page for the invoice, from its token */
  invoiceUrl: ((invoiceToken: string) => string) | undefined;
  tokens: TokenSigner;
}

/** Invoice numbers the kit asks the provider about: printable, no path tricks, at most 128 characters. */
export function isInvoiceNumber(text: string): boolean {
  return text.length <= 128 && text !== '.' && text !== '..' && /^[\p{L}\p{N}._~\-/]+$/u.test(text);
}

/** Invoices as the browser is shown them, read from the provider by the number a token stands for. */
export class InvoiceViews {
  readonly #flights = new SingleFlight<string, InvoiceView>();

  constructor(private readonly options: InvoiceViewsOptions) {}

  /** The invoice number a token stands for; 404 for a number alone or a tampered token. */
  numberOf(token: string): string {
    const number = this.options.tokens.verify('invoice', token, this.options.clock.now());
    if (number === null || !isInvoiceNumber(number)) throw new HttpError('not_found', 'No such invoice.');
    return number;
  }

  /**
   * The invoice's view as the route answers it (without server_time), and the time it was built;
   * `log` is the logger of the request asking (the kit's own for a stream's periodic check).
   */
  async viewOf(
    number: string,
    log: Logger = this.options.logger,
  ): Promise<{ view: StableInvoiceView; now: number }> {
    const { clock, invoiceUrl, tokens } = this.options;
    const invoice = await this.#fetch(number);
    const now = clock.now();
    const built = buildInvoiceView(
      invoice,
      now,
      invoiceUrl?.(tokens.sign('invoice', invoice.invoice_number)),
    );
    for (const d of built.discrepancies)
      log.warn('invoice figures disagree with the provider; showing the provider’s', {
        invoice: invoice.invoice_number,
        ...d,
      });
    if (built.unknownStatus !== null)
      log.warn('unknown invoice status; shown as pending', {
        invoice: invoice.invoice_number,
        status: built.unknownStatus,
      });
    return { view: built.view, now };
  }

  async #fetch(number: string): Promise<InvoiceView> {
    if (!isInvoiceNumber(number)) throw new HttpError('not_found', 'No such invoice.');
    try {
      return await this.#flights.run(number, () => this.options.client.invoices.view(number));
    } catch (error) {
      if (error instanceof NotFoundError) throw new HttpError('not_found', 'No such invoice.');
      throw error;
    }
  }
}

export function invoiceRoutes(options: { views: InvoiceViews; maxBodyBytes: number }): Route[] {
  const { views } = options;
  const view: Route = {
    ...endpoints.invoice,
    maxBodyBytes: options.maxBodyBytes,
    async handle({ request, params, log }) {
      const { view, now } = await views.viewOf(views.numberOf(params['token'] ?? ''), log);
      return etagJson(request, view, { server_time: new Date(now).toISOString() });
    },
  };
  return [view];
}
