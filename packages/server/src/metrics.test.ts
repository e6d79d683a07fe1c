// The kit's Prometheus metrics: operations are fixed names, so that no invoice number, id or guess
// makes a series of its own (2,000 anonymous requests once took the series from 144 to 26,144).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PayClient } from '@pay-elements/api';
import { FundingView } from '@pay-elements/protocol';
import { DEFAULT_API_KEY } from '@pay-elements/sandbox';
import { startWorld, TOKEN_SECRET, type World } from '@pay-elements/testing/kit-world';
import { createPayHandler, type PayHandler } from './handler.js';
import { createPayMetrics, providerOperation } from './metrics.js';

describe('metrics', () => {
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
  });
});
