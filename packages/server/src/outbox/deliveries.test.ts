// One outbox topic's deliveries on a real SQLite file, two instances sharing it, the clock moved by
// hand: a commit's delivery made at once and nothing owed after, a failure left owed and retried after
// the lease (or at once by an instance starting), an entry a live instance holds left alone, a
// backoff given up past its last step, and nothing delivered after close.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Logger } from '../log.js';
import type { OutboxEntry } from '../store/contract.js';
import { SqliteStore } from '../store/sqlite.js';
import { Deliveries } from './deliveries.js';

const dir = mkdtempSync(join(tmpdir(), 'pay-deliveries-'));
after(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

const TOPIC = 'sessions.paid';
const LEASE_MS = 60_000;
const MINUTE = 60_000;

function setup(options: { backoffMs?: number[] } = {}) {
  const file = join(dir, `outbox-${++files}.db`);
  let now = Date.parse('2026-11-21T10:00:00.000Z');
  const clock = { now: () => now };
  const lines: string[] = [];
  const logger: Logger = {
    debug() {},
    info() {},
    warn: (message) => lines.push(`warn ${message}`),
    error: (message) => lines.push(`error ${message}`),
  };
  /** what the merchant's callback was called with, and how many of its next calls throw */
  const delivered: OutboxEntry[] = [];
  let failing = 0;
  const outcomes: string[] = [];
  /** one instance: its own connection to the file and its own deliveries */
  const instance = () => {
    const store = new SqliteStore(file);
    const deliveries = new Deliveries({
      outbox: store.outbox,
      topic: TOPIC,
      names: { callback: 'onPaid', id: 'sessionId' },
      deliver: (entry) => {
        delivered.push(entry);
        if (failing > 0) {
          failing--;
          return Promise.reject(new Error('the merchant is down'));
        }
        return Promise.resolve();
      },
      clock,
      logger,
      leaseMs: LEASE_MS,
      backoffMs: options.backoffMs,
      observe: (_seconds, outcome) => outcomes.push(outcome),
    });
    after(async () => {
      await deliveries.close();
      await store.close();
    });
    return { store, deliveries };
  };
  const a = instance();
  /** a commit of instance a that makes `id` owed, as a flow's transition does */
  const owe = async (id: string) => {
    const dueAt = now + LEASE_MS;
    assert.ok(await a.store.records.commit({ owe: [{ topic: TOPIC, id, dueAt, payload: { id } }] }));
    return dueAt;
  };
  const owed = () => a.store.outbox.due(TOPIC, now + 365 * 24 * 60 * MINUTE, 100);
  return {
    a,
    instance,
    owe,
    owed,
    delivered,
    lines,
    outcomes,
    failNext: (n: number) => (failing = n),
    advance: (ms: number) => (now += ms),
  };
}

describe('Deliveries', () => {
  it("delivers what this instance's commit made owed at once, once, and nothing is owed after", async () => {
    const t = setup();
    t.a.deliveries.start('ses_1', await t.owe('ses_1'), { id: 'ses_1' });
    await t.a.deliveries.idle();
    assert.deepEqual(
      t.delivered.map((e) => [e.id, e.payload]),
      [['ses_1', { id: 'ses_1' }]],
    );
    assert.deepEqual(await t.owed(), []);
    assert.deepEqual(t.outcomes, ['delivered']);
    await t.a.deliveries.retryDue({ failedToo: true });
    assert.equal(t.delivered.length, 1);
  });

  it('leaves a failed delivery owed, logged, and retries it after the lease', async () => {
    const t = setup();
    t.failNext(1);
    t.a.deliveries.start('ses_1', await t.owe('ses_1'));
    await t.a.deliveries.idle();
    assert.deepEqual(t.lines, [
      'error onPaid failed; it stays owed and is retried by a sweep or at the next start',
    ]);
    assert.deepEqual(
      (await t.owed()).map((e) => [e.id, e.attempts]),
      [['ses_1', 1]],
    );
    await t.a.deliveries.retryDue();
    assert.equal(t.delivered.length, 1, 'not due before the lease ran out');
    t.advance(LEASE_MS);
    await t.a.deliveries.retryDue();
    assert.deepEqual(
      t.delivered.map((e) => e.id),
      ['ses_1', 'ses_1'],
    );
    assert.deepEqual(await t.owed(), []);
    assert.deepEqual(t.outcomes, ['failed', 'delivered']);
  });

  it('lets an instance starting retry a failed delivery at once, before its lease ran out', async () => {
    const t = setup();
    t.failNext(1);
    t.a.deliveries.start('ses_1', await t.owe('ses_1'));
    await t.a.deliveries.idle();
    const b = t.instance();
    await b.deliveries.retryDue({ failedToo: true });
    assert.equal(t.delivered.length, 2);
    assert.deepEqual(await t.owed(), []);
  });

  it('leaves alone an entry a live instance is delivering, and takes it once that instance died', async () => {
    const t = setup();
    // instance a committed and is delivering (its lease runs): b's sweep and b's start leave it
    await t.owe('ses_1');
    const b = t.instance();
    await b.deliveries.retryDue();
    await b.deliveries.retryDue({ failedToo: true });
    assert.equal(t.delivered.length, 0);
    // a died: once its lease ran out, b's sweep delivers it, once
    t.advance(LEASE_MS);
    await Promise.all([b.deliveries.retryDue(), t.instance().deliveries.retryDue()]);
    assert.deepEqual(
      t.delivered.map((e) => e.id),
      ['ses_1'],
    );
    assert.deepEqual(await t.owed(), []);
  });

  it('backs off after each failure and gives up past the last step, with a line each time', async () => {
    const t = setup({ backoffMs: [20 * MINUTE] });
    t.failNext(2);
    t.a.deliveries.start('ses_1', await t.owe('ses_1'));
    await t.a.deliveries.idle();
    assert.deepEqual(t.lines, ['warn onPaid failed; retried in 1200 s']);
    t.advance(LEASE_MS);
    await t.a.deliveries.retryDue();
    assert.equal(t.delivered.length, 1, 'not due before its backoff');
    t.advance(20 * MINUTE);
    await t.a.deliveries.retryDue();
    assert.equal(t.delivered.length, 2);
    assert.deepEqual(t.lines, [
      'warn onPaid failed; retried in 1200 s',
      'error onPaid failed 2 times; given up',
    ]);
    assert.deepEqual(await t.owed(), []);
  });

  it('delivers nothing after close: it stays owed for the next start', async () => {
    const t = setup();
    await t.a.deliveries.close();
    t.a.deliveries.start('ses_1', await t.owe('ses_1'));
    await t.a.deliveries.idle();
    assert.equal(t.delivered.length, 0);
    assert.deepEqual(
      (await t.owed()).map((e) => e.id),
      ['ses_1'],
    );
    t.advance(LEASE_MS);
    await t.instance().deliveries.retryDue();
    assert.equal(t.delivered.length, 1);
  });
});
