// The change feed part (`ChangeFeedPart`): each committed expiry, renewal and payment is announced,
// nothing refused or no-op, and nothing after unsubscribing. (Announcements across instances are
// PostgreSQL's to show: store/postgres.test.ts.)
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { claimAt, connections, paid, renewal, seed, sessionRecord, type StoreFactory } from './support.js';

/** Waits (50 ms at a time, 5 s at most) for `done`: announcements may cross a database connection. */
async function eventually(done: () => boolean): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!done() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
}

/** Long enough for an announcement that should not come to have come. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 200));

export function changeFeedPartConformance(name: string, factory: StoreFactory): void {
  const { one } = connections(factory);
  describe(`${name}: change feed`, () => {
    it('announces each committed expiry, renewal and payment, nothing refused, and stops when asked', () =>
      one(async (writer) => {
        const feed = writer.changes;
        assert.ok(feed, 'the store announces its changes');
        const heard: string[] = [];
        const stop = feed.subscribe((id) => heard.push(id));
        await feed.ready?.();
        const { sessions, outbox } = writer;
        const s = await seed(writer, sessionRecord({ id: 'ses_told', orderId: 'order-told' }));
        assert.equal(await sessions.markExpired(s.id, 'ref_other'), false);
        assert.equal(await sessions.markExpired(s.id, s.reference), true);
        assert.equal(await sessions.markExpired(s.id, s.reference), false);
        assert.equal(await sessions.claimRenewal(s.id, s.reference, claimAt('r')), true);
        assert.equal(await sessions.renew(s.id, 'r', renewal('ref_told_2')), true);
        assert.equal(await sessions.markPaid(s.id, paid()), true);
        assert.equal(await sessions.markPaid(s.id, paid()), false);
        assert.equal(await outbox.claim('paid', s.id, 5000, 6000), true, 'a claim is no change to a stream');
        await eventually(() => heard.length >= 3);
        await settle();
        assert.deepEqual(heard, ['ses_told', 'ses_told', 'ses_told'], 'expired, renewed, paid');
        stop();
        const t = await seed(writer, sessionRecord({ id: 'ses_untold', orderId: 'order-untold' }));
        await sessions.markExpired(t.id, t.reference);
        await settle();
        assert.equal(heard.length, 3, 'nothing after unsubscribing');
      }));
  });
}
