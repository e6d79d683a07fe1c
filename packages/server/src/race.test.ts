// Exactly one onPaid per payment, whatever the order in which webhooks, duplicate deliveries,
// status polls and sweeps arrive: a thousand seeded, reproducible interleavings against the real
// emulator (in-process, no socket), and more with two kit instances sharing one SQLite file.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Customer, signWebhook, type Transaction } from '@pay-elements/api';
import { SessionView } from '@pay-elements/protocol';
import { createPayHandler, type PayHandler } from './handler.js';
import type { Logger } from './log.js';
import { SqliteStore } from './store/sqlite.js';
import type { SessionRecord } from './store/types.js';
import { jsonPost, SHOP, startWorld, TransferAnswer, WEBHOOK_SECRET, type World } from './testing/world.js';

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

function event(id: string, session: SessionView, transaction: Transaction) {
  return {
    id,
    type: 'virtual_account.credited',
    created_at: transaction.created_at,
    data: {
      transaction,
      account_number: session.account.account_number,
      account_reference: session.reference,
      customer_id: transaction.payment_transfer.customer_id ?? '',
      amount: transaction.amount,
      currency: 'ngn',
    },
  };
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
    const body = JSON.stringify(event(id, session, transaction));
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

  const stored = await kits[0]?.store.get(session.id);
  assert.equal(stored?.status, 'paid', `run ${run} (seed ${SEED}): the session is paid`);
  assert.equal(calls.get(session.id), 1, `run ${run} (seed ${SEED}): onPaid ran once`);
}

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
    const kits = [0, 1].map(() =>
      createPayHandler({
        client: world.client,
        clock: world.sandbox.clock,
        store: new SqliteStore(file),
        resolveOrder: (id) => world.orders.get(id) ?? null,
        onPaid,
        webhookSecret: WEBHOOK_SECRET,
        pollIntervalMs: 0,
        logger: silent,
      }),
    );
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
