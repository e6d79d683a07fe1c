// Exactly one onPaid per payment, whatever the order in which webhooks, duplicate deliveries,
// status polls and sweeps arrive: a thousand seeded, reproducible interleavings against the real
// emulator (in-process, no socket), and more with two kit instances sharing one SQLite file. Then
// whole lives of orders: concurrent creates, expiry, creates and renews racing, late credits.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Customer, signWebhook } from '@pay-elements/api';
import { SessionView } from '@pay-elements/protocol';
import type { PayHandler } from '../handler.js';
import type { Logger } from '../log.js';
import { kitsOnOneFile } from '@pay-elements/testing/kits-on-one-file';
import type { SessionRecord } from '../flows/sessions/book.js';
import {
  creditedEvent,
  jsonPost,
  SHOP,
  startWorld,
  TransferAnswer,
  WEBHOOK_SECRET,
  type World,
} from '@pay-elements/testing/kit-world';

const SEED = 0x5eed_2026;

/** mulberry32: a small seeded PRNG, so that every ordering can be replayed from the seed. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const silent: Logger = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

type Action = () => Promise<unknown>;

function shuffle<T>(items: T[], random: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

/** Runs the actions concurrently, each starting after a random number of microtask turns. */
async function interleave(actions: Action[], random: () => number): Promise<void> {
  await Promise.all(
    shuffle(actions, random).map(async (action) => {
      for (let turns = Math.floor(random() * 6); turns > 0; turns--) await Promise.resolve();
      await action();
    }),
  );
}

interface Scenario {
  world: World;
  kits: PayHandler[];
  calls: Map<string, number>;
  /** the paying customer; a new one every 25 runs keeps each history short, as in life */
  customerId: string;
}

async function newCustomer(world: World, n: number): Promise<string> {
  const created = await world.control('/customers', {
    email: `buyer${n}@example.com`,
    first_name: 'Race',
    last_name: `Buyer${n}`,
    country_code: 'NGA',
  });
  return Customer.pick({ id: true }).parse(created.data).id;
}

async function runMany(scenario: Scenario, runs: number, random: () => number): Promise<void> {
  for (let run = 0; run < runs; run++) {
    if (run > 0 && run % 25 === 0) scenario.customerId = await newCustomer(scenario.world, run);
    await onePayment(scenario, run, random);
  }
}

/** One payment: a session, its exact transfer, then webhooks, duplicates, polls and sweeps in a random order. */
async function onePayment(scenario: Scenario, run: number, random: () => number): Promise<void> {
  const { world, kits, calls } = scenario;
  const pick = (): PayHandler => {
    const kit = kits[Math.floor(random() * kits.length)];
    if (!kit) throw new Error('no kit');
    return kit;
  };
  const amount = `${1 + Math.floor(random() * 9000)}.${String(Math.floor(random() * 100)).padStart(2, '0')}`;
  const orderId = `race-${kits.length}-${run}`;
  world.orders.set(orderId, { amount, currency: 'NGN', customer_id: scenario.customerId });
  const created = await pick().fetch(new Request(`${SHOP}/pay/sessions`, jsonPost({ order_id: orderId })));
  assert.equal(created.status, 201);
  const session = SessionView.parse(await created.json());
  const transfer = await world.control('/transfers', {
    account_number: session.account.account_number,
    amount: Number(amount),
  });
  const { data: transaction } = TransferAnswer.parse(transfer);

  const post = (id: string) => {
    const body = JSON.stringify(creditedEvent(id, session, transaction));
    const signature = signWebhook({
      secret: WEBHOOK_SECRET,
      id,
      timestamp: Math.floor(world.sandbox.clock.now() / 1000),
      body,
    });
    return pick().fetch(
      new Request(`${SHOP}/pay/webhooks`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...signature },
        body,
      }),
    );
  };
  const actions: Action[] = [];
  const webhooks = Math.floor(random() * 4); // 0..3 deliveries of the same event
  for (let i = 0; i < webhooks; i++) actions.push(() => post(`evt_${orderId}`));
  if (random() < 0.3) actions.push(() => post(`evt_${orderId}_resent`)); // the same credit under a new id
  const polls = (webhooks === 0 ? 1 : 0) + Math.floor(random() * 3);
  for (let i = 0; i < polls; i++)
    actions.push(() => pick().fetch(new Request(`${SHOP}/pay/sessions/${session.id}`)));
  if (random() < 0.3) actions.push(() => pick().watcher.sweep());
  await interleave(actions, random);
  await Promise.all(kits.map((k) => k.watcher.idle()));

  const stored = await kits[0]?.getSession(session.id);
  assert.equal(stored?.status, 'paid', `run ${run} (seed ${SEED}): the session is paid`);
  assert.equal(calls.get(session.id), 1, `run ${run} (seed ${SEED}): onPaid ran once`);
}

