// What a customer's own accounts are protected from (issue 40's findings), against the real emulator,
// a provider that differs put between them where the finding needed one: no account of another
// customer is adopted or credited, a deposit first read as processing is recorded once when it
// settles (after a restart too), a failing customer costs a few provider calls however often the page
// is read, and the totals add up every deposit, not the page of them.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as z from 'zod';
import { FundingView } from '@pay-elements/protocol';
import { SandboxControl } from '@pay-elements/sandbox';
import type { FetchLike } from '@pay-elements/api';
import { startWorld, type World, type WorldOptions } from '@pay-elements/testing/kit-world';
import { createPayHandler } from '../../handler.js';
import { fundingBookOf } from '../../testing/books.js';
import { HttpError } from '../../errors.js';
import type { DepositRecord } from './book.js';

const BVN = '22212345678';
const quiet = { debug() {}, info() {}, warn() {}, error() {} };

async function world(options: WorldOptions & { deposits: DepositRecord[] }): Promise<World> {
  return startWorld({
    ...options,
    kit: {
      funding: { currencies: ['NGN', 'USD'], customer: () => ({ id_number: BVN }) },
      onDeposit: (deposit) => void options.deposits.push(deposit),
      ...options.kit,
    },
  });
}

async function viewOf(w: World, customerId: string): Promise<FundingView> {
  const response = await w.request(`/pay/funding/${w.kit.fundingToken(customerId)}`);
  assert.equal(response.status, 200, await response.clone().text());
  return FundingView.parse(await response.json());
}

async function newCustomer(w: World, name: string): Promise<string> {
  const made = await w.control('/customers', {
    email: `${name.toLowerCase()}@example.com`,
    first_name: name,
    last_name: 'Test',
    country_code: 'NGA',
  });
  return z.object({ id: z.string() }).parse(made.data).id;
}

describe('no account of another customer is adopted or credited', () => {
  it('behind a provider whose list ignores customer_id, a customer whose opening was lost adopts none of another’s', async () => {
    // the provider lists every customer's accounts, whatever customer_id asks
    const through = (input: string, init: RequestInit, send: FetchLike) => {
      const url = new URL(input);
      if (url.pathname === '/v1/virtual-accounts') url.searchParams.delete('customer_id');
      return send(url.toString(), init);
    };
    const deposits: DepositRecord[] = [];
    const w = await world({ deposits, through, webhooks: true });
    try {
      const a = await viewOf(w, w.customerId);
      const aNumbers = a.accounts.map((x) => x.account_number);
      const b = await newCustomer(w, 'Bola');
      // B's opening was started and its answer lost: the kit looks at the provider's list first
      const book = fundingBookOf(w.kit.store);
      const now = w.sandbox.clock.now();
      for (const currency of ['NGN', 'USD']) {
        await book.claimAccounts(b, currency, { token: 'died', now, staleBefore: now - 5000 });
        await book.attempting(b, currency, 'died');
      }
      w.advance(5001);
      const seen = await viewOf(w, b);
      assert.equal(seen.accounts.length, 2, 'B has accounts of its own');
      for (const account of seen.accounts)
        assert.ok(!aNumbers.includes(account.account_number), `B shows A's ${account.account_number}`);
      assert.ok(
        w.logs.some((l) => l.includes('listed accounts of other customers for this one; none is adopted')),
      );
      // A's page still answers, and A's money is A's
      assert.deepEqual(
        (await viewOf(w, w.customerId)).accounts.map((x) => x.account_number),
        aNumbers,
      );
      const control = new SandboxControl(w.sandbox.url);
      await control.transfer({ account_number: aNumbers[0] ?? '', amount: 4321 });
      await w.sandbox.flushWebhooks();
      await w.kit.watcher.idle();
      assert.deepEqual(
        deposits.map((d) => [d.customerId, d.amount]),
        [[w.customerId, '4321.00']],
      );
    } finally {
      await w.close();
    }
  });

  it('a customer’s first visit opens accounts of its own and never reads another’s from the provider’s list', async () => {
    const deposits: DepositRecord[] = [];
    const w = await world({ deposits });
    try {
      await viewOf(w, w.customerId);
      const listed = w.calls.filter((c) => c === 'GET /v1/virtual-accounts').length;
      await viewOf(w, await newCustomer(w, 'Chike'));
      assert.equal(w.calls.filter((c) => c === 'GET /v1/virtual-accounts').length, listed, 'no list asked');
    } finally {
      await w.close();
    }
  });
});

describe('a deposit first read as processing', () => {
  it('is recorded once when it settles, however far behind the watermark, and after a restart', async () => {
    // the provider lists the transfer as processing while `held` names it
    const held = new Set<string>();
    const through = async (input: string, init: RequestInit, send: FetchLike) => {
      const answer = await send(input, init);
      if (new URL(input).pathname !== '/v1/transactions' || held.size === 0) return answer;
      const body = z
        .object({ data: z.array(z.record(z.string(), z.unknown())) })
        .loose()
        .parse(await answer.json());
      body.data = body.data.map((t) => (held.has(String(t['id'])) ? { ...t, status: 'processing' } : t));
      return new Response(JSON.stringify(body), { status: answer.status, headers: answer.headers });
    };
    const deposits: DepositRecord[] = [];
    const w = await world({ deposits, through, kit: { logger: quiet } });
    try {
      const { accounts } = await viewOf(w, w.customerId);
      const usd = accounts.find((a) => a.currency === 'USD');
      assert.ok(usd);
      const control = new SandboxControl(w.sandbox.url);
      const transfer = await control.transfer({ account_number: usd.account_number, amount: 75 });
      held.add(transfer.id);
      for (let minute = 0; minute < 10; minute++) {
        w.advance(60_000);
        await w.kit.watcher.sweep();
      }
      assert.equal(deposits.length, 0, 'nothing recorded while it processes');
      // the kit goes away and another takes its store: the credit in flight is in the store
      const store = w.kit.store;
      const restarted = createPayHandler({
        client: w.client,
        clock: w.sandbox.clock,
        store,
        resolveOrder: () => null,
        funding: { currencies: ['NGN', 'USD'] },
        onDeposit: (deposit) => void deposits.push(deposit),
        logger: quiet,
      });
      held.delete(transfer.id);
      w.advance(60_000);
      await restarted.watcher.sweep();
      await restarted.watcher.idle();
      w.advance(60_000);
      await restarted.watcher.sweep();
      await restarted.watcher.idle();
      assert.deepEqual(
        deposits.map((d) => [d.id, d.amount]),
        [[transfer.id, '75.00']],
        'recorded once, onDeposit once',
      );
      await restarted.close();
    } finally {
      await w.close();
    }
  });
});

