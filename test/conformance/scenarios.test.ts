// Named scenarios (`POST /_sandbox/scenarios/{name}`): what a merchant's own test would see at its
// webhook URL (a real receiver on loopback) or from /v1 after starting each one.
import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { after, before, beforeEach, describe, it } from 'node:test';
import * as z from 'zod';
import { Wallet } from '@pay-elements/api';
import { fixtures } from '@pay-elements/sandbox';
import { baseEnv, killLaunched, launch, sandboxBin } from '../support/processes.js';
import { webhookSecretFor } from '../support/webhook-secret.js';
import { boot, expectFailure, expectOk, expectValidation, type Harness } from './helpers.js';

interface Received {
  type: string;
  headers: IncomingHttpHeaders;
  body: string;
}

const Scenario = z.object({ name: z.string(), description: z.string() });

describe('scenarios', () => {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({
        type: z.object({ type: z.string() }).parse(JSON.parse(body)).type,
        headers: req.headers,
        body,
      });
      res.end();
    });
  });
  let h: Harness;
  before(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    assert.ok(address && typeof address === 'object');
    h = await boot({
      webhookUrl: `http://127.0.0.1:${address.port}/hooks`,
      webhookSecret: webhookSecretFor('scenarios'),
    });
  });
  beforeEach(async () => {
    await h.control.reset();
    received.length = 0;
  });
  after(async () => {
    await h.sandbox.close();
    server.closeAllConnections();
    server.close();
  });

  const start = (name: string, body: Record<string, unknown> = {}) =>
    h.call(`/_sandbox/scenarios/${name}`, { method: 'POST', body });
  const pay = (invoice: { number: string }) => h.control.payInvoice(invoice.number);

  it('lists the scenarios with what each does', async () => {
    const list = expectOk(await h.call('/_sandbox/scenarios'), Scenario.array());
    assert.deepEqual(
      list.map((s) => s.name),
      ['duplicate_webhook', 'late_webhook', 'out_of_order_webhooks', 'provider_outage', 'rate_limit'],
    );
    assert.ok(list.every((s) => s.description.length > 20));
    expectFailure(
      await start('meteor_strike'),
      404,
      'scenario was not found; known: duplicate_webhook, late_webhook, out_of_order_webhooks, provider_outage, rate_limit',
    );
    assert.deepEqual(expectValidation(await start('late_webhook', { delay_minutes: 0 })), {
      delay_minutes: ['must be at least 1'],
    });
  });

  it('duplicate_webhook: the next event arrives twice with the same webhook-id, the one after once', async () => {
    assert.deepEqual(expectOk(await start('duplicate_webhook'), z.unknown()), {
      name: 'duplicate_webhook',
      copies: 2,
    });
    await pay(fixtures.invoices.riceOrder);
    await pay(fixtures.invoices.websiteRedesign);
    await h.sandbox.flushWebhooks();
    const ids = received.map((r) => String(r.headers['webhook-id']));
    assert.equal(received.length, 3);
    const counts = [...new Set(ids)].map((id) => ids.filter((i) => i === id).length).sort();
    assert.deepEqual(counts, [1, 2]);
    const twice = received.filter((r) => ids.filter((i) => i === r.headers['webhook-id']).length === 2);
    assert.equal(twice[0]?.body, twice[1]?.body, 'the same bytes');
  });

  it('late_webhook: the next event arrives only when the clock passes the delay', async () => {
    await start('late_webhook', { delay_minutes: 45 });
    await pay(fixtures.invoices.riceOrder);
    await h.sandbox.flushWebhooks();
    assert.equal(received.length, 0, 'not yet');
    await h.control.advanceClock(44);
    await h.sandbox.flushWebhooks();
    assert.equal(received.length, 0, 'a minute early');
    await h.control.advanceClock(1);
    await h.sandbox.flushWebhooks();
    assert.deepEqual(
      received.map((r) => r.type),
      ['invoice.paid'],
    );
  });

  it('out_of_order_webhooks: the next events arrive newest first', async () => {
    // through the typed control client, as a merchant's test would
    assert.deepEqual(await h.control.startScenario('out_of_order_webhooks', { count: 3 }), {
      name: 'out_of_order_webhooks',
      count: 3,
    });
    await pay(fixtures.invoices.riceOrder);
    await h.control.transfer({ account_number: fixtures.virtualAccounts.adaNgn.account_number, amount: 10 });
    await h.sandbox.flushWebhooks();
    assert.equal(received.length, 0, 'held until the third');
    const withdrawal = await h.call(`/v1/cards/${fixtures.cards.emilyUsd.id}/withdraw`, {
      method: 'POST',
      body: { currency: 'USD', amount: 1 },
    });
    assert.equal(withdrawal.status, 200);
    await h.sandbox.flushWebhooks();
    assert.deepEqual(
      received.map((r) => r.type),
      ['card.withdrawn', 'virtual_account.credited', 'invoice.paid'],
    );
    await pay(fixtures.invoices.websiteRedesign);
    await h.sandbox.flushWebhooks();
    assert.equal(received.at(-1)?.type, 'invoice.paid', 'the one after goes at once again');
    assert.equal(received.length, 4);
    const log = await h.control.webhooks();
    assert.deepEqual(
      log.map((d) => [d.type, d.delivered]),
      [
        ['invoice.paid', true],
        ['card.withdrawn', true],
        ['virtual_account.credited', true],
        ['invoice.paid', true],
      ],
      'the log keeps the order the events happened in, newest first',
    );
    const again = await h.control.redeliver(log[3]?.id ?? '');
    assert.equal(again.id, log[3]?.id);
  });

  it('provider_outage: every /v1 call answers 503 until the clock passes the outage', async () => {
    const started = expectOk(
      await start('provider_outage', { minutes: 15 }),
      z.object({ name: z.string(), minutes: z.number(), until: z.string() }),
    );
    assert.equal(Date.parse(started.until) - h.sandbox.clock.now(), 15 * 60_000);
    const down = await h.call('/v1/wallets');
    expectFailure(down, 503, 'service unavailable');
    assert.equal(down.headers.get('retry-after'), '1');
    expectFailure(await h.call('/v1/customers'), 503, 'service unavailable');
    assert.equal((await h.call('/_sandbox/accounts')).status, 200, 'the control API is not affected');
    await h.control.advanceClock(14);
    expectFailure(await h.call('/v1/wallets'), 503, 'service unavailable');
    await h.control.advanceClock(1);
    expectOk(await h.call('/v1/wallets'), Wallet.array());
  });

  it('rate_limit: past `per_second` /v1 requests a second per key, 429 with Retry-After until the second is over', async () => {
    const started = expectOk(
      await start('rate_limit', { per_second: 3, minutes: 2 }),
      z.object({ name: z.string(), per_second: z.number(), minutes: z.number(), until: z.string() }),
    );
    assert.equal(started.per_second, 3);
    for (let i = 0; i < 3; i++) expectOk(await h.call('/v1/wallets'), Wallet.array());
    const limited = await h.call('/v1/customers');
    expectFailure(limited, 429, 'too many requests');
    assert.equal(limited.headers.get('retry-after'), '1');
    assert.equal((await h.call('/_sandbox/accounts')).status, 200, 'the control API is not limited');
    // another key has its own allowance (it is refused for what it may not do, not limited)
    expectFailure(await h.call('/v1/wallets', { key: 'sk_other' }), 401, 'unauthorized access');
    h.sandbox.clock.advance(1000);
    expectOk(await h.call('/v1/wallets'), Wallet.array());
    await h.control.advanceClock(2);
    for (let i = 0; i < 10; i++) expectOk(await h.call('/v1/wallets'), Wallet.array());
  });

  it('reset ends every scenario', async () => {
    await start('rate_limit', { per_second: 1 });
    await start('provider_outage');
    await start('late_webhook');
    await h.control.reset();
    expectOk(await h.call('/v1/wallets'), Wallet.array());
    await pay(fixtures.invoices.riceOrder);
    await h.sandbox.flushWebhooks();
    assert.equal(received.length, 1);
  });
});

