// Kit events on a real SQLite file, the clock moved by hand: an event owed to the merchant's onEvent
// and to each flow that listens to its type, delivered once each; a listener that fails retried on
// its own after its backoff; an entry that is not an event dropped with a line.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AnyKitEvent } from '../flow.js';
import type { Logger } from '../log.js';
import { SqliteStore } from '../store/sqlite.js';
import { eventOf, HOST_EVENTS_TOPIC, KitEvents, type EventHandler } from './events.js';

const dir = mkdtempSync(join(tmpdir(), 'pay-events-'));
after(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

const LEASE_MS = 60_000;
const BACKOFF_MS = [30 * 60_000];

const paid: AnyKitEvent = {
  id: 'evt_1',
  type: 'session.paid',
  created_at: '2026-11-21T10:00:00.000Z',
  data: { session_id: 'ses_1', order_id: 'order-1', paid_at: '2026-11-21T10:00:00.000Z' },
};
const invoicePaid: AnyKitEvent = { ...paid, id: 'evt_2', type: 'invoice.paid', data: { number: 'INV-1' } };

function setup(options: { merchant?: boolean } = {}) {
  const store = new SqliteStore(join(dir, `events-${++files}.db`));
  let now = Date.parse('2026-11-21T10:00:00.000Z');
  const lines: string[] = [];
  const logger: Logger = {
    debug() {},
    info() {},
    warn: (message) => lines.push(`warn ${message}`),
    error: (message) => lines.push(`error ${message}`),
  };
  const heard: string[] = [];
  const received: AnyKitEvent[] = [];
  const failing = new Map<string, number>();
  const listener =
    (who: string): EventHandler =>
    (event) => {
      heard.push(`${who} ${event.type} ${event.id}`);
      received.push(event);
      const left = failing.get(who) ?? 0;
      if (left > 0) {
        failing.set(who, left - 1);
        throw new Error(`${who} is down`);
      }
    };
  const events = new KitEvents({
    outbox: store.outbox,
    clock: { now: () => now },
    logger,
    leaseMs: LEASE_MS,
    backoffMs: BACKOFF_MS,
    merchant: options.merchant === false ? undefined : listener('onEvent'),
    flows: new Map([['receipts', { 'session.paid': listener('receipts') }]]),
  });
  after(async () => {
    await Promise.all(events.deliveries.map((d) => d.close()));
    await store.close();
  });
  /** the transition's commit, then the delivery at once, as the kit does */
  const emit = async (event: AnyKitEvent) => {
    const owe = events.owed(event, now);
    assert.ok(await store.records.commit({ owe }));
    events.start(owe);
    await idle();
    return owe;
  };
  const idle = () => Promise.all(events.deliveries.map((d) => d.idle()));
  const sweep = async () => {
    for (const d of events.deliveries) await d.retryDue();
  };
  const owed = async () =>
    (
      await Promise.all(
        ['events.merchant', 'events.receipts'].map((topic) =>
          store.outbox.due(topic, now + 365 * 86_400_000, 100),
        ),
      )
    ).flat();
  return {
    store,
    events,
    emit,
    sweep,
    owed,
    heard,
    received,
    lines,
    fail: (who: string, times: number) => failing.set(who, times),
    now: () => now,
    advance: (ms: number) => (now += ms),
  };
}

describe('KitEvents', () => {
  it("delivers an event once to the merchant's onEvent and to each flow listening to its type", async () => {
    const t = setup();
    const owe = await t.emit(paid);
    assert.deepEqual(owe.map((o) => o.topic).sort(), ['events.merchant', 'events.receipts']);
    assert.deepEqual(t.heard.sort(), ['onEvent session.paid evt_1', 'receipts session.paid evt_1']);
    assert.deepEqual(await t.owed(), []);
  });

  it('owes an event no flow listens to to the merchant alone, and to no one without onEvent', async () => {
    const t = setup();
    await t.emit(invoicePaid);
    assert.deepEqual(t.heard, ['onEvent invoice.paid evt_2']);
    const quiet = setup({ merchant: false });
    assert.deepEqual(quiet.events.owed(invoicePaid, 0), []);
    assert.deepEqual(
      quiet.events.owed(paid, 0).map((o) => o.topic),
      ['events.receipts'],
    );
  });

  it('hands a listener the event as emitted, read back from the store by another instance', async () => {
    const t = setup();
    // the instance that committed died before delivering: a sweep after the lease has only the store
    assert.ok(await t.store.records.commit({ owe: t.events.owed(paid, t.now()) }));
    await t.sweep();
    assert.deepEqual(t.received, [], 'not due while the lease runs');
    t.advance(LEASE_MS);
    await t.sweep();
    assert.deepEqual(t.received, [paid, paid]);
  });

  it('retries a listener that failed on its own, after its backoff; the other hears it once', async () => {
    const t = setup();
    t.fail('receipts', 1);
    await t.emit(paid);
    assert.deepEqual(t.lines, ["warn receipts's event handler failed; retried in 1800 s"]);
    t.advance(BACKOFF_MS[0]!);
    await t.sweep();
    assert.deepEqual(t.heard.sort(), [
      'onEvent session.paid evt_1',
      'receipts session.paid evt_1',
      'receipts session.paid evt_1',
    ]);
    assert.deepEqual(await t.owed(), []);
  });

  it('drops an owed entry that is not an event, with a line, and calls no one', async () => {
    const t = setup();
    assert.ok(
      await t.store.records.commit({
        owe: [{ topic: 'events.merchant', id: 'evt_bad', dueAt: 0, payload: { id: 'evt_bad', type: 7 } }],
      }),
    );
    await t.sweep();
    assert.deepEqual(t.heard, []);
    assert.deepEqual(t.lines, ['error an owed event is not readable; dropped']);
    assert.deepEqual(await t.owed(), []);
  });

  it("owes every event, of a type no flow names, to the host's delivery with its records, in one commit", async () => {
    const store = new SqliteStore(join(dir, `events-${++files}.db`));
    after(() => store.close());
    const told: string[][] = [];
    const events = new KitEvents({
      outbox: store.outbox,
      clock: { now: () => 0 },
      logger: { debug() {}, info() {}, warn() {}, error() {} },
      leaseMs: LEASE_MS,
      backoffMs: BACKOFF_MS,
      merchant: undefined,
      flows: new Map(),
      host: {
        writes: (event, now) => [{ collection: 'host.log', key: event.id, value: { type: event.type, now } }],
        owed: (ids) => told.push([...ids]),
      },
    });
    const refund: AnyKitEvent = {
      ...paid,
      id: 'evt_9',
      type: 'refund.requested',
      data: { refund_id: 'rf_1' },
    };
    const now = Date.parse('2026-11-21T10:00:00.000Z');
    const owe = events.owed(refund, now);
    assert.ok(await store.records.commit({ writes: events.writes([refund], now), owe }));
    events.start(owe);
    assert.deepEqual(told, [['evt_9']]);
    assert.deepEqual(
      (await store.outbox.due(HOST_EVENTS_TOPIC, now, 10)).map((e) => [e.id, e.dueAt, e.attempts, e.payload]),
      [['evt_9', now, 0, { ...refund, data: { ...refund.data } }]],
      'due at once, for the host to lease',
    );
    assert.deepEqual((await store.records.get('host.log', 'evt_9'))?.value, {
      type: 'refund.requested',
      now,
    });
    assert.deepEqual(events.deliveries, [], 'the kit delivers none of it itself');
    assert.deepEqual(events.writes([refund], now).length, 1);
  });

  it('reads back only payloads of an event’s shape', () => {
    assert.deepEqual(eventOf({ ...paid, data: { ...paid.data } }), paid);
    for (const payload of [
      null,
      'evt_1',
      [paid.id],
      { ...paid, id: 1 },
      { ...paid, created_at: null },
      { ...paid, data: null },
      { ...paid, data: ['ses_1'] },
      { ...paid, data: { amount: 5000 } },
    ])
      assert.equal(eventOf(payload as never), null, JSON.stringify(payload));
    assert.deepEqual(eventOf({ ...paid, data: { paid_at: null } }), { ...paid, data: { paid_at: null } });
  });
});
