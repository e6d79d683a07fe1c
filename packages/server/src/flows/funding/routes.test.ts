// A customer's own accounts against the real emulator over loopback: the first visits open one set of
// accounts per currency however many race, later visits answer from the store; each credit is a
// deposit once, onDeposit called once, whether a webhook (redelivered or not) or the watcher brings
// it; the view's stream pushes it; a number, a tampered, another kind of or an expired token shows
// nothing and asks the provider nothing.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as z from 'zod';
import { ErrorBody, FundingView } from '@pay-elements/protocol';
import { SandboxControl } from '@pay-elements/sandbox';
import { SseReader } from '@pay-elements/testing/sse';
import { startWorld, type World } from '@pay-elements/testing/kit-world';
import type { DepositRecord } from './book.js';
import { ManualScheduler } from '../../testing/scheduler.js';
import { fundingBookOf } from '../../testing/books.js';

const BVN = '22212345678';

interface Funded {
  world: World;
  deposits: DepositRecord[];
  view(token: string): Promise<FundingView>;
  creates(): number;
  transfer(accountNumber: string, amount: number): Promise<string>;
}

async function fundedWorld(webhooks: boolean, scheduler?: ManualScheduler): Promise<Funded> {
  const deposits: DepositRecord[] = [];
  const world = await startWorld({
    webhooks,
    kit: {
      funding: { currencies: ['NGN', 'USD'], customer: () => ({ id_number: BVN }) },
      onDeposit: (deposit) => {
        deposits.push(deposit);
      },
      ...(scheduler ? { streams: { scheduler } } : {}),
    },
  });
  const control = new SandboxControl(world.sandbox.url);
  return {
    world,
    deposits,
    async view(token) {
      const response = await world.request(`/pay/funding/${token}`);
      assert.equal(response.status, 200, await response.clone().text());
      return FundingView.parse(await response.json());
    },
    creates: () => world.calls.filter((c) => c === 'POST /v1/virtual-accounts/create').length,
    async transfer(accountNumber, amount) {
      const transaction = await control.transfer({ account_number: accountNumber, amount });
      if (webhooks) await world.sandbox.flushWebhooks();
      return transaction.id;
    },
  };
}