const MINUTE = 60_000;

/** POST /pay/sessions for the order on a random kit. */
function createOn(kit: PayHandler, orderId: string): Promise<Response> {
  return kit.fetch(new Request(`${SHOP}/pay/sessions`, jsonPost({ order_id: orderId })));
}

function renewOn(kit: PayHandler, id: string): Promise<Response> {
  return kit.fetch(new Request(`${SHOP}/pay/sessions/${id}/renew`, { method: 'POST' }));
}

/**
 * One order over its life: concurrent creates, maybe a late credit on the first account, expiry,
 * then creates, renews, polls and sweeps racing, then the payment. At each step the provider opened
 * at most one account the order could still be paid on, and onPaid runs once for the order.
 */
async function oneOrder(scenario: Scenario, run: number, random: () => number): Promise<void> {
  const { world, kits, calls } = scenario;
  const pick = (): PayHandler => kits[Math.floor(random() * kits.length)] ?? kits[0]!;
  const opened = () => world.calls.filter((c) => c === 'POST /v1/virtual-accounts/dynamic').length;
  const where = `run ${run} (seed ${SEED})`;
  const amount = `${1 + Math.floor(random() * 9000)}.00`;
  const orderId = `life-${kits.length}-${run}`;
  world.orders.set(orderId, { amount, currency: 'NGN', customer_id: scenario.customerId });

  const before = opened();
  const creates = await Promise.all(
    Array.from({ length: 2 + Math.floor(random() * 5) }, () => createOn(pick(), orderId)),
  );
  const first = await Promise.all(creates.map(async (r) => SessionView.parse(await r.json())));
  assert.equal(new Set(first.map((v) => v.id)).size, 1, `${where}: concurrent creates answer one session`);
  assert.equal(opened() - before, 1, `${where}: one account for the creates`);
  const session = first[0]!;

  const lateCredit = random() < 0.3;
  if (lateCredit) {
    // paid a minute before expiry, the webhook lost: found by the last check, never renewed
    world.advance(29 * MINUTE);
    const paid = await world.control('/transfers', {
      account_number: session.account.account_number,
      amount: Number(amount),
    });
    assert.equal(paid.status, true, paid.message);
  }
  world.advance((lateCredit ? 2 : 31) * MINUTE);

  const racing: Action[] = [];
  const answers: Response[] = [];
  const record = (work: () => Promise<Response>) => async () => answers.push(await work());
  for (let i = 1 + Math.floor(random() * 4); i > 0; i--) racing.push(record(() => createOn(pick(), orderId)));
  for (let i = 1 + Math.floor(random() * 4); i > 0; i--)
    racing.push(record(() => renewOn(pick(), session.id)));
  if (random() < 0.5)
    racing.push(record(() => pick().fetch(new Request(`${SHOP}/pay/sessions/${session.id}`))));
  if (random() < 0.3) racing.push(() => pick().watcher.sweep());
  const renewedBefore = opened();
  await interleave(racing, random);
  const renewals = opened() - renewedBefore;
  assert.equal(
    renewals,
    lateCredit ? 0 : 1,
    `${where}: ${lateCredit ? 'no' : 'one'} new account after expiry`,
  );
  for (const answer of answers) {
    if (answer.status === 409) continue; // a renew of the paid session
    assert.equal(answer.status, 200, `${where}: answered`);
    assert.equal(SessionView.parse(await answer.json()).id, session.id, `${where}: never a second session`);
  }

  const current = await kits[0]!.getSession(session.id);
  if (!lateCredit) {
    assert.equal(current?.status, 'pending');
    const old = await world.control('/transfers', {
      account_number: session.account.account_number,
      amount: Number(amount),
    });
    assert.equal(old.status, false, `${where}: the first account takes no money any more`);
    const paid = await world.control('/transfers', {
      account_number: current?.account.accountNumber ?? '',
      amount: Number(amount),
    });
    assert.equal(paid.status, true, paid.message);
    world.advance(1000);
    await interleave(
      [
        () => pick().fetch(new Request(`${SHOP}/pay/sessions/${session.id}`)),
        () => createOn(pick(), orderId),
        () => pick().watcher.sweep(),
      ],
      random,
    );
  }
  await Promise.all(kits.map((k) => k.watcher.idle()));
  assert.equal((await kits[0]!.getSession(session.id))?.status, 'paid', `${where}: the order is paid`);
  assert.equal(calls.get(session.id), 1, `${where}: onPaid ran once for the order`);
  assert.equal((await createOn(pick(), orderId)).status, 200, `${where}: a paid order answers its session`);
  assert.equal(opened() - before, lateCredit ? 1 : 2, `${where}: no account after the payment`);
}

