// Property: whatever method, path, query, headers and body a client sends to any route of the backend
// kit (served by its node:http adapter on loopback, over the real emulator), the kit answers within
// two seconds, never with a 5xx, and always with a documented body: the protocol's ErrorBody with the
// status of its code, or the success body of a route. Oversized bodies are refused before they are
// read whole: a streamed 10 MiB upload gets 413, then at most 4 MiB more is read and dropped (so that
// a client still sending reads its 413 rather than a reset), and a 64 MiB one is cut off.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { request as httpRequest, type Server } from 'node:http';
import type { Socket } from 'node:net';
import fc from 'fast-check';
import * as z from 'zod';
import { signWebhook } from '@pay-elements/api';
import {
  BankList,
  BankSuggestions,
  ErrorBody,
  InvoiceViewModel,
  LinkView,
  SessionView,
  statusOfErrorCode,
} from '@pay-elements/protocol';
import { fixtures, type Sandbox } from '@pay-elements/sandbox';
import type { Logger } from '@pay-elements/server';
import { startEmulatorAndKit } from '@pay-elements/testing/emulator-and-kit';
import { body, contentType, headers, methods, query, segment } from './arbitraries.js';
import { webhookSecretFor } from '../support/webhook-secret.js';

const SECRET = webhookSecretFor('robustness_kit');
const SHOP = 'https://shop.example';
const MiB = 1024 * 1024;

/** The success bodies the kit documents (packages/server/README.md); `{received: true}` for webhooks. */
const Success = z.union([
  z.custom((v) => SessionView.safeParse(v).success),
  z.custom((v) => InvoiceViewModel.safeParse(v).success),
  z.custom((v) => LinkView.safeParse(v).success),
  z.custom((v) => BankList.safeParse(v).success),
  z.custom((v) => BankSuggestions.safeParse(v).success),
  z.strictObject({ received: z.literal(true) }),
]);

