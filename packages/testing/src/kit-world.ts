// Test support (not exported): the emulator and the kit of ./emulator-and-kit.ts, the client with a
// counting fetch, with every answer and log line recorded so that tests can assert the key never
// leaks.
import { signWebhook, Transaction, type FetchLike, type PayClient } from '@pay-elements/api';
import type { SessionView } from '@pay-elements/protocol';
import { DEFAULT_API_KEY, type Sandbox } from '@pay-elements/sandbox';
import * as z from 'zod';
import type { PayHandler } from '@pay-elements/server';
import type { Order, PayHandlerOptions } from '@pay-elements/server';
import type { Logger } from '@pay-elements/server';
import type { SessionRecord } from '@pay-elements/server';
import { START, startEmulatorAndKit } from '@pay-elements/testing/emulator-and-kit';

export { START };
export const SANDBOX_KEY = DEFAULT_API_KEY;
/** A Standard Webhooks secret: `whsec_` + base64 of 32 bytes. */
export const WEBHOOK_SECRET = `whsec_${Buffer.from('pay-elements server tests secret').toString('base64')}`;
export const SHOP = 'http://shop.test';
/** The secret the kit signs invoice and funding tokens with in these tests. */
export const TOKEN_SECRET = 'pay-elements server tests token secret';

export interface WorldOptions {
  /** kit options on top of the defaults (the client, store, orders and onPaid are set here) */
  kit?: Partial<PayHandlerOptions>;
  /** serve the kit on node:http and have the emulator deliver webhooks to it */
  webhooks?: boolean;
  /** the client talks to the emulator in-process (sandbox.handle), no socket */
  inProcess?: boolean;
  /** client timeout, ms; default 2000 */
  timeout?: number;
  /**
   * a provider that differs from the emulator: every provider request passes through it, with
   * `send` to reach the emulator (it may change the request or the answer)
   */
  through?: (input: string, init: RequestInit, send: FetchLike) => Promise<Response>;
}

export interface World {
  sandbox: Sandbox;
  client: PayClient;
  kit: PayHandler;
  customerId: string;
  orders: Map<string, Order>;
  /** sessions onPaid was called with, in order */
  paid: SessionRecord[];
  /** provider calls made by the client, as `METHOD /path` */
  calls: string[];
  /** every log line and every answer body seen, for leak checks */
  logs: string[];
  bodies: string[];
  /** the kit's own URL when served on node:http */
  kitUrl: string | null;
  /** a request to the kit (base path `/pay` included in `path`) */
  request(path: string, init?: RequestInit): Promise<Response>;
  /** POST to the emulator's control API, answering its `data` */
  control(path: string, body?: unknown): Promise<{ status: boolean; data: unknown; message: string }>;
  /** moves the shared clock forward */
  advance(ms: number): void;
  /** a signed webhook post, as the emulator sends it */
  webhook(event: { id: string }, options?: { timestamp?: number; secret?: string }): Promise<Response>;
  transactionsCalls(): number;
  /** answers and log lines that contain the API key or the webhook secret (there must be none) */
  leaks(): string[];
  close(): Promise<void>;
}

const Envelope = z.object({ status: z.boolean(), data: z.unknown(), message: z.string() });
export const TransferAnswer = Envelope.extend({ data: Transaction });

function recordingLogger(lines: string[]): Logger {
  const write = (level: string) => (message: string, fields?: Record<string, unknown>) =>
    lines.push(`${level} ${message} ${JSON.stringify(fields ?? {})}`);
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}

export async function startWorld(options: WorldOptions = {}): Promise<World> {
  const calls: string[] = [];
  const logs: string[] = [];
  const bodies: string[] = [];
  const orders = new Map<string, Order>();
  const paid: SessionRecord[] = [];
  const counting =
    (sandbox: Sandbox): FetchLike =>
    (input, init) => {
      calls.push(`${init.method ?? 'GET'} ${new URL(input).pathname}`);
      const send: FetchLike = (url, sent) =>
        options.inProcess ? sandbox.handle(new Request(url, sent)) : fetch(url, sent);
      return options.through ? options.through(input, init, send) : send(input, init);
    };
  const started = await startEmulatorAndKit({
    ...(options.webhooks ? { webhooks: true, webhookSecret: WEBHOOK_SECRET } : {}),
    client: (sandbox) => ({ fetch: counting(sandbox), timeout: options.timeout ?? 2000 }),
    kit: () => ({
      resolveOrder: (id) => orders.get(id) ?? null,
      onPaid: (session) => {
        paid.push(session);
      },
      pollIntervalMs: 1000,
      tokenSecret: TOKEN_SECRET,
      logger: recordingLogger(logs),
      ...options.kit,
    }),
  });
  const { client, kit, kitUrl, customerId, clock } = started;
  orders.set('order-1', { amount: '5000.00', currency: 'ngn', customer_id: customerId });
  orders.set('order-2', { amount: '1250.50', currency: 'NGN', customer_id: customerId });

  async function control(path: string, body: unknown = {}) {
    const request = new Request(`${started.sandbox.url}/_sandbox${path}`, {
      method: 'POST',
      headers: { 'x-api-key': SANDBOX_KEY, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const response = options.inProcess ? await started.sandbox.handle(request) : await fetch(request);
    return Envelope.parse(await response.json());
  }

  async function request(path: string, init?: RequestInit): Promise<Response> {
    const response = await kit.fetch(new Request(`${SHOP}${path}`, init));
    const text = await response.clone().text();
    bodies.push(text);
    return response;
  }

  return {
    sandbox: started.sandbox,
    client,
    kit,
    customerId,
    orders,
    paid,
    calls,
    logs,
    bodies,
    kitUrl,
    request,
    control,
    advance: (ms) => clock.advance(ms),
    webhook(event, { timestamp, secret } = {}) {
      const body = JSON.stringify(event);
      const t = timestamp ?? Math.floor(clock.now() / 1000);
      return request('/pay/webhooks', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...signWebhook({ secret: secret ?? WEBHOOK_SECRET, id: event.id, timestamp: t, body }),
        },
        body,
      });
    },
    transactionsCalls: () => calls.filter((c) => c === 'GET /v1/transactions').length,
    leaks: () =>
      [...logs, ...bodies].filter(
        (l) => l.includes(SANDBOX_KEY) || l.includes(WEBHOOK_SECRET) || l.includes(TOKEN_SECRET),
      ),
    close: () => started.close(),
  };
}

/** POST /pay/sessions with a JSON body. */
export function jsonPost(body: unknown): RequestInit {
  return { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
}

/**
 * The provider's `virtual_account.credited` event for a transfer into a session's account, as its
 * webhook carries it; `amount` (default the transfer's) for a credit that does not match.
 */
export function creditedEvent(
  id: string,
  session: SessionView,
  transaction: Transaction,
  amount = transaction.amount,
) {
  return {
    id,
    type: 'virtual_account.credited',
    created_at: transaction.created_at,
    data: {
      transaction: { ...transaction, amount },
      account_number: session.account.account_number,
      account_reference: session.reference,
      customer_id: transaction.payment_transfer.customer_id ?? '',
      amount,
      currency: 'ngn',
    },
  };
}