describe('a customer’s own accounts', () => {
  let f: Funded;
  before(async () => {
    f = await fundedWorld(true);
  });
  after(async () => {
    await f.world.close();
    assert.deepEqual(f.world.leaks(), [], 'no key or secret in an answer or a log line');
  });

  it('opens one set of accounts per currency for 20 first visits at once, then answers from the store', async () => {
    const token = f.world.kit.fundingToken(f.world.customerId);
    const views = await Promise.all(Array.from({ length: 20 }, () => f.view(token)));
    assert.equal(f.creates(), 2, 'one creation per currency: NGN and USD');
    for (const view of views) assert.deepEqual(view.accounts, views[0]?.accounts);
    const [ngn, usd] = views[0]?.accounts ?? [];
    assert.equal(ngn?.currency, 'NGN');
    assert.match(ngn?.account_number ?? '', /^\d{10}$/);
    assert.equal(ngn?.routing, undefined, 'no US routing on a naira account');
    assert.equal(usd?.currency, 'USD');
    assert.ok(usd?.routing?.ach && usd.routing.rtp && usd.routing.wire, 'ACH, RTP and wire routing numbers');
    assert.ok(usd?.swift_code && usd.bank_address, 'SWIFT code and bank address');
    assert.deepEqual(views[0]?.deposits, []);
    const again = await f.view(f.world.kit.fundingToken(f.world.customerId));
    assert.deepEqual(again.accounts, views[0]?.accounts);
    assert.equal(f.creates(), 2, 'a later visit opens nothing');
  });

  it('records each credit once and calls onDeposit once, a redelivered webhook changing nothing', async () => {
    const token = f.world.kit.fundingToken(f.world.customerId);
    const { accounts } = await f.view(token);
    const ngn = accounts.find((a) => a.currency === 'NGN');
    assert.ok(ngn);
    const first = await f.transfer(ngn.account_number, 5000);
    const second = await f.transfer(ngn.account_number, 1250.5);
    await f.world.kit.watcher.idle();
    assert.deepEqual(
      f.deposits.map((d) => [d.id, d.amount, d.currency, d.customerId]),
      [
        [first, '5000.00', 'NGN', f.world.customerId],
        [second, '1250.50', 'NGN', f.world.customerId],
      ],
    );
    const control = new SandboxControl(f.world.sandbox.url);
    for (const delivery of (await control.webhooks()).filter((d) => d.type === 'virtual_account.credited'))
      await control.redeliver(delivery.id);
    await f.world.sandbox.flushWebhooks();
    await f.world.kit.watcher.idle();
    assert.equal(f.deposits.length, 2, 'redeliveries are remembered: no second onDeposit');
    const view = await f.view(token);
    assert.deepEqual(
      view.deposits.map((d) => [d.id, d.amount]),
      [
        [second, '1250.50'],
        [first, '5000.00'],
      ],
      'newest first',
    );
    assert.deepEqual(view.totals, [{ currency: 'NGN', amount: '6250.50' }]);
    assert.ok(f.world.logs.some((l) => l.startsWith('info deposit received') && l.includes(first)));
  });

  it('shows nothing for a customer id, a tampered token, an invoice token or an expired one, asking the provider nothing', async () => {
    const { kit, customerId } = f.world;
    const token = kit.fundingToken(customerId);
    const [subject, expiry, signature = ''] = token.split('.');
    const before = f.world.calls.length;
    for (const guess of [
      customerId,
      `${subject}.${expiry}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`,
      `${subject}.${(Number.parseInt(expiry ?? '0', 36) + 99_999).toString(36)}.${signature}`,
      kit.invoiceToken(customerId),
      kit
        .fundingToken(customerId, { expiresInSeconds: 60 })
        .replace(/^[^.]+/, Buffer.from('cus_other').toString('base64url')),
    ]) {
      const response = await f.world.request(`/pay/funding/${encodeURIComponent(guess)}`);
      assert.equal(response.status, 404, guess);
      assert.deepEqual(ErrorBody.parse(await response.json()).error, {
        code: 'not_found',
        message: 'No such page.',
      });
    }
    const short = kit.fundingToken(customerId, { expiresInSeconds: 60 });
    assert.equal((await f.world.request(`/pay/funding/${short}`)).status, 200);
    f.world.advance(60_000);
    assert.equal((await f.world.request(`/pay/funding/${short}`)).status, 404, 'expired on the clock');
    assert.equal(f.world.calls.length - before, 0, 'no provider call for any of them');
  });

  it('adopts the accounts its own opening made when the answer was lost (a kill -9 mid-opening), opening none', async () => {
    const customer = await f.world.control('/customers', {
      email: 'chidi@example.com',
      first_name: 'Chidi',
      last_name: 'Eze',
      country_code: 'NGA',
    });
    const customerId = z.object({ id: z.string() }).parse(customer.data).id;
    // a process claimed the customer's USD accounts, noted it was opening them, asked the provider,
    // and died before it could store the answer
    const book = fundingBookOf(f.world.kit.store);
    const now = f.world.sandbox.clock.now();
    const claimed = await book.claimAccounts(customerId, 'USD', {
      token: 'died',
      now,
      staleBefore: now - 5000,
    });
    assert.equal(claimed.outcome, 'claimed');
    await book.attempting(customerId, 'USD', 'died');
    const lost = await f.world.client.virtualAccounts.create({ customer_id: customerId, currency: 'USD' });
    f.world.advance(5001); // its lease runs out
    const before = f.creates();
    const view = await f.view(f.world.kit.fundingToken(customerId));
    assert.deepEqual(
      view.accounts.filter((a) => a.currency === 'USD').map((a) => a.account_number),
      lost.accounts.map((a) => a.account_number),
      'the accounts its lost answer had opened',
    );
    assert.equal(f.creates() - before, 1, 'only the NGN accounts were opened');
  });

  it('answers 404 for a customer the provider does not know', async () => {
    const response = await f.world.request(`/pay/funding/${f.world.kit.fundingToken('cus_nobody')}`);
    assert.equal(response.status, 404);
  });
});

describe('deposits without webhooks', () => {
  it('are found by the watcher’s merchant-wide read and pushed to the open stream, onDeposit once', async () => {
    const scheduler = new ManualScheduler();
    const f = await fundedWorld(false, scheduler);
    try {
      const token = f.world.kit.fundingToken(f.world.customerId);
      const { accounts } = await f.view(token);
      const usd = accounts.find((a) => a.currency === 'USD');
      assert.ok(usd);
      const response = await f.world.kit.fetch(new Request(`http://kit.test/pay/funding/${token}/events`));
      assert.equal(response.headers.get('content-type'), 'text/event-stream; charset=utf-8');
      assert.ok(response.body);
      const stream = new SseReader(response.body);
      const opened = await stream.nextEvent();
      assert.equal(opened?.type, 'funding');
      assert.deepEqual(FundingView.parse(JSON.parse(opened?.data ?? '')).deposits, []);
      const reads = f.world.transactionsCalls();
      const id = await f.transfer(usd.account_number, 250);
      f.world.advance(5000);
      scheduler.advance(5000);
      const pushed = FundingView.parse(JSON.parse((await stream.nextEvent())?.data ?? ''));
      assert.deepEqual(
        pushed.deposits.map((d) => [d.id, d.amount, d.currency]),
        [[id, '250.00', 'USD']],
      );
      assert.equal(f.world.transactionsCalls() - reads, 1, 'one merchant-wide read found it');
      await f.world.kit.watcher.sweep();
      await f.world.kit.watcher.idle();
      assert.deepEqual(
        f.deposits.map((d) => d.id),
        [id],
        'onDeposit once, the overlap read again changing nothing',
      );
      await stream.cancel();
    } finally {
      await f.world.close();
    }
  });
});
