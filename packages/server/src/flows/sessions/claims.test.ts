// "I've sent the money" against the real emulator over loopback, with the real client: a claim pays
// nothing, is idempotent, keeps the session pending through the grace (a transfer sent in time that
// settles after the expiry pays it; none, and it expires after the grace), is refused for unknown,
// paid and expired sessions and past the rate limit, is kept in a SQLite store, fires
// `session.claimed`, and costs the provider a few reads however many pages poll.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ErrorBody, SessionView } from '@pay-elements/protocol';
import { jsonPost, startWorld, type World, type WorldOptions } from '@pay-elements/testing/kit-world';
import type { PayEvent } from '../../flow.js';
import { SqliteStore } from '../../store/sqlite.js';
import { CLAIM_READS_MS, claimReadDue, payableUntil } from './claims.js';

const MINUTE = 60_000;
const dir = mkdtempSync(join(tmpdir(), 'pay-session-claims-'));
after(() => rmSync(dir, { recursive: true, force: true }));

async function view(response: Response): Promise<SessionView> {
  assert.equal(response.status, 200, await response.clone().text());
  return SessionView.parse(await response.json());
}

/** A world whose kit's events are kept in `events`. */
async function world(options: WorldOptions = {}, events: PayEvent[] = []): Promise<World> {
  return startWorld({
    ...options,
    kit: {
      onEvent: (event) => {
        events.push(event);
      },
      ...options.kit,
    },
  });
}

let orders = 0;
async function open(w: World): Promise<SessionView> {
  const id = `claim-order-${++orders}`;
  w.orders.set(id, { amount: '5000.00', currency: 'NGN', customer_id: w.customerId });
  const response = await w.request('/pay/sessions', jsonPost({ order_id: id }));
  assert.equal(response.status, 201);
  return SessionView.parse(await response.json());
}

const claim = (w: World, id: string, headers: Record<string, string> = {}) =>
  w.request(`/pay/sessions/${encodeURIComponent(id)}/claim`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: '{}',
  });
const poll = async (w: World, id: string) => view(await w.request(`/pay/sessions/${id}`));

async function errorOf(response: Response, status: number) {
  assert.equal(response.status, status, await response.clone().text());
  return ErrorBody.parse(await response.json()).error;
}

describe('claims: the timing rules', () => {
  it('keeps a claimed session payable for the grace, and asks for reads at +1, +3 and +10 minutes', () => {
    const expiresAt = '2026-11-21T10:30:00.000Z';
    const claimedAt = '2026-11-21T10:20:00.000Z';
    assert.equal(payableUntil({ expiresAt }, 30 * MINUTE), Date.parse(expiresAt));
    assert.equal(payableUntil({ expiresAt, claimedAt }, 30 * MINUTE), Date.parse(expiresAt) + 30 * MINUTE);
    const at = Date.parse(claimedAt);
    assert.deepEqual(CLAIM_READS_MS, [MINUTE, 3 * MINUTE, 10 * MINUTE]);
    assert.equal(claimReadDue({}, at + 20 * MINUTE), undefined);
    assert.equal(claimReadDue({ claimedAt }, at + 59_999), undefined);
    assert.equal(claimReadDue({ claimedAt }, at + 2 * MINUTE), at + MINUTE);
    assert.equal(claimReadDue({ claimedAt }, at + 3 * MINUTE), at + 3 * MINUTE);
    assert.equal(claimReadDue({ claimedAt }, at + 60 * MINUTE), at + 10 * MINUTE);
  });
});

