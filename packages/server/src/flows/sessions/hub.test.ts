// The sessions' stream hub over the session book on a real SQLite file, its change feed and a manual
// scheduler: a stream gets the current view at once (none it holds already), a committed change
// reaches every stream of the session with one view made, a pending session watched is checked once
// per interval however many streams, a final view ends its streams, and close tells each to
// reconnect.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { viewVersion } from '../../streams/event-stream.js';
import { claimNow } from '../../provider/claims.js';
import { SqliteStore } from '../../store/sqlite.js';
import { ManualScheduler } from '../../testing/scheduler.js';
import { sessionBookOf } from '../../testing/books.js';
import { CHANGED, type SessionRecord } from './book.js';
import { SessionHub, type StreamSink } from './hub.js';

const dir = mkdtempSync(join(tmpdir(), 'pay-session-hub-'));
after(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

const INTERVAL_MS = 5000;
const HEARTBEAT_MS = 15_000;

class Sink implements StreamSink {
  readonly statuses: string[] = [];
  heartbeats = 0;
  ended = false;
  reconnected = false;
  constructor(public version: string | null = null) {}
  send(_version: string, data: string): void {
    this.statuses.push((JSON.parse(data) as { status: string }).status);
  }
  heartbeat(): void {
    this.heartbeats++;
  }
  end(): void {
    this.ended = true;
  }
  reconnect(): void {
    this.reconnected = true;
  }
}

const session: SessionRecord = {
  id: 'ses_1',
  orderId: 'order-1',
  customerId: 'cus_1',
  amount: '5000.00',
  currency: 'NGN',
  status: 'pending',
  account: { accountName: 'Acme Stores / Ada', accountNumber: '9900112233', bankName: 'Sandbox Bank' },
  reference: 'REF-1',
  createdAt: '2026-11-21T10:00:00.000Z',
  expiresAt: '2026-11-21T10:30:00.000Z',
  paidAt: null,
  transactionId: null,
};

async function setup() {
  const store = new SqliteStore(join(dir, `hub-${++files}.db`));
  after(() => store.close());
  const book = sessionBookOf(store);
  assert.deepEqual(await book.claimOrder('order-1', claimNow({ now: () => 0 }, 'opener', 30_000)), {
    outcome: 'claimed',
  });
  assert.ok(await book.create(session, 'opener'));
  const scheduler = new ManualScheduler();
  let views = 0;
  const refreshed: string[] = [];
  const view = (s: SessionRecord) => {
    views++;
    return Promise.resolve({ id: s.id, status: s.status, paid_at: s.paidAt });
  };
  const hub = new SessionHub({
    sessions: book,
    subscribe: (listener) =>
      store.changes.subscribe((name) => {
        if (name === '*') listener('*');
        else if (name.startsWith(CHANGED)) listener(name.slice(CHANGED.length));
      }),
    refresh: (s) => {
      refreshed.push(s.id);
      return Promise.resolve(s);
    },
    clock: { now: () => Date.parse('2026-11-21T10:01:00.000Z') },
    logger: { debug() {}, info() {}, warn() {}, error() {} },
    scheduler,
    checkIntervalMs: INTERVAL_MS,
    heartbeatMs: HEARTBEAT_MS,
    view,
  });
  after(() => hub.close());
  const settle = async () => {
    for (let i = 0; i < 5; i++) await new Promise<void>((resolve) => setImmediate(resolve));
  };
  return { book, hub, scheduler, refreshed, views: () => views, settle };
}

describe('SessionHub', () => {
  it('sends a new stream the current view, and nothing to one that holds it already', async () => {
    const t = await setup();
    const fresh = new Sink();
    const holding = new Sink(viewVersion({ id: 'ses_1', status: 'pending', paid_at: null }));
    t.hub.open('ses_1', fresh);
    t.hub.open('ses_1', holding);
    await t.settle();
    assert.deepEqual(fresh.statuses, ['pending']);
    assert.deepEqual(holding.statuses, []);
    assert.equal(t.hub.size, 2);
    assert.equal(t.hub.sessions, 1);
  });

  it('brings a payment committed to every stream of the session with one view, and ends them', async () => {
    const t = await setup();
    const sinks = [new Sink(), new Sink(), new Sink()];
    for (const sink of sinks) t.hub.open('ses_1', sink);
    await t.settle();
    const before = t.views();
    await t.book.markPaid('ses_1', {
      paidAt: '2026-11-21T10:02:00.000Z',
      transactionId: 'txn_1',
      transactionRef: 'TRF-txn_1',
    });
    await t.settle();
    assert.equal(t.views() - before, 1, 'one view made for the three streams');
    for (const sink of sinks) {
      assert.deepEqual(sink.statuses, ['pending', 'paid']);
      assert.equal(sink.ended, true);
    }
    assert.equal(t.hub.sessions, 0);
    assert.equal(t.scheduler.pending, 1, 'only the heartbeat is left while the streams are open');
  });

  it('checks a watched pending session once per interval however many streams watch it', async () => {
    const t = await setup();
    for (let i = 0; i < 4; i++) t.hub.open('ses_1', new Sink());
    await t.settle();
    t.scheduler.advance(INTERVAL_MS);
    await t.settle();
    assert.deepEqual(t.refreshed, ['ses_1']);
    t.scheduler.advance(INTERVAL_MS);
    await t.settle();
    assert.deepEqual(t.refreshed, ['ses_1', 'ses_1']);
  });

  it('beats every open stream, and stops every timer once the last stream is released', async () => {
    const t = await setup();
    const sink = new Sink();
    const release = t.hub.open('ses_1', sink);
    await t.settle();
    t.scheduler.advance(HEARTBEAT_MS);
    await t.settle();
    assert.ok(sink.heartbeats >= 1);
    release();
    release();
    assert.equal(t.hub.size, 0);
    assert.equal(t.scheduler.pending, 0);
  });

  it('tells every stream to reconnect on close', async () => {
    const t = await setup();
    const sinks = [new Sink(), new Sink()];
    for (const sink of sinks) t.hub.open('ses_1', sink);
    await t.settle();
    t.hub.close();
    assert.deepEqual(
      sinks.map((s) => s.reconnected),
      [true, true],
    );
    assert.equal(t.scheduler.pending, 0);
  });
});
