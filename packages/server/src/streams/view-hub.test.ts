// The streams of views by key, on a manual scheduler: what a stream hears when it opens, when the
// kit hears of a change and when nothing is heard (one read per key per interval, however many
// streams), the end after a final view, a failed read, heartbeats, and the drain.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ManualScheduler } from '../testing/scheduler.js';
import type { Logger } from '../log.js';
import { StreamOptionsSchema } from './options.js';
import { ViewHub, type ViewSink } from './view-hub.js';

interface View {
  id: string;
  status: string;
}

class Sink implements ViewSink {
  version: string | null = null;
  readonly frames: string[] = [];
  heartbeats = 0;
  ended = false;
  reconnected = false;
  send(bytes: Uint8Array): void {
    this.frames.push(new TextDecoder().decode(bytes));
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
  /** the `data:` of each frame sent, parsed */
  get views(): (View & { server_time: string })[] {
    return this.frames.map(
      (frame) => JSON.parse(/^data: (.*)$/m.exec(frame)?.[1] ?? 'null') as View & { server_time: string },
    );
  }
}

const NOW = Date.parse('2026-11-21T10:00:00.000Z');
const INTERVAL_MS = 5000;
const HEARTBEAT_MS = 15_000;

function setup(options: { failReads?: number } = {}) {
  const scheduler = new ManualScheduler();
  const views = new Map<string, View>([
    ['ses_1', { id: 'ses_1', status: 'pending' }],
    ['ses_2', { id: 'ses_2', status: 'pending' }],
  ]);
  const reads: string[] = [];
  const warnings: string[] = [];
  let checks = 0;
  let failReads = options.failReads ?? 0;
  const logger: Logger = {
    debug() {},
    info() {},
    warn: (message) => warnings.push(message),
    error: (message) => warnings.push(message),
  };
  const hub = new ViewHub<View>({
    event: 'session',
    viewOf: (key) => {
      reads.push(key);
      if (failReads > 0) {
        failReads--;
        return Promise.reject(new Error('the store is down'));
      }
      return Promise.resolve({ view: { ...views.get(key)! }, now: NOW });
    },
    final: (view) => view.status === 'paid',
    beforeCheck: () => {
      checks++;
      return Promise.resolve();
    },
    logger,
    streams: { ...StreamOptionsSchema.parse({}), heartbeatMs: HEARTBEAT_MS, scheduler },
    checkIntervalMs: INTERVAL_MS,
  });
  /** lets the hub's queued reads run */
  const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
  return { hub, scheduler, views, reads, warnings, checks: () => checks, settle };
}

describe('ViewHub', () => {
  it('sends a new stream the current view at once, named, with its version and the server time', async () => {
    const t = setup();
    const sink = new Sink();
    t.hub.watch('ses_1', sink);
    await t.settle();
    assert.equal(sink.frames.length, 1);
    assert.match(sink.frames[0]!, /^id: [^\n]+\nevent: session\ndata: /);
    assert.deepEqual(sink.views, [
      { id: 'ses_1', status: 'pending', server_time: '2026-11-21T10:00:00.000Z' },
    ]);
    assert.equal(sink.version, /^id: (.*)$/m.exec(sink.frames[0]!)?.[1]);
    assert.equal(t.hub.keys, 1);
  });

  it('brings a change heard to every stream of its key with one read, and nothing to the others', async () => {
    const t = setup();
    const [a, b, other] = [new Sink(), new Sink(), new Sink()];
    t.hub.watch('ses_1', a);
    t.hub.watch('ses_1', b);
    t.hub.watch('ses_2', other);
    await t.settle();
    t.reads.length = 0;
    t.views.set('ses_1', { id: 'ses_1', status: 'paying' });
    t.hub.changed('ses_1');
    await t.settle();
    assert.deepEqual(t.reads, ['ses_1']);
    assert.deepEqual(
      [a, b].map((s) => s.views.map((v) => v.status)),
      [
        ['pending', 'paying'],
        ['pending', 'paying'],
      ],
    );
    assert.equal(other.frames.length, 1);
  });

  it('sends nothing to a stream that holds the version already', async () => {
    const t = setup();
    const sink = new Sink();
    t.hub.watch('ses_1', sink);
    await t.settle();
    t.hub.changed('ses_1');
    t.hub.changed('*');
    await t.settle();
    assert.equal(sink.frames.length, 1);
  });

  it('reads a watched key once per interval however many streams watch it, after the check', async () => {
    const t = setup();
    for (let i = 0; i < 3; i++) t.hub.watch('ses_1', new Sink());
    await t.settle();
    t.reads.length = 0;
    t.scheduler.advance(INTERVAL_MS);
    await t.settle();
    assert.deepEqual(t.reads, ['ses_1']);
    assert.equal(t.checks(), 1);
    t.scheduler.advance(INTERVAL_MS);
    await t.settle();
    assert.deepEqual(t.reads, ['ses_1', 'ses_1']);
  });

  it('ends every stream of a key after its final view', async () => {
    const t = setup();
    const [a, b] = [new Sink(), new Sink()];
    t.hub.watch('ses_1', a);
    t.hub.watch('ses_1', b);
    await t.settle();
    t.views.set('ses_1', { id: 'ses_1', status: 'paid' });
    t.scheduler.advance(INTERVAL_MS);
    await t.settle();
    for (const sink of [a, b]) {
      assert.deepEqual(
        sink.views.map((v) => v.status),
        ['pending', 'paid'],
      );
      assert.equal(sink.ended, true);
    }
  });

  it('keeps the streams open when a read fails, logs it, and sends the view at the next check', async () => {
    const t = setup({ failReads: 1 });
    const sink = new Sink();
    t.hub.watch('ses_1', sink);
    await t.settle();
    assert.equal(sink.frames.length, 0);
    assert.equal(sink.ended, false);
    assert.deepEqual(t.warnings, ['session stream check failed']);
    t.scheduler.advance(INTERVAL_MS);
    await t.settle();
    assert.deepEqual(
      sink.views.map((v) => v.status),
      ['pending'],
    );
  });

  it('gives a quiet stream a heartbeat every heartbeatMs', async () => {
    const t = setup();
    const sink = new Sink();
    t.hub.watch('ses_1', sink);
    await t.settle();
    t.scheduler.advance(HEARTBEAT_MS * 2);
    await t.settle();
    assert.equal(sink.heartbeats, 2);
    assert.equal(sink.frames.length, 1);
  });

  it('stops reading a key once its last stream is released', async () => {
    const t = setup();
    const [a, b] = [new Sink(), new Sink()];
    const releaseA = t.hub.watch('ses_1', a);
    const releaseB = t.hub.watch('ses_1', b);
    await t.settle();
    releaseA();
    releaseA();
    assert.equal(t.hub.keys, 1);
    releaseB();
    assert.equal(t.hub.keys, 0);
    assert.equal(t.scheduler.pending, 0);
    t.reads.length = 0;
    t.hub.changed('ses_1');
    t.scheduler.advance(INTERVAL_MS * 3);
    await t.settle();
    assert.deepEqual(t.reads, []);
  });

  it('tells every stream to reconnect on close, and stops every timer', async () => {
    const t = setup();
    const sinks = [new Sink(), new Sink(), new Sink()];
    t.hub.watch('ses_1', sinks[0]!);
    t.hub.watch('ses_1', sinks[1]!);
    t.hub.watch('ses_2', sinks[2]!);
    await t.settle();
    t.hub.close();
    assert.deepEqual(
      sinks.map((s) => s.reconnected),
      [true, true, true],
    );
    assert.equal(t.hub.keys, 0);
    assert.equal(t.scheduler.pending, 0);
  });
});
