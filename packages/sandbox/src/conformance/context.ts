// What every group of rules works with: the backend, the emulator as the shopper's bank, the report,
// the time limits, and the small steps several groups take (a session created and read, a status
// stream opened and its events read, a payment waited for).
import { SessionView, sessionEventsPath, sessionPath, sessionsPath } from '@pay-elements/protocol';
import type { SandboxControl } from '../control-client.js';
import type { Answer, Backend, OpenStream } from './backend.js';
import { expect, expectStatus, expectView, type Report } from './report.js';
import type { StreamEvent, StreamItem } from './sse.js';

export interface Limits {
  /** how long a payment may take to show once the bank has taken the transfer (webhook or push), ms */
  payMs: number;
  /** how long the backend's payment watcher may take, webhooks held back, ms */
  watchMs: number;
  /** how long after an account's expiry the backend may take to say `expired`, ms */
  expiryGraceMs: number;
}

export interface Context {
  backend: Backend;
  emulator: SandboxControl;
  report: Report;
  limits: Limits;
  /** the emulator's webhook secret, which the backend verifies with: the runner signs its own events */
  webhookSecret: string;
}

/** The timestamp fields of a session view. */
export const SESSION_TIMES = ['created_at', 'expires_at', 'paid_at', 'claimed_at', 'server_time'] as const;

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** POST /sessions {order_id} as the merchant's page does. */
export function createSession(ctx: Context, orderId: string): Promise<Answer> {
  return ctx.backend.ask(sessionsPath, { body: { order_id: orderId } });
}

/** A session view answer checked against the protocol, field by field. */
export function sessionView(answer: Answer): SessionView {
  return expectView(answer, SessionView, SESSION_TIMES);
}

/**
 * A session view read only for what the rule at hand needs (its id, status, account, amount and
 * times): the view's every field is the business of one rule (`session view`), so a wrong field is
 * reported once and the other rules still run.
 */
export function looseSession(data: unknown, what: string): SessionView {
  const view = data as Partial<Record<keyof SessionView, unknown>> | null;
  const account = view?.account as { account_number?: unknown } | undefined;
  expect(
    typeof view === 'object' &&
      view !== null &&
      typeof view.id === 'string' &&
      typeof view.status === 'string' &&
      typeof account?.account_number === 'string' &&
      view.amount !== undefined,
    `${what} is not a session view (no id, status, account number or amount)`,
  );
  return view as SessionView;
}

/** GET /sessions/{id}: its view (200 expected), read loosely (see looseSession). */
export async function readSession(ctx: Context, id: string): Promise<{ view: SessionView; answer: Answer }> {
  const answer = await ctx.backend.ask(sessionPath(id));
  expectStatus(answer, 200);
  return { view: looseSession(answer.json, answer.what), answer };
}

/** Polls the session until `done` holds of its view (each second), within `ms`; the last view. */
export async function waitForSession(
  ctx: Context,
  id: string,
  ms: number,
  done: (view: SessionView) => boolean,
): Promise<SessionView | null> {
  const deadline = Date.now() + ms;
  for (;;) {
    const { view } = await readSession(ctx, id);
    if (done(view)) return view;
    if (Date.now() > deadline) return null;
    await sleep(1000);
  }
}

/** The status stream of a session, opened as EventSource opens it. */
export function openSessionStream(ctx: Context, id: string, lastEventId?: string): Promise<OpenStream> {
  return ctx.backend.stream(sessionEventsPath(id), lastEventId);
}

/** A 200 event stream, its reader; the rule breaks naming the status or Content-Type otherwise. */
export function expectStream(stream: OpenStream): NonNullable<OpenStream['reader']> {
  const { answer } = stream;
  expect(
    answer.status === 200,
    `${answer.what} answered ${answer.status}, not 200 (a 404 tells the elements to poll, which they do, but then there is no stream to check)`,
  );
  const type = answer.headers.get('content-type') ?? '';
  expect(
    /^text\/event-stream\b/i.test(type),
    `${answer.what}: Content-Type is "${type}", not text/event-stream`,
  );
  expect(stream.reader, `${answer.what} has no body`);
  return stream.reader;
}

/**
 * The next event of a status stream named `name` whose view `done` accepts, within `ms`: other
 * views of that name are passed over, and so is anything else but an event without a name, which the
 * elements never see (the rule breaks saying so), and the end of the stream.
 */
export async function nextView<T>(
  stream: OpenStream,
  name: string,
  read: (data: unknown) => T,
  done: (view: T) => boolean,
  ms: number,
): Promise<{ view: T; event: StreamEvent }> {
  const reader = expectStream(stream);
  const deadline = Date.now() + ms;
  for (;;) {
    const seen: StreamItem[] = [];
    const event = await reader.nextEvent(Math.max(0, deadline - Date.now()), seen);
    expect(event !== 'end', `${stream.answer.what} ended before the expected \`${name}\` event`);
    expect(
      event !== null,
      `${stream.answer.what} sent no \`${name}\` event within ${Math.round(ms / 1000)} s`,
    );
    expect(
      event.name !== '',
      `${stream.answer.what} sent an event without a name (\`data:\` without \`event: ${name}\`): the elements ignore it`,
    );
    if (event.name !== name) continue;
    let data: unknown;
    try {
      data = JSON.parse(event.data);
    } catch {
      throw new Error(
        `${stream.answer.what}: an \`${name}\` event's data is not JSON: ${event.data.slice(0, 200)}`,
      );
    }
    const view = read(data);
    if (done(view)) return { view, event };
  }
}
