// GET /pay/sessions/:id/events against the real emulator: the view first, an event per change (from
// a webhook at once, or from the kit's own check at the watcher's interval), heartbeats, the end at a
// final state, Last-Event-ID, limits, CORS, and a dropped client freeing its stream. Time is the
// frozen clock plus a manual scheduler for the stream timers.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ErrorBody, SessionView } from '@pay-elements/protocol';
import { ManualScheduler } from '../../testing/scheduler.js';
import { SseReader, type SseEvent } from '@pay-elements/testing/sse';
import { jsonPost, SHOP, startWorld, type World } from '@pay-elements/testing/kit-world';

function viewOf(event: SseEvent | null): SessionView {
  assert.ok(event, 'an event came');
  assert.equal(event.type, 'session');
  return SessionView.parse(JSON.parse(event.data));
}

async function errorOf(response: Response): Promise<ErrorBody['error']> {
  return ErrorBody.parse(await response.json()).error;
}

describe('status stream (webhooks on, served on node:http)', () => {
  let world: World;
  const scheduler = new ManualScheduler();
  let orders = 0;

  before(async () => {
    world = await startWorld({
      webhooks: true,
      kit: {
        allowedOrigins: [SHOP],
        streams: { scheduler, maxStreams: 6, maxStreamsPerClient: 4, heartbeatMs: 15_000 },
      },
    });
  });
  after(async () => {
    await world.close();
    assert.deepEqual(world.leaks(), []);
  });

  async function create(): Promise<SessionView> {
    const id = `order-s${++orders}`;
    world.orders.set(id, { amount: '700.00', currency: 'NGN', customer_id: world.customerId });
    const response = await world.request('/pay/sessions', jsonPost({ order_id: id }));
    assert.equal(response.status, 201);
    return SessionView.parse(await response.json());
  }

  function open(id: string, headers: Record<string, string> = {}, signal?: AbortSignal): Promise<Response> {
    return fetch(`${world.kitUrl}/pay/sessions/${id}/events`, {
      headers: { accept: 'text/event-stream', ...headers },
      ...(signal ? { signal } : {}),
    });
  }

  it('sends the view first, then the paid view as soon as the webhook lands, then ends', async () => {
    const session = await create();
    const response = await open(session.id, { origin: SHOP });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'text/event-stream; charset=utf-8');
    assert.equal(response.headers.get('cache-control'), 'no-store');
    assert.equal(response.headers.get('x-accel-buffering'), 'no');
    assert.equal(response.headers.get('access-control-allow-origin'), SHOP);
    assert.equal(response.headers.get('content-length'), null);
    assert.ok(response.body);
    const stream = new SseReader(response.body);
    const first = await stream.nextEvent();
    const pending = viewOf(first);
    assert.equal(pending.status, 'pending');
    assert.equal(pending.account.account_number, session.account.account_number);
    const poll = await world.request(`/pay/sessions/${session.id}`);
    assert.equal(`"${first?.id}"`, poll.headers.get('etag'), 'the event id is the view version (ETag)');

    await world.control('/transfers', { account_number: session.account.account_number, amount: 700 });
    await world.sandbox.flushWebhooks();
    const second = await stream.nextEvent();
    const paid = viewOf(second);
    assert.equal(paid.status, 'paid');
    assert.notEqual(second?.id, first?.id);
    assert.equal(await stream.next(), null, 'the stream ends after a final state');
    assert.equal(scheduler.pending, 0, 'no timer is left behind');
  });

  it('answers 204 to a final session whose version the client holds, so EventSource stops', async () => {
    const session = await create();
    await world.control('/transfers', { account_number: session.account.account_number, amount: 700 });
    await world.sandbox.flushWebhooks();
    const response = await open(session.id);
    assert.ok(response.body);
    const stream = new SseReader(response.body);
    const paid = await stream.nextEvent();
    assert.equal(viewOf(paid).status, 'paid');
    assert.equal(await stream.next(), null);
    const again = await open(session.id, { 'last-event-id': paid?.id ?? '' });
    assert.equal(again.status, 204);
  });

  it('resumes from Last-Event-ID: no repeat of a view the client holds, the change when it comes', async () => {
    const session = await create();
    const first = await open(session.id);
    assert.ok(first.body);
    const firstStream = new SseReader(first.body);
    const held = await firstStream.nextEvent();
    await firstStream.cancel(); // the connection drops

    const resumed = await open(session.id, { 'last-event-id': held?.id ?? '' });
    assert.equal(resumed.status, 200);
    assert.ok(resumed.body);
    const stream = new SseReader(resumed.body);
    await world.control('/transfers', { account_number: session.account.account_number, amount: 700 });
    await world.sandbox.flushWebhooks();
    const next = await stream.nextEvent();
    assert.equal(viewOf(next).status, 'paid', 'the first event after resuming is the change');
    assert.equal(stream.seen.filter((e) => e.type === 'session').length, 1);

    // a client holding an older version is sent the current view at once
    const stale = await open(session.id, { 'last-event-id': 'an-old-version' });
    assert.ok(stale.body);
    assert.equal(viewOf(await new SseReader(stale.body).nextEvent()).status, 'paid');
  });

  it('sends a heartbeat comment at the configured interval, and none before', async () => {
    const session = await create();
    const response = await open(session.id);
    assert.ok(response.body);
    const stream = new SseReader(response.body);
    await stream.nextEvent();
    scheduler.advance(14_999);
    scheduler.advance(1);
    const beat = await stream.next();
    assert.deepEqual(beat, { type: 'comment', id: null, data: 'keep-alive' });
    assert.equal(stream.seen.filter((e) => e.type === 'comment').length, 1);
    await stream.cancel();
  });

  it('limits streams per client (429) and per instance (503) with Retry-After; a dropped client frees its place', async () => {
    const sessions = [await create(), await create()];
    const aborts: AbortController[] = [];
    const readers: SseReader[] = [];
    for (let i = 0; i < 4; i++) {
      const abort = new AbortController();
      const response = await open(sessions[0]?.id ?? '', {}, abort.signal);
      assert.equal(response.status, 200);
      assert.ok(response.body);
      const reader = new SseReader(response.body);
      await reader.nextEvent();
      aborts.push(abort);
      readers.push(reader);
    }
    const refused = await open(sessions[1]?.id ?? '');
    assert.equal(refused.status, 429);
    assert.equal(refused.headers.get('retry-after'), '30');
    assert.equal((await errorOf(refused)).code, 'rate_limited');

    // the client leaves: its place is free again (the adapter cancels the stream on close)
    aborts[0]?.abort();
    let reopened: Response | null = null;
    for (let attempt = 0; attempt < 50 && reopened?.status !== 200; attempt++) {
      await reopened?.body?.cancel();
      await new Promise((resolve) => setImmediate(resolve));
      reopened = await open(sessions[1]?.id ?? '');
    }
    assert.equal(reopened?.status, 200);
    await reopened?.body?.cancel();
    for (const reader of readers.slice(1)) await reader.cancel();
  });

  it('holds its limits under a flood of HEADs: each answered with the stream’s headers, no place taken', async () => {
    const session = await create();
    const heads = await Promise.all(
      Array.from({ length: 40 }, () =>
        fetch(`${world.kitUrl}/pay/sessions/${session.id}/events`, { method: 'HEAD' }),
      ),
    );
    assert.deepEqual([...new Set(heads.map((head) => head.status))], [200]);
    assert.match(heads[0]?.headers.get('content-type') ?? '', /^text\/event-stream/);
    // the same client may still open all of its streams
    const readers: SseReader[] = [];
    for (let i = 0; i < 4; i++) {
      const response = await open(session.id);
      assert.equal(response.status, 200, `stream ${i + 1} of 4 after 40 HEADs`);
      assert.ok(response.body);
      const reader = new SseReader(response.body);
      await reader.nextEvent();
      readers.push(reader);
    }
    for (const reader of readers) await reader.cancel();
  });

  it('lets a listed origin resume cross-origin: the preflight allows Last-Event-ID; others get no CORS', async () => {
    const session = await create();
    const preflight = await fetch(`${world.kitUrl}/pay/sessions/${session.id}/events`, {
      method: 'OPTIONS',
      headers: {
        origin: SHOP,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'last-event-id',
      },
    });
    assert.equal(preflight.status, 204);
    assert.match(preflight.headers.get('access-control-allow-headers') ?? '', /(^|, )last-event-id(,|$)/);
    assert.match(preflight.headers.get('access-control-allow-methods') ?? '', /GET/);
    const stranger = await open(session.id, { origin: 'http://evil.test' });
    assert.equal(stranger.status, 200);
    assert.equal(stranger.headers.get('access-control-allow-origin'), null);
    await stranger.body?.cancel();
  });

  it('answers 404 for an unknown session, with the protocol error body', async () => {
    const response = await open('ses_unknown');
    assert.equal(response.status, 404);
    assert.equal((await errorOf(response)).code, 'not_found');
  });
});

