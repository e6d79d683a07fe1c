// The streams of open invoices: who watches which invoice, and what each holds. Changes come from the
// provider's `invoice.paid` webhook at once (`changed`), and, as the fallback, from one provider read
// per watched invoice per interval, however many streams watch it. A stream ends once the invoice is
// paid or cancelled, or is told to reconnect elsewhere when the instance drains.
import { eventFrame } from '../http/event-stream.js';
import { describeError, type Logger } from '../log.js';
import type { StableInvoiceView } from '../routes/invoice-view.js';
import type { StreamConfig } from './options.js';
import { viewVersion } from './session-hub.js';

export const finalInvoice = (view: StableInvoiceView) =>
  view.status === 'paid' || view.status === 'cancelled';

export interface InvoiceSink {
  version: string | null;
  send(bytes: Uint8Array): void;
  heartbeat(): void;
  end(): void;
  /** the instance is going away: tell the client to reconnect soon (elsewhere), then end the stream */
  reconnect(): void;
}

interface Watched {
  sinks: Set<InvoiceSink>;
  timer: unknown;
  heartbeat: unknown;
  queue: Promise<void>;
}

export interface InvoiceHubOptions {
  /** the invoice's view as GET /invoices/{token} answers it (without server_time) */
  viewOf: (number: string, log?: Logger) => Promise<{ view: StableInvoiceView; now: number }>;
  logger: Logger;
  streams: StreamConfig;
  /** how often a watched invoice is read from the provider, ms (the fallback of the webhook) */
  checkIntervalMs: number;
}

/** The streams of open invoices: who watches which invoice, and the one check per invoice and interval. */
export class InvoiceHub {
  private readonly watched = new Map<string, Watched>();
  constructor(private readonly options: InvoiceHubOptions) {}

  /** Starts a stream of `number` into `sink`; answers how to stop it. */
  watch(number: string, sink: InvoiceSink): () => void {
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
    void this.refresh(number, [sink]);
    let released = false;
    return () => {
      if (released) return;
      released = true;
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

  /** Tells every open stream to reconnect (elsewhere) and ends it, and stops every timer. */
  close(): void {
    for (const [number, entry] of this.watched) {
      for (const sink of [...entry.sinks]) sink.reconnect();
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
  private refresh(number: string, only?: InvoiceSink[]): Promise<void> {
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
      const bytes = eventFrame('invoice', version, data);
      for (const sink of only ?? [...entry.sinks]) {
        if (!entry.sinks.has(sink)) continue;
        if (sink.version !== version) {
          sink.version = version;
          sink.send(bytes);
        }
        if (finalInvoice(view)) sink.end();
      }
    });
    return entry.queue;
  }
}
