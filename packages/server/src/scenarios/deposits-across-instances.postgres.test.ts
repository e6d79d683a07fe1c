// Customers' own accounts with two kit instances on one PostgreSQL database, as two processes of a
// shop: 20 first visits racing across both open one set of accounts per currency; a deposit the
// emulator's webhook tells one instance about, and the other's watcher reads too, is recorded once
// and onDeposit called once in all; the instance holding the customer's stream hears of it at once,
// through the store's LISTEN/NOTIFY, without a check of its own.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { FundingView } from '@pay-elements/protocol';
import { startPostgres, type TestPostgres } from '@pay-elements/testing/postgres';
import { SseReader } from '@pay-elements/testing/sse';
import { SHOP, startWorld, TOKEN_SECRET, type World } from '@pay-elements/testing/kit-world';
import { createPayHandler, type PayHandler } from '../handler.js';
import type { PayHandlerOptions } from '../handler.js';
import type { DepositRecord } from '../flows/funding/book.js';
import { PostgresStore } from '../store/postgres.js';
import { ManualScheduler } from '../testing/scheduler.js';

const silent = { debug() {}, info() {}, warn() {}, error() {} };

describe('customers’ own accounts across instances (PostgreSQL)', () => {
  let postgres: TestPostgres;
  let world: World;
  let other: PayHandler;
  const deposits: Array<{ instance: string; deposit: DepositRecord }> = [];
  const funding: PayHandlerOptions['funding'] = {
    currencies: ['NGN', 'USD'],
    customer: () => ({ id_number: '22212345678' }),
  };

  before(async () => {
    postgres = await startPostgres();
    const url = postgres.createDatabase('deposits');
    world = await startWorld({
      webhooks: true,
      kit: {
        store: await PostgresStore.open({ connectionString: url }),
        funding,
        onDeposit: (deposit) => {
          deposits.push({ instance: 'A', deposit });
        },
        streams: { scheduler: new ManualScheduler() },
      },
    });
    other = createPayHandler({
      client: world.client,
      clock: world.sandbox.clock,
      store: await PostgresStore.open({ connectionString: url }),
      resolveOrder: () => null,
      tokenSecret: TOKEN_SECRET,
      funding,
      onDeposit: (deposit) => {
        deposits.push({ instance: 'B', deposit });
      },
      pollIntervalMs: 1000,
      logger: silent,
      streams: { scheduler: new ManualScheduler() },
    });
  });
  after(async () => {
    await other?.close();
    await world?.close();
    postgres?.stop();
  });

  it('opens one set of accounts per currency for 20 first visits across both instances', async () => {
    const token = world.kit.fundingToken(world.customerId);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? other : world.kit).fetch(new Request(`${SHOP}/pay/funding/${token}`)),
      ),
    );
    const views = await Promise.all(answers.map(async (r) => FundingView.parse(await r.json())));
    assert.equal(world.calls.filter((c) => c === 'POST /v1/virtual-accounts/create').length, 2);
    for (const view of views) assert.deepEqual(view.accounts, views[0]?.accounts);
  });

  it('records a deposit once and calls onDeposit once in all, the stream on the other instance hearing at once', async () => {
    const token = world.kit.fundingToken(world.customerId);
    const view = FundingView.parse(
      await (await other.fetch(new Request(`${SHOP}/pay/funding/${token}`))).json(),
    );
    const ngn = view.accounts.find((a) => a.currency === 'NGN');
    assert.ok(ngn);
    const response = await other.fetch(new Request(`${SHOP}/pay/funding/${token}/events`));
    assert.ok(response.body);
    const stream = new SseReader(response.body);
    assert.deepEqual(FundingView.parse(JSON.parse((await stream.nextEvent())?.data ?? '')).deposits, []);
    await other.store.changes?.ready?.();

    await world.control('/transfers', { account_number: ngn.account_number, amount: 777.77 });
    await world.sandbox.flushWebhooks(); // instance A hears by webhook
    world.advance(1000);
    await other.watcher.sweep(); // instance B reads the same credit
    await Promise.all([world.kit.watcher.idle(), other.watcher.idle()]);

    assert.equal(deposits.length, 1, JSON.stringify(deposits));
    assert.equal(deposits[0]?.deposit.amount, '777.77');
    const pushed = FundingView.parse(JSON.parse((await stream.nextEvent())?.data ?? ''));
    assert.deepEqual(
      pushed.deposits.map((d) => d.amount),
      ['777.77'],
    );
    await stream.cancel();
  });
});
