// GET /invoices/{token}/events: an invoice's status as Server-Sent Events, as the session stream does
// for a checkout: the current view (unless Last-Event-ID says the client holds it), then one per
// change (the invoice hub); each id the view's version; the stream ends once the invoice is paid or
// cancelled. Admitted, counted and drained with every other stream of the instance.
import { endpoints } from '@pay-elements/protocol';
import { nothingMore, openEventStream, retryHint, streamSink, viewVersion } from '../../http/event-stream.js';
import type { Route } from '../../http/router.js';
import type { Logger } from '../../log.js';
import type { StreamAdmission } from '../../streams/admission.js';
import type { ViewHub } from '../../streams/view-hub.js';
import type { StreamConfig } from '../../streams/options.js';
import { finalInvoice, type StableInvoiceView } from './view.js';

export interface InvoiceEventRouteOptions {
  hub: ViewHub<StableInvoiceView>;
  admission: StreamAdmission;
  streams: StreamConfig;
  maxBodyBytes: number;
  /** the invoice number a token stands for (404 for a number alone or a tampered token) */
  numberOf: (token: string) => string;
  /** the invoice's view as its route answers it (without server_time) */
  viewOf: (number: string, log?: Logger) => Promise<{ view: StableInvoiceView; now: number }>;
  /** who a request comes from, for the per-client limit */
  clientKey: (request: Request, log: Logger) => string;
}

export function invoiceEventRoutes(options: InvoiceEventRouteOptions): Route[] {
  const retry = retryHint(options.streams.retryMs);
  const route: Route = {
    ...endpoints.invoiceEvents,
    maxBodyBytes: options.maxBodyBytes,
    async handle({ request, params, log }) {
      const number = options.numberOf(params['token'] ?? '');
      // an unknown invoice is a 404 (EventSource stops), as its view route answers
      const { view } = await options.viewOf(number, log);
      const held = request.headers.get('last-event-id');
      if (finalInvoice(view) && held === viewVersion(view)) return nothingMore();
      return openEventStream({
        request,
        log,
        admission: options.admission,
        clientKey: options.clientKey(request, log),
        retry,
        feed: (writer) => options.hub.watch(number, { ...streamSink(writer, held), send: writer.write }),
      });
    },
  };
  return [route];
}