describe('a rate limit from the start (startSandbox({rateLimit}), --rate-limit, PAY_SANDBOX_RATE_LIMIT)', () => {
  let h: Harness;
  before(async () => {
    h = await boot({ rateLimit: 2 });
  });
  after(async () => {
    await h.sandbox.close();
  });

  it('answers 429 with Retry-After past 2 requests a second, and keeps the limit across a reset', async () => {
    expectOk(await h.call('/v1/wallets'), Wallet.array());
    expectOk(await h.call('/v1/wallets'), Wallet.array());
    const limited = await h.call('/v1/wallets');
    expectFailure(limited, 429, 'too many requests');
    assert.equal(limited.headers.get('retry-after'), '1');
    await h.control.reset();
    h.sandbox.clock.advance(1000);
    expectOk(await h.call('/v1/wallets'), Wallet.array());
    expectOk(await h.call('/v1/wallets'), Wallet.array());
    expectFailure(await h.call('/v1/wallets'), 429, 'too many requests');
  });
});

describe('pay-sandbox --rate-limit N, PAY_SANDBOX_RATE_LIMIT', () => {
  after(killLaunched);

  for (const [label, args, env] of [
    ['--rate-limit 1', ['--rate-limit', '1'], {}],
    ['PAY_SANDBOX_RATE_LIMIT=1', [], { PAY_SANDBOX_RATE_LIMIT: '1' }],
  ] as const) {
    it(`limits /v1 per key with ${label} and says so at start`, async () => {
      const running = await launch(
        [sandboxBin, '--port', '0', ...args],
        { ...baseEnv(), ...env },
        /webhooks/,
      );
      assert.match(running.output(), /rate limit +1 \/v1 requests per second per key/);
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(running.output())?.[1] ?? '';
      const answers = await Promise.all(
        Array.from({ length: 4 }, () =>
          fetch(`${url}/v1/wallets`, { headers: { 'x-api-key': 'sk_sandbox_local' } }),
        ),
      );
      const limited = answers.filter((a) => a.status === 429);
      assert.ok(limited.length >= 2, `${limited.length} of 4 answered 429`);
      assert.match(limited[0]?.headers.get('retry-after') ?? '', /^[1-9]\d*$/);
      await running.kill();
    });
  }
});