describe('one order, many sessions and renewals', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pay-race-orders-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  for (const instances of [1, 2]) {
    it(`keeps one payable account per order and one onPaid in 40 random lives of an order (${instances} kit${instances > 1 ? 's on one SQLite file' : ''})`, async () => {
      const calls = new Map<string, number>();
      const onPaid = (s: SessionRecord) => {
        calls.set(s.id, (calls.get(s.id) ?? 0) + 1);
      };
      const world = await startWorld({ inProcess: true, kit: { logger: silent } });
      const file = join(dir, `orders-${instances}.db`);
      const kits = kitsOnOneFile(world, file, instances, {
        onPaid,
        pollIntervalMs: 0,
        accountRateLimit: false,
        logger: silent,
      });
      try {
        const random = prng(SEED + 10 + instances);
        const scenario = { world, kits, calls, customerId: world.customerId };
        for (let run = 0; run < 40; run++) {
          if (run > 0 && run % 25 === 0) scenario.customerId = await newCustomer(world, 1000 + run);
          await oneOrder(scenario, run, random);
        }
        assert.equal(calls.size, 40);
      } finally {
        await Promise.all(kits.map((k) => k.close()));
        await world.close();
      }
    });
  }
});

describe('one payment, many messengers', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pay-race-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('calls onPaid exactly once in 1000 random orderings of webhooks, duplicates, polls and sweeps', async () => {
    const calls = new Map<string, number>();
    const onPaid = (s: SessionRecord) => {
      calls.set(s.id, (calls.get(s.id) ?? 0) + 1);
    };
    const world = await startWorld({
      inProcess: true,
      kit: { webhookSecret: WEBHOOK_SECRET, pollIntervalMs: 0, onPaid, logger: silent },
    });
    try {
      const random = prng(SEED);
      await runMany({ world, kits: [world.kit], calls, customerId: world.customerId }, 1000, random);
      assert.equal(calls.size, 1000);
    } finally {
      await world.close();
    }
  });

  it('calls onPaid exactly once when two kit instances share one SQLite database', async () => {
    const calls = new Map<string, number>();
    const onPaid = (s: SessionRecord) => {
      calls.set(s.id, (calls.get(s.id) ?? 0) + 1);
    };
    const file = join(dir, 'shared.db');
    const world = await startWorld({ inProcess: true, kit: { logger: silent } });
    const kits = kitsOnOneFile(world, file, 2, {
      onPaid,
      webhookSecret: WEBHOOK_SECRET,
      pollIntervalMs: 0,
      logger: silent,
    });
    try {
      const random = prng(SEED + 1);
      await runMany({ world, kits, calls, customerId: world.customerId }, 150, random);
      assert.equal(calls.size, 150);
    } finally {
      await Promise.all(kits.map((k) => k.close()));
      await world.close();
    }
  });
});
