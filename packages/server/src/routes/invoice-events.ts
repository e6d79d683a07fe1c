// GET /invoices/:number/events: an invoice's status as Server-Sent Events, as the session stream does
// for a checkout. The first event is the current view (unless Last-Event-ID says the client holds it),
// then one per change; each id is the view's version (its ETag without quotes); a comment line every
// heartbeat; the stream ends once the invoice is paid or cancelled. Changes come from the provider's
// `invoice.paid` webhook at once (`changed`), and, as the fallback, from one provider read per watched
// invoice per interval, however many streams watch it. Past the limit: an error status, and the
// element polls.
import { endpoints } from '@pay-elements/protocol';
import { viewVersion } from '../streams/session-hub.js';
import { HttpError } from '../errors.js';
import { describeError, type Logger } from '../log.js';
import type { Route } from '../http/router.js';
import type { StableInvoiceView } from './invoice-view.js';
import type { StreamConfig } from '../streams/options.js';
import { eventStream, STREAM_HEADERS } from './session-events.js';

const final = (view: StableInvoiceView) => view.status === 'paid' || view.status === 'cancelled';

interface Sink {
  version: string | null;
  send(bytes: Uint8Array): void;
  heartbeat(): void;
  end(): void;
}

interface Watched {
  sinks: Set<Sink>;
  timer: unknown;
  heartbeat: unknown;
  queue: Promise<void>;
}

export interface InvoiceEventOptions {
  /** the invoice's view as GET /invoices/:number answers it (without server_time) */
  viewOf: (number: string, log?: Logger) => Promise<{ view: StableInvoiceView; now: number }>;
  logger: Logger;
  streams: StreamConfig;
  /** how often a watched invoice is read from the provider, ms (the fallback of the webhook) */
  checkIntervalMs: number;
  maxBodyBytes: number;
}

/** The streams of open invoices: who watches which invoice, and the one check per invoice and interval. */
export class InvoiceHub {
  private readonly watched = new Map<string, Watched>();
  private open = 0;
  private readonly encoder = new TextEncoder();
  constructor(private readonly options: InvoiceEventOptions) {}

  get full(): boolean {
    return this.open >= this.options.streams.maxStreams;
  }

  /** Starts a stream of `number` into `sink`; answers how to stop it. */
  watch(number: string, sink: Sink): () => void {
    const { scheduler } = this.options.streams;
    let entry = this.watched.get(number);
    if (!entry) {
      entry = { sinks: new Set(), timer: null, heartbeat: null, queue: Promise.resolve() };
      this.watched.set(number, entry);
      this.schedule(number, entry);
      const beat = () => {
        for (const s of entry?.sinks ?? []) s.heartbeat();
        if (entry) entry.heartbeat = scheduler.setTimeout(beat, this.options.streams.heartbeatMs);
      };
      entry.heartbeat = scheduler.setTimeout(beat, this.options.streams.heartbeatMs);
    }
    entry.sinks.add(sink);
    this.open++;
    void this.refresh(number, [sink]);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.open--;
      const current = this.watched.get(number);
      if (!current) return;
      current.sinks.delete(sink);
      if (current.sinks.size === 0) this.forget(number, current);
    };
  }

  /** The invoice changed (its webhook came): every stream of it hears now. */
  changed(number: string): void {
    if (this.watched.has(number)) void this.refresh(number);
  }

  close(): void {
    for (const [number, entry] of this.watched) {
      for (const sink of entry.sinks) sink.end();
      this.forget(number, entry);
    }
  }

  private schedule(number: string, entry: Watched): void {
    entry.timer = this.options.streams.scheduler.setTimeout(() => {
      void this.refresh(number).then(() => {
        if (this.watched.get(number) === entry) this.schedule(number, entry);
      });
    }, this.options.checkIntervalMs);
  }

  private forget(number: string, entry: Watched): void {
    const { scheduler } = this.options.streams;
    scheduler.clearTimeout(entry.timer);
    scheduler.clearTimeout(entry.heartbeat);
    if (this.watched.get(number) === entry) this.watched.delete(number);
  }

  /** Reads the view once and sends it to the sinks (all, or `only`) that do not hold it yet. */
  private refresh(number: string, only?: Sink[]): Promise<void> {
    const entry = this.watched.get(number);
    if (!entry) return Promise.resolve();
    entry.queue = entry.queue.then(async () => {
      let view: StableInvoiceView;
      let now: number;
      try {
        ({ view, now } = await this.options.viewOf(number));
      } catch (error) {
        // the provider is down or slow: the streams stay open, the next check tries again
        this.options.logger.warn('invoice stream check failed', {
          invoice: number,
          error: describeError(error),
        });
        return;
      }
      const version = viewVersion(view);
      const data = JSON.stringify({ ...view, server_time: new Date(now).toISOString() });
      const bytes = this.encoder.encode(`id: ${version}\nevent: invoice\ndata: ${data}\n\n`);
      for (const sink of only ?? [...entry.sinks]) {
        if (!entry.sinks.has(sink)) continue;
        if (sink.version !== version) {
          sink.version = version;
          sink.send(bytes);
        }
        if (final(view)) sink.end();
      }
    });
    return entry.queue;
  }
}

/** The route and its hub (the handler closes the hub, and tells it of invoice webhooks). */
export function invoiceEventRoutes(options: InvoiceEventOptions): {
  routes: Route[];
  hub: InvoiceHub | null;
} {
  if (!options.streams.enabled) return { routes: [], hub: null };
  const hub = new InvoiceHub(options);
  const retry = new TextEncoder().encode(`retry: ${options.streams.retryMs}\n\n`);
  const route: Route = {
    ...endpoints.invoiceEvents,
    maxBodyBytes: options.maxBodyBytes,
    async handle({ request, params, log }) {
      const number = params['number'] ?? '';
      // an unknown invoice is a 404 (EventSource stops), as its view route answers
      const { view } = await options.viewOf(number, log);
      const held = request.headers.get('last-event-id');
      if (final(view) && held === viewVersion(view))
        return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
      if (request.method === 'HEAD') return new Response(null, { status: 200, headers: STREAM_HEADERS });
      if (hub.full)
        throw new HttpError('upstream_unavailable', 'Too many status streams open; poll instead.', {
          headers: { 'retry-after': '30' },
        });
      return eventStream(request, retry, ({ write, heartbeat, end }) =>
        hub.watch(number, { version: held, send: write, heartbeat, end }),
      );
    },
  };
  return { routes: [route], hub };
}
