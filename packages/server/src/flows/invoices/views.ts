// GET /invoices/{token}: the provider's invoice (fetched by number, with its payment details) as the
// protocol's InvoiceViewModel. The token is the invoice's signed handle (`pay.invoiceToken(number)`):
// a number alone, or a tampered token, is a 404 without a provider call. A view is kept a moment
// per invoice (`invoiceCacheMs`), so that a crowd reading a public link costs one provider read per
// moment, and concurrent reads share one call; a paid invoice reads paid at once (its webhook drops
// the view kept). The first time an invoice is seen paid, it is recorded once with its event.
import { endpoints } from '@pay-elements/protocol';
import { NotFoundError, type InvoiceView, type PayClient } from '@pay-elements/api';
import { TtlCache } from '../../provider/cache.js';
import type { Clock } from '../../clock.js';
import { HttpError } from '../../errors.js';
import { create, type EventsOf, type Kit } from '../../flow.js';
import type { invoiceEvents } from './events.js';
import { etagJson } from '../../http/answers.js';
import type { Logger } from '../../log.js';
import type { Route } from '../../http/router.js';
import { buildInvoiceView, type StableInvoiceView } from './view.js';

export interface InvoiceViewsOptions {
  client: PayClient;
  clock: Clock;
  logger: Logger;
  /** a hosted page for the invoice, from its token */
  invoiceUrl: ((invoiceToken: string) => string) | undefined;
  tokens: Kit['tokens'];
  /** how long a view is kept, ms (0: not at all) */
  cacheMs: number;
  /** records the invoice paid once, with its event */
  transition: Kit['transition'];
  /** fields other flows add to the view of a paid one */
  extras: (number: string, view: StableInvoiceView) => Record<string, string>;
  count: (event: string) => void;
}

/** Invoice numbers the kit asks the provider about: printable, no path tricks, at most 128 characters. */
export function isInvoiceNumber(text: string): boolean {
  return text.length <= 128 && text !== '.' && text !== '..' && /^[\p{L}\p{N}._~\-/]+$/u.test(text);
}

/** Paid invoices, recorded once each (`invoices.paid`). */
const PAID = 'invoices.paid';
/** How many invoices' views are kept at once. */
const CACHED_INVOICES = 10_000;

/** What an invoice paid tells the merchant and other flows: amount, when, what for, into which account. */
export function paidEvent(
  invoice: StableInvoiceView,
  paid: { paidAt: string; transactionId: string | null },
  now: number,
): EventsOf<typeof invoiceEvents> {
  const title = invoice.items[0]?.name ?? null;
  return {
    id: `invoice.paid.${invoice.number}`,
    type: 'invoice.paid',
    created_at: new Date(now).toISOString(),
    data: {
      invoice_number: invoice.number,
      amount: invoice.total,
      currency: invoice.currency,
      paid_at: paid.paidAt,
      transaction_id: paid.transactionId,
      title: invoice.items.length > 1 && title ? `${title} (+${invoice.items.length - 1})` : title,
      account_name: invoice.payment_details.account_name,
      account_number: invoice.payment_details.account_number,
      bank_name: invoice.payment_details.bank_name,
    },
  };
}

/** Invoices as the browser is shown them, read from the provider by the number a token stands for. */
export class InvoiceViews {
  readonly #cache: TtlCache<string, InvoiceView>;
  /** invoices this instance knows are recorded paid (no commit tried again for them) */
  readonly #recorded = new Set<string>();

  constructor(private readonly options: InvoiceViewsOptions) {
    this.#cache = new TtlCache({ clock: options.clock, ttlMs: options.cacheMs, maxEntries: CACHED_INVOICES });
  }

  /** The invoice number a token stands for; 404 for a number alone or a tampered token. */
  numberOf(token: string): string {
    const number = this.options.tokens.verify(token);
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
    const built = await this.#build(number, log);
    const { view, now } = built;
    if (view.status === 'paid')
      await this.#paid(view, { paidAt: new Date(now).toISOString(), transactionId: null }, log);
    return built;
  }

  /** The provider says the invoice was paid (its webhook): the view kept is dropped, the paid recorded. */
  async heardPaid(number: string, transactionId: string | null, log: Logger): Promise<void> {
    this.#cache.delete(number);
    const { view, now } = await this.#build(number, log);
    if (view.status === 'paid')
      await this.#paid(view, { paidAt: new Date(now).toISOString(), transactionId }, log);
  }

  async #build(number: string, log: Logger): Promise<{ view: StableInvoiceView; now: number }> {
    const { clock, invoiceUrl, tokens } = this.options;
    const invoice = await this.#fetch(number);
    const now = clock.now();
    const built = buildInvoiceView(invoice, now, invoiceUrl?.(tokens.sign(invoice.invoice_number)));
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
    return { view: { ...built.view, ...this.options.extras(number, built.view) }, now };
  }

  /** Records the invoice paid, once across instances, with its `invoice.paid` event. */
  async #paid(
    view: StableInvoiceView,
    paid: { paidAt: string; transactionId: string | null },
    log: Logger,
  ): Promise<void> {
    if (this.#recorded.has(view.number)) return;
    const { transition, clock } = this.options;
    const event = paidEvent(view, paid, clock.now());
    const recorded = await transition({
      writes: [create(PAID, view.number, { paidAt: paid.paidAt, transactionId: paid.transactionId })],
      events: [event],
    });
    if (this.#recorded.size >= CACHED_INVOICES) this.#recorded.clear();
    this.#recorded.add(view.number);
    if (!recorded) return;
    this.options.count('paid');
    log.info('invoice paid', { invoice: view.number });
  }

  async #fetch(number: string): Promise<InvoiceView> {
    if (!isInvoiceNumber(number)) throw new HttpError('not_found', 'No such invoice.');
    try {
      const { value } = await this.#cache.read(number, () => this.options.client.invoices.view(number));
      return value;
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
