// The invoices flow: the provider's invoices shown by a signed token (`pay.invoiceToken(number)`),
// their status stream, `invoice.paid` from the provider's webhook or the view itself recorded once
// with its event, and the credits of invoice payments the watcher reads.
import type { Transaction } from '@pay-elements/api';
import { HttpError } from '../../errors.js';
import type { Flow } from '../../flow.js';
import { describeError } from '../../log.js';
import { fn, ms } from '../../options.js';
import { ViewHub } from '../../streams/view-hub.js';
import { viewStreamRoute } from '../../streams/view-route.js';
import { endpoints } from '@pay-elements/protocol';
import { finalInvoice, type StableInvoiceView } from './view.js';
import { InvoiceViews, invoiceRoutes } from './views.js';
import { invoiceEvents } from './events.js';

/** What the invoices flow adds to the handler. */
export interface InvoicesApi {
  /**
   * The invoice's handle for a browser: `GET {basePath}/invoices/{token}`, `<pay-invoice-view
   * token="{token}">`, a hosted page's URL. Unguessable; the number alone opens nothing. It opens the
   * invoice for as long as the kit's `tokenSecret` stays the same (rotate it to end every link).
   */
  invoiceToken(invoiceNumber: string): string;
}

const invoiceOptions = {
  invoiceUrl: fn<(invoiceToken: string) => string>('invoiceToken → URL string')
    .optional()
    .describe(
      '`(invoiceToken)` → a hosted page for the invoice, from its token (`pay.invoiceToken(number)`), sent to the widget as `hosted_url`.',
    ),
  invoiceCacheMs: ms()
    .min(0, { error: 'must not be negative' })
    .max(60_000, { error: 'must be at most a minute (60000)' })
    .default(2000)
    .describe(
      'How long an invoice read from the provider is shown again before it is read anew, ms (0 … 60000); the `invoice.paid` webhook ends it at once.',
    ),
};

/** The invoice a credit paid, as the provider's transfer names it. */
function invoiceOf(transaction: Transaction): string | null {
  const number: unknown = transaction.payment_transfer['invoice_number'];
  return typeof number === 'string' && transaction.entry === 'credit' && transaction.status === 'success'
    ? number
    : null;
}

export const invoices: Flow<typeof invoiceOptions, InvoicesApi, typeof invoiceEvents> = {
  name: 'invoices',
  about:
    "the provider's invoices by signed token, their stream, `invoice.paid` recorded once; `pay.invoiceToken`",
  methods: '`invoiceToken(number)`',
  options: invoiceOptions,
  events: invoiceEvents,
  start(kit, options) {
    const views = new InvoiceViews({
      client: kit.client,
      clock: kit.clock,
      logger: kit.logger,
      invoiceUrl: options.invoiceUrl,
      tokens: kit.tokens,
      cacheMs: options.invoiceCacheMs,
      transition: kit.transition,
      extras: (number, view) => (view.status === 'paid' ? kit.extras('invoice', number) : {}),
      count: kit.count,
    });
    const hub = new ViewHub<StableInvoiceView>({
      event: 'invoice',
      viewOf: (number) => views.viewOf(number),
      final: finalInvoice,
      logger: kit.logger,
      streams: kit.streams.config,
      checkIntervalMs: Math.max(kit.provider.intervalMs, 1000),
    });
    const routes = invoiceRoutes({ views, maxBodyBytes: kit.maxBodyBytes });
    if (kit.streams.config.enabled)
      routes.push(
        viewStreamRoute({
          endpoint: endpoints.invoiceEvents,
          hub,
          subjectOf: (token) => views.numberOf(token),
          viewOf: (number, log) => views.viewOf(number, log),
          final: finalInvoice,
          streams: kit.streams,
          maxBodyBytes: kit.maxBodyBytes,
        }),
      );
    return {
      routes,
      webhooks: {
        async 'invoice.paid'(event, log) {
          const data: unknown = event.data;
          const field = (name: string): unknown =>
            typeof data === 'object' && data !== null ? Reflect.get(data, name) : null;
          const number = field('invoice_number');
          const transaction = field('transaction_id');
          if (typeof number !== 'string' && typeof number !== 'number') return;
          try {
            await views.heardPaid(String(number), typeof transaction === 'string' ? transaction : null, log);
          } catch (error) {
            // an invoice the provider does not show (another shop's, a test event): nothing to record
            if (!(error instanceof HttpError && error.code === 'not_found')) throw error;
            log.info('invoice.paid for an invoice the provider does not show; acknowledged', {
              invoice: String(number),
            });
            return;
          }
          // its open streams hear at once
          hub.changed(String(number));
        },
      },
      async credit(transaction, context) {
        const number = invoiceOf(transaction);
        if (number === null) return 'not-mine';
        try {
          await views.heardPaid(number, transaction.id, context.log);
        } catch (error) {
          context.log.warn('an invoice payment could not be recorded yet', {
            invoice: number,
            error: describeError(error),
          });
          return 'unsettled';
        }
        hub.changed(number);
        return 'settled';
      },
      api: { invoiceToken: (invoiceNumber) => kit.tokens.sign(invoiceNumber) },
      drain: () => hub.close(),
    };
  },
};