describe('a customer whose accounts cannot be opened', () => {
  it('costs a few provider calls however often the page is read, then opens once the wait is over', async () => {
    const deposits: DepositRecord[] = [];
    const w = await world({ deposits, kit: { logger: quiet } });
    try {
      await w.control('/faults', { path_prefix: '/v1/virtual-accounts/create', status: 400, times: 1000 });
      const token = w.kit.fundingToken(w.customerId);
      const statuses = new Map<number, number>();
      for (let i = 0; i < 1000; i++) {
        const response = await w.kit.fetch(new Request(`http://shop.test/pay/funding/${token}`));
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      }
      const creates = w.calls.filter((c) => c === 'POST /v1/virtual-accounts/create').length;
      assert.ok(creates <= 2, `${creates} provider calls for 1000 reads`);
      assert.deepEqual(
        [...statuses],
        [[503, 1000]],
        'every read told to come back later, the first included',
      );
      const waiting = await w.kit.fetch(new Request(`http://shop.test/pay/funding/${token}`));
      assert.ok(Number(waiting.headers.get('retry-after')) > 0, 'it says when to come back');
      await fetch(`${w.sandbox.url}/_sandbox/faults`, {
        method: 'DELETE',
        headers: { 'x-api-key': 'sk_sandbox_local' },
      });
      w.advance(31_000);
      assert.equal((await viewOf(w, w.customerId)).accounts.length, 2, 'opened once the wait is over');
    } finally {
      await w.close();
    }
  });
});

describe('a customer whose BVN the merchant has not given', () => {
  it('is refused 400 naming id_number, visits show what opened and ask again only after 30 s, and a BVN given opens at once', async () => {
    const deposits: DepositRecord[] = [];
    const w = await world({
      deposits,
      kit: { logger: quiet, funding: { currencies: ['NGN', 'USD'], customer: () => ({}) } },
    });
    try {
      const creates = () => w.calls.filter((c) => c === 'POST /v1/virtual-accounts/create').length;
      const refused = await w.kit.fundingAccounts(w.customerId, {}).then(
        () => null,
        (error: unknown) => error,
      );
      assert.ok(refused instanceof HttpError, String(refused));
      assert.equal(refused.status, 400);
      assert.deepEqual(Object.keys(refused.fields ?? {}), ['id_number']);
      const afterRefusal = creates();
      // a visit brings no BVN: the USD account opened is shown, the NGN refusal remembered
      for (let i = 0; i < 20; i++) {
        const view = await viewOf(w, w.customerId);
        assert.deepEqual(
          view.accounts.map((a) => a.currency),
          ['USD'],
        );
      }
      assert.equal(creates(), afterRefusal, 'no provider call for 20 visits within 30 s');
      w.advance(31_000);
      await viewOf(w, w.customerId);
      assert.equal(creates(), afterRefusal + 1, 'asked again after 30 s, not a doubled wait');
      w.advance(31_000);
      await viewOf(w, w.customerId);
      assert.equal(creates(), afterRefusal + 2, 'and again 30 s later: the wait does not double');
      // the merchant gives the BVN: opened at once, whatever the visits were told
      const opened = await w.kit.fundingAccounts(w.customerId, { id_number: BVN });
      assert.deepEqual(opened.map((a) => a.currency).sort(), ['NGN', 'USD']);
    } finally {
      await w.close();
    }
  });

  it('opens only the currencies asked for', async () => {
    const deposits: DepositRecord[] = [];
    const w = await world({ deposits, kit: { logger: quiet } });
    try {
      const opened = await w.kit.fundingAccounts(w.customerId, {}, { currencies: ['USD'] });
      assert.deepEqual(
        opened.map((a) => a.currency),
        ['USD'],
      );
      assert.equal(w.calls.filter((c) => c === 'POST /v1/virtual-accounts/create').length, 1);
    } finally {
      await w.close();
    }
  });
});

describe('the totals', () => {
  it('add up every deposit, not only the latest listed', async () => {
    const deposits: DepositRecord[] = [];
    const w = await world({ deposits, webhooks: true });
    try {
      const ngn = (await viewOf(w, w.customerId)).accounts.find((a) => a.currency === 'NGN');
      assert.ok(ngn);
      const control = new SandboxControl(w.sandbox.url);
      for (let i = 0; i < 21; i++) await control.transfer({ account_number: ngn.account_number, amount: 1 });
      await w.sandbox.flushWebhooks();
      await w.kit.watcher.idle();
      const view = await viewOf(w, w.customerId);
      assert.equal(view.deposits.length, 20, 'the latest 20 listed');
      assert.deepEqual(view.totals, [{ currency: 'NGN', amount: '21.00' }]);
      assert.equal(deposits.length, 21);
    } finally {
      await w.close();
    }
  });
});
