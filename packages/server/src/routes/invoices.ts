// GET /invoices/{number}: the provider's invoice (fetched by number, with its payment details) as the
// protocol's InvoiceViewModel. Not cached: a paid invoice must read paid at once. Concurrent
// requests for one invoice share one provider call.
import { endpoints } from '@pay-elements/protocol';
import { NotFoundError, type InvoiceView, type PayClient } from '@pay-elements/api';
import { SingleFlight } from '../provider/cache.js';
import type { Clock } from '../options.js';
import { HttpError } from '../errors.js';
import { etagJson } from '../http/answers.js';
import { buildInvoiceView, type StableInvoiceView } from './invoice-view.js';
import type { Logger } from '../log.js';
import type { Route } from '../http/router.js';

export interface InvoiceRouteOptions {
  client: PayClient;
  clock: Clock;
  logger: Logger;
  maxBodyBytes: number;
  invoiceUrl: ((invoiceNumber: string) => string) | undefined;
}

/** Invoice numbers the kit asks the provider about: printable, no path tricks, at most 128 characters. */
export function isInvoiceNumber(text: string): boolean {
  return text.length <= 128 && text !== '.' && text !== '..' && /^[\p{L}\p{N}._~\-/]+$/u.test(text);
}

export function invoiceRoutes(options: InvoiceRouteOptions): {
  routes: Route[];
  viewOf: (number: string) => Promise<{ view: StableInvoiceView; now: number }>;
} {
  const { client, clock, logger } = options;
  const flights = new SingleFlight<string, InvoiceView>();

  async function fetchInvoice(number: string): Promise<InvoiceView> {
    if (!isInvoiceNumber(number)) throw new HttpError('not_found', 'No such invoice.');
    try {
      return await flights.run(number, () => client.invoices.view(number));
    } catch (error) {
      if (error instanceof NotFoundError) throw new HttpError('not_found', 'No such invoice.');
      throw error;
    }
  }

  /**
   * The invoice's view as the route answers it (without server_time), and the time it was built;
   * `log` is the logger of the request asking (the kit's own for a stream's periodic check).
   */
  async function viewOf(
    number: string,
    log: Logger = logger,
  ): Promise<{ view: StableInvoiceView; now: number }> {
    const invoice = await fetchInvoice(number);
    const now = clock.now();
    const built = buildInvoiceView(invoice, now, options.invoiceUrl?.(invoice.invoice_number));
    for (const d of built.discrepancies) {
      log.warn('invoice figures disagree with the provider; showing the provider’s', {
        invoice: invoice.invoice_number,
        ...d,
      });
    }
    if (built.unknownStatus !== null)
      log.warn('unknown invoice status; shown as pending', {
        invoice: invoice.invoice_number,
        status: built.unknownStatus,
      });
    return { view: built.view, now };
  }

  const view: Route = {
    ...endpoints.invoice,
    maxBodyBytes: options.maxBodyBytes,
    async handle({ request, params, log }) {
      const { view, now } = await viewOf(params['number'] ?? '', log);
      return etagJson(request, view, { server_time: new Date(now).toISOString() });
    },
  };

  return { routes: [view], viewOf };
}
