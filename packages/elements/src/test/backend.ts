// What the browser tests ask of the real backend: create sessions through the kit's public route,
// and move the emulator (a transfer, the clock, faults) through the dev server's /_test control
// route, which holds the key in Node.
import { SessionView } from '@pay-elements/protocol';
import { countRequests } from './page-fetch.js';

export const endpoint = '/pay';

/** The test orders the kit's resolveOrder knows (@pay-elements/testing/browser-backend). */
export const orders = {
  basic: { id: 'order-basic', amount: '5000.00', currency: 'NGN' },
  large: { id: 'order-large', amount: '1234567.89', currency: 'NGN' },
} as const;

async function expectOk(response: Response, what: string): Promise<unknown> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${text}`);
  return text ? (JSON.parse(text) as unknown) : null;
}

/**
 * POST /pay/sessions {order_id}, as the merchant's page would: the new session's view. Each call is
 * a fresh order of that kind (the kit keeps one session per order).
 */
export async function createSession(orderId: string = orders.basic.id): Promise<SessionView> {
  const response = await fetch(`${endpoint}/sessions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ order_id: `${orderId}-${crypto.randomUUID()}` }),
  });
  return SessionView.parse(await expectOk(response, 'POST /pay/sessions'));
}

async function control(method: 'POST' | 'DELETE', route: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`/_test${route}`, {
    method,
    headers: { 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return expectOk(response, `${method} /_test${route}`);
}

/**
 * An inbound bank transfer to the account, through the emulator (its webhook has reached the kit when
 * this answers). `settleAfterSeconds`: it settles late, as a bank's may (`processing` until the
 * emulator's clock has moved that far: advanceServerClock).
 */
export function sendTransfer(
  accountNumber: string,
  amount: string,
  settleAfterSeconds?: number,
): Promise<unknown> {
  return control('POST', '/transfers', {
    account_number: accountNumber,
    amount: Number(amount),
    ...(settleAfterSeconds === undefined ? {} : { settle_after_seconds: settleAfterSeconds }),
  });
}

/** Moves the emulator's (and so the kit's) clock forward. */
export function advanceServerClock(minutes: number): Promise<unknown> {
  return control('POST', '/clock', { advance_minutes: minutes });
}

/** Makes the emulator fail requests under `pathPrefix` with `status`. */
export function injectFault(fault: {
  path_prefix: string;
  status: number;
  method?: string;
  times?: number;
}): Promise<unknown> {
  return control('POST', '/faults', fault);
}

/** Clears the emulator's faults and any kit outage. */
export function clearFaults(): Promise<unknown> {
  return control('DELETE', '/faults');
}

/**
 * The next `times` reads of a session answer 503 upstream_unavailable from in front of the kit, at
 * once. (A /v1/transactions fault makes the kit itself answer so for a pending session, but only once
 * its next provider check is due: advance the server clock first.)
 */
export function injectKitOutage(times: number): Promise<unknown> {
  return control('POST', '/kit-outage', { times });
}

/** Counts the page's requests to the kit's session route (and its 304 answers) from now on; `restore()` when done. */
export function countSessionRequests(sessionId: string): ReturnType<typeof countRequests> {
  return countRequests(`${endpoint}/sessions/${encodeURIComponent(sessionId)}`);
}

export interface StreamStats {
  /** status streams open at the kit right now */
  open: number;
  /** status streams opened since the backend started */
  total: number;
  /** the Last-Event-ID each of them was opened with (null: none) */
  lastEventIds: (string | null)[];
}

/** The kit's status streams as counted at its door. */
export async function streamStats(): Promise<StreamStats> {
  const answer = await control('POST', '/streams');
  const data = typeof answer === 'object' && answer !== null && 'data' in answer ? answer.data : null;
  if (
    typeof data !== 'object' ||
    data === null ||
    !('open' in data && typeof data.open === 'number') ||
    !('total' in data && typeof data.total === 'number') ||
    !('lastEventIds' in data && Array.isArray(data.lastEventIds))
  )
    throw new Error('POST /_test/streams answered something else');
  return {
    open: data.open,
    total: data.total,
    lastEventIds: data.lastEventIds.map((id: unknown) => (typeof id === 'string' ? id : null)),
  };
}

/** Drops every open status stream's connection (the browser reconnects by itself). */
export function dropStreams(): Promise<unknown> {
  return control('POST', '/streams/drop');
}

/** The next `times` status stream requests are answered `status` (404 or 503) in front of the kit. */
export function refuseStreams(status: 404 | 503, times = 1): Promise<unknown> {
  return control('POST', '/stream-refusal', { status, times });
}

/** The next `times` status streams come with their events' names taken out (`data:` alone), as some backends send them. */
export function unnameStreams(times = 1): Promise<unknown> {
  return control('POST', '/stream-unnamed', { times });
}

/** What the page says on the console at `level` from now on; `restore()` when done. */
export function recordConsole(level: 'warn' | 'error'): { lines: string[]; restore(): void } {
  const lines: string[] = [];
  const saved = Object.getOwnPropertyDescriptor(console, level);
  console[level] = (...args: unknown[]) => {
    lines.push(args.map(String).join(' '));
  };
  return { lines, restore: () => saved && Object.defineProperty(console, level, saved) };
}

/** Waits (real time, a few ms at a time) until `check` holds; fails after `ms`. */
export async function until(check: () => Promise<boolean> | boolean, what: string, ms = 3000): Promise<void> {
  const deadline = performance.now() + ms;
  while (!(await check())) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
