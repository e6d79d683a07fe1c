// The kit's Prometheus metrics: operations are fixed names, so that no invoice number, id or guess
// makes a series of its own (2,000 anonymous requests once took the series from 144 to 26,144).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PayClient } from '@pay-elements/api';
import { FundingView } from '@pay-elements/protocol';
import { DEFAULT_API_KEY } from '@pay-elements/sandbox';
import { startWorld, TOKEN_SECRET, type World } from '@pay-elements/testing/kit-world';
import { createPayHandler, type PayHandler } from './handler.js';
import { readFileSync } from 'node:fs';
import { createPayMetrics, DEPRECATED_FLOW_COUNTERS, providerOperation } from './metrics.js';

describe('metrics', () => {
  it('records each rename in CHANGELOG.md with its successor, and lists the aliases in operations.md', () => {
    const changelog = readFileSync(new URL('../../../CHANGELOG.md', import.meta.url), 'utf8');
    const operations = readFileSync(new URL('../../../docs/operations.md', import.meta.url), 'utf8');
    // every 0.1.0 counter is still exported, each declared by its own flow
    assert.deepEqual(DEPRECATED_FLOW_COUNTERS.map(({ name }) => name).sort(), [
      'pay_deposits_total',
      'pay_sessions_created_total',
      'pay_sessions_expired_total',
      'pay_sessions_paid_total',
    ]);
    for (const { flow, event, name } of DEPRECATED_FLOW_COUNTERS) {
      assert.ok(
        changelog.includes(`| \`${name}\` | \`pay_flow_events_total{flow="${flow}",event="${event}"}\` |`),
        name,
      );
      assert.ok(operations.includes(`\`${name}\``), name);
    }
    assert.match(
      changelog,
      /\| `pay_onpaid_duration_seconds\{outcome\}` \| `pay_delivery_duration_seconds\{topic="sessions.paid",outcome\}` \|/,
    );
  });

  it('names provider operations from the spec’s words only: every id is :id', () => {
    assert.equal(
      providerOperation('post', 'http://p.test/v1/virtual-accounts/dynamic'),
      'POST /v1/virtual-accounts/dynamic',
    );
    for (const number of ['INV-000101', 'INV-abc', 'nodigits', 'a%2Fb'])
      assert.equal(
        providerOperation('GET', `http://p.test/v1/invoices/view/${number}`),
        'GET /v1/invoices/view/:id',
      );
    assert.equal(providerOperation('GET', 'http://p.test/v1/cards/crd_x/reveal'), 'GET /v1/cards/:id/reveal');
    assert.equal(providerOperation('TRACE', 'http://p.test/x/y/z/w/v/u/t'), 'OTHER /:id/:id/:id/:id/:id/…');
  });

  describe('against the emulator', () => {
    let world: World;
    let kit: PayHandler;
    const metrics = createPayMetrics({ defaultMetrics: false });
    before(async () => {
      world = await startWorld();
      const client = new PayClient({
        apiKey: DEFAULT_API_KEY,
        baseUrl: world.sandbox.url,
        fetch: metrics.instrumentFetch(),
        maxRetries: 0,
      });
      kit = createPayHandler({
        client,
        clock: world.sandbox.clock,
        tokenSecret: TOKEN_SECRET,
        resolveOrder: () => null,
        observer: metrics.observer,
        funding: { currencies: ['USD'] },
      });
      metrics.track(kit);
    });
    after(async () => {
      await kit.close();
      await world.close();
    });

    it('keeps one series per operation however many invoices are asked for, by number or by token', async () => {
      const series = async () =>
        (await metrics.render()).body.split('\n').filter((l) => l.startsWith('pay_provider_requests_total{'))
          .length;
      const before = await series();
      for (let i = 0; i < 200; i++) {
        // a walk over numbers: nothing reaches the provider
        await kit.fetch(new Request(`http://shop.test/pay/invoices/INV-${'x'.repeat(i % 7)}${i}`));
        // valid tokens of numbers without a digit: each reaches the provider, under one name
        const token = kit.invoiceToken(`INV-${String.fromCharCode(97 + (i % 26)).repeat(1 + (i % 5))}`);
        await kit.fetch(new Request(`http://shop.test/pay/invoices/${token}`));
      }
      const after = await series();
      assert.ok(after - before <= 1, `${after - before} new series`);
      const text = (await metrics.render()).body;
      assert.match(
        text,
        /pay_provider_requests_total\{operation="GET \/v1\/invoices\/view\/:id",outcome="client_error"\} 200/,
      );
    });

    it('counts deposits once each: pay_flow_events_total{flow="funding",event="deposit"}', async () => {
      const token = kit.fundingToken(world.customerId);
      const answer = await kit.fetch(new Request(`http://shop.test/pay/funding/${token}`));
      const text = await answer.text();
      assert.equal(answer.status, 200, text);
      const view = FundingView.parse(JSON.parse(text));
      const usd = view.accounts[0];
      assert.ok(usd);
      for (const amount of [10, 20])
        await world.control('/transfers', { account_number: usd.account_number, amount });
      world.advance(5000);
      await kit.watcher.sweep();
      world.advance(5000);
      await kit.watcher.sweep();
      assert.match(
        (await metrics.render()).body,
        /^pay_flow_events_total\{flow="funding",event="deposit"\} 2$/m,
      );
    });

    it("still exports 0.1.0's names for a release, deprecated, counting what replaced them", async () => {
      await kit.openSession('alias-1', { amount: '100.00', currency: 'NGN', customer_id: world.customerId });
      const text = (await metrics.render()).body;
      const value = (series: string) => {
        const line = text.split('\n').find((l) => l.startsWith(`${series} `));
        return line === undefined ? null : Number(line.slice(series.length + 1));
      };
      assert.equal(value('pay_sessions_created_total'), 1);
      assert.equal(value('pay_flow_events_total{flow="sessions",event="created"}'), 1);
      assert.equal(
        value('pay_deposits_total'),
        2,
        'as pay_flow_events_total{flow="funding",event="deposit"}',
      );
      assert.equal(value('pay_sessions_paid_total'), 0, 'exported before the first payment, as in 0.1.0');
      assert.equal(value('pay_sessions_expired_total'), 0);
      assert.match(
        text,
        /^# HELP pay_sessions_paid_total Deprecated \(removed in 0\.3\.0\): use pay_flow_events_total\{flow="sessions",event="paid"\}\.$/m,
      );
      assert.match(text, /^# TYPE pay_onpaid_duration_seconds histogram$/m);
    });
  });
});
