// Webhooks through server-example over real HTTP, with the emulator's own signed deliveries (Standard
// Webhooks headers) captured byte for byte on their way out (the emulator posts with the global fetch, which the test watches).
// The kit's unit tests (packages/server/src/routes/webhooks.test.ts) sign events by hand; what they leave out,
// and this covers: the exact bytes of a real delivery replayed (at once, many times together, and
// after the tolerance window on the shared clock), and a real delivery altered by one byte — a
// changed character, or one space that leaves the JSON meaning the same — with its signature kept.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ErrorBody } from '@pay-elements/protocol';
import { createClock, SandboxControl, type SandboxClock, DEFAULT_API_KEY } from '@pay-elements/sandbox';
import { MemoryStore } from '@pay-elements/server';
import { startApp, type App } from 'server-example/app';
import { readConfig } from 'server-example/config';

interface Delivery {
  body: string;
  /** the Standard Webhooks headers it was sent with: webhook-id, webhook-timestamp, webhook-signature */
  headers: Record<string, string>;
}

const SIGNATURE_HEADERS = ['webhook-id', 'webhook-timestamp', 'webhook-signature'];

const SECRET_KEY = DEFAULT_API_KEY;

describe('webhooks into server-example, replayed and altered', () => {
  const realFetch = globalThis.fetch;
  const deliveries: Delivery[] = [];
  /** while true, the emulator's deliveries are kept from the kit (answered 200 to the emulator) */
  let holding = false;
  let app: App;
  let clock: SandboxClock;
  let control: SandboxControl;
  const store = new MemoryStore();
  const paid: string[] = [];
  const logs: string[] = [];

  before(async () => {
    globalThis.fetch = async (input: string | URL | Request, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.endsWith('/pay/webhooks') && init?.method === 'POST' && typeof init.body === 'string') {
        const sent = new Headers(init.headers);
        const headers = Object.fromEntries(SIGNATURE_HEADERS.map((name) => [name, sent.get(name) ?? '']));
        deliveries.push({ body: init.body, headers });
        if (holding) return new Response('{}', { status: 200 });
      }
      return realFetch(input, init);
    };
    clock = createClock({ frozen: true });
    const config = readConfig({ PORT: '0', PAY_SANDBOX_PORT: '0', PAY_DB: ':memory:' });
    const record = (level: string) => (message: string, fields?: Record<string, unknown>) => {
      logs.push(`${level} ${message} ${JSON.stringify(fields ?? {})}`);
    };
    app = await startApp(config, {
      clock,
      store,
      onPaid: (id) => paid.push(id),
      logger: { debug: record('debug'), info: record('info'), warn: record('warn'), error: record('error') },
    });
    control = new SandboxControl(app.sandbox?.url ?? '', SECRET_KEY);
  });
  after(async () => {
    globalThis.fetch = realFetch;
    await app?.close();
  });

  const post = (delivery: Delivery) =>
    realFetch(`${app.url}/pay/webhooks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...delivery.headers },
      body: delivery.body,
    });

  async function openSession(orderId: string): Promise<{ id: string; account_number: string }> {
    const response = await realFetch(`${app.url}/pay/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ order_id: orderId }),
    });
    assert.equal(response.status, 201);
    const view = (await response.json()) as { id: string; account: { account_number: string } };
    return { id: view.id, account_number: view.account.account_number };
  }

  /** Sends the exact transfer for a session through the emulator; answers the delivery it signed. */
  async function transfer(session: { account_number: string }, amount: number): Promise<Delivery> {
    const before = deliveries.length;
    await control.transfer({ account_number: session.account_number, amount });
    await app.sandbox?.flushWebhooks();
    const delivery = deliveries.slice(before).find((d) => d.body.includes('virtual_account.credited'));
    assert.ok(delivery, 'the emulator delivered a credited event');
    return delivery;
  }

  const status = async (id: string) => (await app.pay.getSession(id))?.status;

  it('replays of a real delivery change nothing: at once, many together, and after the window are refused', async () => {
    const session = await openSession('demo-1');
    const delivery = await transfer(session, 5000);
    await app.pay.watcher.idle();
    assert.equal(await status(session.id), 'paid', 'the real delivery paid the session');
    assert.deepEqual(paid, [session.id]);

    const again = await post(delivery);
    assert.equal(again.status, 200, 'a repeat inside the window is acknowledged');
    const together = await Promise.all(Array.from({ length: 8 }, () => post(delivery)));
    assert.deepEqual(
      together.map((r) => r.status),
      Array.from({ length: 8 }, () => 200),
    );
    await app.pay.watcher.idle();
    assert.deepEqual(paid, [session.id], 'onPaid ran once for all of them');

    clock.advance(301_000); // the kit shares the emulator's clock: the signature is now 5 min 1 s old
    const late = await post(delivery);
    assert.equal(late.status, 400);
    assert.deepEqual(ErrorBody.parse(await late.json()), {
      error: { code: 'invalid_request', message: 'The webhook signature is not valid.' },
    });
    assert.ok(logs.some((l) => l.includes('webhook refused') && l.includes('outside tolerance')));
    assert.deepEqual(paid, [session.id]);
  });

  it('refuses a real delivery altered by one byte, signature kept, and pays on the untouched one', async () => {
    const session = await openSession('demo-2');
    holding = true;
    const delivery = await transfer(session, 18500.5);
    holding = false;
    assert.equal(await status(session.id), 'pending', 'the delivery was held back');

    const idAt = delivery.body.indexOf('"evt_') + 5;
    const flip = (c: string) => (c === 'a' ? 'b' : 'a');
    const alterations: Array<[string, string]> = [
      [
        'a changed character of the event id',
        `${delivery.body.slice(0, idAt)}${flip(delivery.body[idAt] ?? '')}${delivery.body.slice(idAt + 1)}`,
      ],
      ['a space the JSON does not care about', `${delivery.body} `],
      ['one byte fewer', delivery.body.slice(0, -1)],
    ];
    for (const [what, body] of alterations) {
      assert.ok(Math.abs(Buffer.byteLength(body) - Buffer.byteLength(delivery.body)) <= 1, what);
      const response = await post({ body, headers: delivery.headers });
      assert.equal(response.status, 400, `refused: ${what}`);
    }
    const signature = delivery.headers['webhook-signature'] ?? '';
    // one bit of the MAC changed (the character before the base64 padding)
    const badSignature = signature.replace(/.(=*)$/, (m, pad: string) => `${m[0] === 'A' ? 'B' : 'A'}${pad}`);
    const badHeaders = { ...delivery.headers, 'webhook-signature': badSignature };
    assert.equal((await post({ body: delivery.body, headers: badHeaders })).status, 400);
    const otherId = { ...delivery.headers, 'webhook-id': 'evt_not_this_one' };
    assert.equal((await post({ body: delivery.body, headers: otherId })).status, 400, 'the id is signed');
    const laterStamp = {
      ...delivery.headers,
      'webhook-timestamp': String(Number(delivery.headers['webhook-timestamp']) + 1),
    };
    assert.equal(
      (await post({ body: delivery.body, headers: laterStamp })).status,
      400,
      'the time is signed',
    );
    assert.equal(await status(session.id), 'pending', 'no altered delivery paid anything');
    assert.equal(paid.includes(session.id), false);

    assert.equal((await post(delivery)).status, 200);
    await app.pay.watcher.idle();
    assert.equal(await status(session.id), 'paid');
    assert.equal(paid.filter((id) => id === session.id).length, 1);
  });

  it('refuses a delivery first seen after the window, on its timestamp alone', async () => {
    const session = await openSession('demo-3');
    holding = true;
    const delivery = await transfer(session, 125000);
    holding = false;
    clock.advance(301_000);
    const late = await post(delivery);
    assert.equal(late.status, 400, 'an event id never seen, but signed 5 min 1 s ago');
    assert.equal(await status(session.id), 'pending');
    assert.equal(paid.includes(session.id), false);
  });
});