describe('status stream without webhooks (the kit checks by itself)', () => {
  let world: World;
  const scheduler = new ManualScheduler();

  before(async () => {
    world = await startWorld({ kit: { streams: { scheduler, maxStreams: 3 } } });
  });
  after(async () => {
    await world.close();
  });

  async function stream(id: string): Promise<SseReader> {
    const response = await world.kit.fetch(new Request(`${SHOP}/pay/sessions/${id}/events`));
    assert.equal(response.status, 200);
    assert.ok(response.body);
    return new SseReader(response.body);
  }

  it('checks a watched session at the watcher interval, once for all its streams, and pushes the change', async () => {
    const created = await world.request('/pay/sessions', jsonPost({ order_id: 'order-1' }));
    const session = SessionView.parse(await created.json());
    const streams = [await stream(session.id), await stream(session.id), await stream(session.id)];
    for (const s of streams) assert.equal(viewOf(await s.nextEvent()).status, 'pending');

    const refused = await world.kit.fetch(new Request(`${SHOP}/pay/sessions/${session.id}/events`));
    assert.equal(refused.status, 503, 'the instance holds at most 3');
    assert.equal(refused.headers.get('retry-after'), '30');
    assert.equal((await errorOf(refused)).code, 'upstream_unavailable');

    await world.control('/transfers', { account_number: session.account.account_number, amount: 5000 });
    const before = world.transactionsCalls();
    world.advance(1000);
    scheduler.advance(1000); // the watcher's interval in this world
    const views = await Promise.all(streams.map(async (s) => viewOf(await s.nextEvent())));
    assert.deepEqual(
      views.map((v) => v.status),
      ['paid', 'paid', 'paid'],
    );
    assert.equal(world.transactionsCalls() - before, 1, 'one provider check for the three streams');
    for (const s of streams) assert.equal(await s.next(), null);
    assert.equal(world.paid.length, 1, 'onPaid once');
  });

  it('expires a watched session at its expiry and ends the stream', async () => {
    world.orders.set('order-x', { amount: '10.00', currency: 'NGN', customer_id: world.customerId });
    const created = await world.request('/pay/sessions', jsonPost({ order_id: 'order-x' }));
    const session = SessionView.parse(await created.json());
    const s = await stream(session.id);
    await s.nextEvent();
    world.advance(31 * 60_000);
    scheduler.advance(1000);
    assert.equal(viewOf(await s.nextEvent()).status, 'expired');
    assert.equal(await s.next(), null);
  });
});