describe('claims against the emulator', () => {
  it('pays a claimed session with a transfer sent before expiry that settles two minutes after it', async () => {
    const events: PayEvent[] = [];
    const w = await world({}, events);
    try {
      const session = await open(w);
      w.advance(25 * MINUTE);
      const claimed = await view(await claim(w, session.id));
      assert.equal(claimed.status, 'pending');
      assert.equal(claimed.claimed_at, '2026-11-21T10:25:00.000Z');
      assert.deepEqual(w.paid, [], 'a claim pays nothing');
      w.advance(3 * MINUTE);
      const sent = await w.control('/transfers', {
        account_number: session.account.account_number,
        amount: 5000,
        settle_after_seconds: 4 * 60, // sent at 10:28, settles at 10:32
      });
      assert.equal(sent.status, true);
      w.advance(3 * MINUTE); // 10:31: expired by the clock, claimed, money on its way
      const waiting = await poll(w, session.id);
      assert.equal(waiting.status, 'pending');
      assert.equal(waiting.claimed_at, claimed.claimed_at);
      w.advance(1 * MINUTE); // 10:32: settled at the bank
      const paid = await poll(w, session.id);
      assert.equal(paid.status, 'paid');
      assert.equal(paid.paid_at, '2026-11-21T10:28:00.000Z', 'paid when the transfer was sent');
      assert.equal(paid.claimed_at, claimed.claimed_at);
      assert.equal(w.paid.length, 1);
      await w.kit.watcher.idle();
      const types = events.filter((e) => e.data['session_id'] === session.id).map((e) => e.type);
      assert.deepEqual(types.sort(), ['session.claimed', 'session.paid']);
      const claimedEvent = events.find((e) => e.type === 'session.claimed');
      assert.equal(claimedEvent?.data['claimed_at'], claimed.claimed_at);
      assert.equal(claimedEvent?.data['amount'], '5000.00');
    } finally {
      await w.close();
    }
  });

  it('expires a claimed session with no money once the grace has passed, an unclaimed one at its expiry', async () => {
    const w = await world({ kit: { claimGraceMinutes: 20 } });
    try {
      const claimed = await open(w);
      const unclaimed = await open(w);
      w.advance(10 * MINUTE);
      await view(await claim(w, claimed.id));
      w.advance(21 * MINUTE); // 10:31
      assert.equal((await poll(w, unclaimed.id)).status, 'expired');
      assert.equal((await poll(w, claimed.id)).status, 'pending');
      w.advance(18 * MINUTE); // 10:49: a minute of grace left
      assert.equal((await poll(w, claimed.id)).status, 'pending');
      w.advance(1 * MINUTE); // 10:50: the grace is over
      const expired = await poll(w, claimed.id);
      assert.equal(expired.status, 'expired');
      assert.equal(expired.claimed_at, '2026-11-21T10:10:00.000Z');
      // renewed: a new account, claimed anew
      const renewed = await view(await w.request(`/pay/sessions/${claimed.id}/renew`, jsonPost({})));
      assert.equal(renewed.status, 'pending');
      assert.equal(renewed.claimed_at, null);
    } finally {
      await w.close();
    }
  });

  it('answers the same view to a second claim: the same claimed_at, one event', async () => {
    const events: PayEvent[] = [];
    const w = await world({}, events);
    try {
      const session = await open(w);
      assert.equal(session.claimed_at, null, 'not claimed: null');
      const first = await view(await claim(w, session.id));
      w.advance(2 * MINUTE);
      const second = await view(await claim(w, session.id));
      assert.equal(second.claimed_at, first.claimed_at);
      assert.deepEqual({ ...second, server_time: '' }, { ...first, server_time: '' });
      assert.equal((await poll(w, session.id)).claimed_at, first.claimed_at);
      await w.kit.watcher.idle();
      assert.equal(events.filter((e) => e.type === 'session.claimed').length, 1);
    } finally {
      await w.close();
    }
  });

  it('refuses an unknown session (404), a paid or expired one (409), and a client past its limit (429)', async () => {
    const w = await world({
      kit: {
        claimRateLimit: { perClientPerMinute: 3, perSessionPerMinute: 10 },
        clientKey: (request) => request.headers.get('x-client') ?? 'anyone',
      },
    });
    try {
      const unknown = await errorOf(await claim(w, 'ses_nope'), 404);
      assert.equal(unknown.code, 'not_found');
      const paid = await open(w);
      await w.control('/transfers', { account_number: paid.account.account_number, amount: 5000 });
      assert.equal((await poll(w, paid.id)).status, 'paid');
      const onPaid = await errorOf(await claim(w, paid.id, { 'x-client': 'b' }), 409);
      assert.deepEqual(onPaid, { code: 'conflict', message: 'The session is already paid.' });
      const late = await open(w);
      w.advance(30 * MINUTE);
      const onExpired = await errorOf(await claim(w, late.id, { 'x-client': 'c' }), 409);
      assert.equal(onExpired.code, 'conflict');
      assert.match(onExpired.message, /expired/);
      const session = await open(w);
      for (let i = 0; i < 3; i++) await view(await claim(w, session.id, { 'x-client': 'd' }));
      const limited = await claim(w, session.id, { 'x-client': 'd' });
      assert.equal(limited.status, 429);
      assert.match(limited.headers.get('retry-after') ?? '', /^\d+$/);
      assert.equal((await errorOf(limited, 429)).code, 'rate_limited');
      // another client is not held back by this one
      await view(await claim(w, session.id, { 'x-client': 'e' }));
    } finally {
      await w.close();
    }
  });

  it('keeps claimed_at in a SQLite store, read back by a second kit on the same file', async () => {
    const file = join(dir, 'claims.db');
    const store = new SqliteStore(file);
    const w = await world({ kit: { store } });
    try {
      const session = await open(w);
      const claimed = await view(await claim(w, session.id));
      const again = new SqliteStore(file);
      try {
        const record = await again.records.get('sessions.records', session.id);
        assert.equal((record?.value as { claimedAt?: string }).claimedAt, claimed.claimed_at);
      } finally {
        await again.close();
      }
    } finally {
      await w.close();
      await store.close();
    }
  });
});

describe('claims: what the provider is asked', () => {
  /**
   * GET /v1/transactions over 15 minutes of polls every 10 s by `pollers` pages, the session claimed
   * at once or not. The interval is an hour, so that only the first poll and the claim's reads check.
   */
  async function reads(claimed: boolean, pollers: number): Promise<number> {
    const w = await world({ kit: { pollIntervalMs: 60 * MINUTE } });
    try {
      const session = await open(w);
      if (claimed) await view(await claim(w, session.id));
      for (let t = 0; t < 15 * 6; t++) {
        await Promise.all(Array.from({ length: pollers }, () => poll(w, session.id)));
        w.advance(10_000);
      }
      return w.transactionsCalls();
    } finally {
      await w.close();
    }
  }

  it('reads three more times for a claimed session, and no more with 20 pages polling', async () => {
    const unclaimed = await reads(false, 1);
    const claimed = await reads(true, 1);
    const crowd = await reads(true, 20);
    assert.equal(unclaimed, 1, 'the first poll checks; the hour-long interval holds the rest');
    assert.equal(claimed, unclaimed + CLAIM_READS_MS.length);
    assert.equal(crowd, claimed);
  });
});