describe('backend kit under hostile input (fast-check)', () => {
  let sandbox: Sandbox;
  let server: Server;
  let url = '';
  let sessionId = '';
  const sockets = new Set<Socket>();
  /** log lines at error level: a hostile request must never reach "unexpected error" */
  const errors: string[] = [];

  let close: () => Promise<void> = () => Promise.resolve();

  before(async () => {
    const logger: Logger = {
      debug: () => {},
      info: () => {},
      warn: () => {},
      error: (message, fields) => errors.push(`${message} ${JSON.stringify(fields ?? {})}`),
    };
    const started = await startEmulatorAndKit({
      serve: true,
      customer: null,
      client: () => ({ timeout: 1500 }),
      kit: ({ customerId }) => ({
        resolveOrder: (id) =>
          /^order-\d{1,3}$/.test(id) ? { amount: '5000.00', currency: 'NGN', customer_id: customerId } : null,
        webhookSecret: SECRET,
        bankSuggestions: { enabled: true, perMinute: 10 },
        allowedOrigins: [SHOP],
        checkoutUrl: (id) => `${SHOP}/checkout/${encodeURIComponent(id)}`,
        invoiceUrl: (number) => `${SHOP}/invoices/${encodeURIComponent(number)}`,
        logger,
      }),
    });
    sandbox = started.sandbox;
    close = () => started.close();
    if (!started.server || !started.kitUrl) throw new Error('the kit is not served');
    server = started.server;
    url = started.kitUrl;
    server.on('connection', (socket: Socket) => {
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
    });
    const created = await fetch(`${url}/pay/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ order_id: 'order-0' }),
    });
    sessionId = SessionView.parse(await created.json()).id;
  });

  after(() => close());

  /** Every route with the method it answers, and paths beside them. */
  const templates: Array<[string, string]> = [
    ['/pay/sessions', 'POST'],
    ['/pay/sessions/{}', 'GET'],
    ['/pay/sessions/{}/renew', 'POST'],
    ['/pay/sessions/$session', 'GET'],
    ['/pay/sessions/$session/renew', 'POST'],
    ['/pay/invoices/{}', 'GET'],
    [`/pay/invoices/${fixtures.invoices.websiteRedesign.number}`, 'GET'],
    ['/pay/links/{}', 'GET'],
    [`/pay/links/${fixtures.links.proMonthly.id}`, 'GET'],
    ['/pay/banks/{}', 'GET'],
    ['/pay/banks/NG', 'GET'],
    ['/pay/banks/suggest', 'POST'],
    ['/pay/webhooks', 'POST'],
    ['/pay', 'GET'],
    ['/pay/{}', 'GET'],
    ['/pay/{}/{}', 'POST'],
    ['/{}', 'GET'],
  ];

  /** A route, and mostly its own method (any method otherwise). */
  const target = fc
    .tuple(
      fc.constantFrom(...templates),
      fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: methods }),
    )
    .map(([[template, own], other]) => ({ template, method: other === null ? own : other }));

  /** Mostly JSON, as the kit asks for, otherwise anything. */
  const type = fc.oneof(
    { weight: 2, arbitrary: fc.constant('application/json') },
    { weight: 1, arbitrary: contentType },
  );

  /** Bodies shaped like the kit's inputs, with hostile values. */
  const kitBody = fc.oneof(
    fc
      .record({ order_id: fc.oneof(fc.constantFrom('order-1', 'order-2', 'order-999'), fc.anything()) })
      .map((b) => JSON.stringify(b)),
    fc
      .record({
        account_number: fc.oneof(fc.stringMatching(/^\d{1,24}$/), fc.constant('0123456789'), fc.anything()),
      })
      .map((b) => JSON.stringify(b)),
    fc
      .record({
        id: fc.string({ maxLength: 20 }),
        type: fc.constantFrom('virtual_account.credited', 'invoice.paid', 'x'),
        created_at: fc.constantFrom('2026-11-21T10:00:00Z', 'yesterday'),
        data: fc.anything(),
      })
      .map((b) => JSON.stringify(b)),
  );

  const kitHeaders = fc.record(
    {
      origin: fc.constantFrom(SHOP, 'https://evil.example', 'null'),
      'access-control-request-method': fc.constantFrom('GET', 'POST', 'DELETE', '*'),
      'if-none-match': fc.constantFrom('*', '"x"', 'W/"1"', ''),
      'pay-signature': fc.constantFrom('', 't=1,v1=00', 'v1=zz', 't=abc'),
      'x-forwarded-for': fc.constantFrom('1.2.3.4', '::1', 'garbage'),
    },
    { requiredKeys: [] },
  );

  it('answers every request within two seconds, never 5xx, always a documented body', async () => {
    await fc.assert(
      fc.asyncProperty(
        target,
        fc.array(segment, { minLength: 2, maxLength: 2 }),
        query,
        headers,
        kitHeaders,
        type,
        fc.oneof({ weight: 1, arbitrary: body }, { weight: 2, arbitrary: kitBody }),
        fc.boolean(),
        async ({ template, method }, segments, search, extra, more, media, payload, signed) => {
          const path = template
            .replace('$session', sessionId)
            .replace('{}', segments[0] ?? '')
            .replace('{}', segments[1] ?? '');
          const sent: Record<string, string> = {
            ...extra,
            ...more,
            ...(media ? { 'content-type': media } : {}),
          };
          if (signed && path === '/pay/webhooks') {
            // a valid signature over a hostile body: the event parsing itself is exercised
            Object.assign(
              sent,
              signWebhook({
                secret: SECRET,
                id: 'evt_hostile',
                timestamp: Math.floor(sandbox.clock.now() / 1000),
                body: payload,
              }),
            );
          }
          const init: RequestInit = { method, headers: sent, signal: AbortSignal.timeout(2000) };
          if (method !== 'GET' && method !== 'HEAD') init.body = payload;
          const response = await fetch(`${url}${path}${search}`, init);
          const text = await response.text();
          const where = `${method} ${path}${search}`;
          assert.ok(response.status < 500, `${where} answered ${response.status}: ${text.slice(0, 200)}`);
          if (method === 'HEAD' || response.status === 204 || response.status === 304) {
            assert.equal(text, '', `${where}: a ${response.status} has no body`);
            return;
          }
          const json: unknown = JSON.parse(text);
          if (response.ok) {
            assert.ok(
              Success.safeParse(json).success,
              `${where}: undocumented success ${text.slice(0, 200)}`,
            );
            return;
          }
          const error = ErrorBody.safeParse(json);
          assert.ok(error.success, `${where}: undocumented error body ${text.slice(0, 200)}`);
          assert.equal(response.status, statusOfErrorCode[error.data.error.code], `${where}: ${text}`);
          if (error.data.error.code === 'method_not_allowed') assert.ok(response.headers.get('allow'));
        },
      ),
      { numRuns: 500, seed: 20261121 },
    );
  });

  it('is whole after the storm: the session still answers, no unexpected error was logged, nothing polluted', async () => {
    const response = await fetch(`${url}/pay/sessions/${encodeURIComponent(sessionId)}`);
    assert.equal(response.status, 200);
    assert.equal(SessionView.parse(await response.json()).id, sessionId);
    assert.deepEqual(errors, []);
    assert.equal(({} as Record<string, unknown>)['polluted'], undefined);
  });

  /**
   * Streams `total` bytes to `path` in 64 KiB chunks, as fast as the connection takes them, until the
   * upload is done or the connection is cut. Answers the status, the body, how many bytes the client
   * managed to hand to its socket, and how many the server's socket read.
   */
  async function upload(
    path: string,
    total: number,
    declare: boolean,
  ): Promise<{
    status: number;
    body: string;
    connection: string | undefined;
    written: number;
    read: number;
  }> {
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    let serverSocket: Socket | undefined;
    const seen = (socket: Socket) => (serverSocket = socket);
    server.once('connection', seen);
    const req = httpRequest({
      host: '127.0.0.1',
      port: Number(new URL(url).port),
      method: 'POST',
      path,
      headers: {
        'content-type': 'application/json',
        ...(declare ? { 'content-length': String(total) } : { 'transfer-encoding': 'chunked' }),
      },
    });
    let cut = false;
    req.on('error', () => (cut = true));
    req.on('close', () => (cut = true));
    const answered = new Promise<{ status: number; body: string; connection: string | undefined }>(
      (resolve, reject) => {
        req.on('response', (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (d: string) => (text += d));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, body: text, connection: res.headers['connection'] }),
          );
          res.on('error', reject);
        });
        req.on('error', (error) => {
          if (!req.destroyed) reject(error);
        });
      },
    );
    let written = 0;
    while (written < total && !cut) {
      const more = req.write(chunk);
      written += chunk.byteLength;
      if (!more)
        await new Promise<void>((resolve) => {
          const done = () => {
            req.off('drain', done);
            req.off('close', done);
            resolve();
          };
          req.on('drain', done);
          req.on('close', done);
        });
    }
    const answer = await answered;
    if (serverSocket && !serverSocket.destroyed)
      await new Promise<void>((resolve) => serverSocket?.once('close', () => resolve()));
    req.destroy();
    server.off('connection', seen);
    return { ...answer, written, read: serverSocket?.bytesRead ?? -1 };
  }

  for (const [label, path] of [
    ['a widget route (16 KiB)', '/pay/sessions'],
    ['the webhook route (256 KiB)', '/pay/webhooks'],
  ] as const) {
    it(
      `refuses a streamed 10 MiB body to ${label} with 413, reading and dropping at most 4 MiB more`,
      {
        timeout: 10_000,
      },
      async () => {
        const result = await upload(path, 10 * MiB, false);
        assert.equal(result.status, 413);
        assert.equal(ErrorBody.parse(JSON.parse(result.body)).error.code, 'payload_too_large');
        assert.equal(result.connection, 'close');
        // after the 413 the adapter reads and drops up to 4 MiB more, so that a client still sending
        // reads the answer rather than a reset, then reads no more and closes
        assert.ok(result.read > 0 && result.read < 5 * MiB, `the server read ${result.read} bytes`);
      },
    );
  }

  it(
    'refuses a declared 10 MiB body with 413 before the route, reading and dropping at most 4 MiB of it',
    { timeout: 10_000 },
    async () => {
      const result = await upload('/pay/sessions', 10 * MiB, true);
      assert.equal(result.status, 413);
      assert.equal(ErrorBody.parse(JSON.parse(result.body)).error.code, 'payload_too_large');
      assert.ok(result.read < 5 * MiB, `the server read ${result.read} bytes`);
    },
  );

  it(
    'cuts off a 64 MiB upload once the 413 is sent and 4 MiB more dropped',
    { timeout: 10_000 },
    async () => {
      const result = await upload('/pay/webhooks', 64 * MiB, false);
      assert.equal(result.status, 413);
      assert.ok(result.read < 5 * MiB, `the server read ${result.read} bytes`);
      assert.ok(result.written < 64 * MiB, `the upload was cut after ${result.written} bytes`);
    },
  );

  it('serves as before after the uploads', async () => {
    const response = await fetch(`${url}/pay/banks/NG`);
    assert.equal(response.status, 200);
    assert.ok(BankList.parse(await response.json()).banks.length >= 5);
  });
});
