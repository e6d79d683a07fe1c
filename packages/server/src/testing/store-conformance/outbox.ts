// The outbox part (`OutboxPart`): a paid transition records its onPaid as owed in the same step, one
// caller of several claims each retry, the deliverer renews its claim, and a delivery ends it.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { connections, paid, seed, sessionRecord, type StoreFactory } from './support.js';

export function outboxPartConformance(name: string, factory: StoreFactory): void {
  const { withStores } = connections(factory);
  describe(`${name}: outbox`, () => {
    it('records the onPaid owed with the paid transition and lets one caller of 20 claim a retry', () =>
      withStores(2, async ([a, b]) => {
        if (!a || !b) throw new Error('no store');
        await seed(a, sessionRecord({ id: 'ses_o' }));
        await seed(a, sessionRecord({ id: 'ses_p', orderId: 'order-2' }));
        assert.deepEqual(await b.outbox.listOwed('paid', Number.MAX_SAFE_INTEGER), [], 'nothing paid yet');
        await a.sessions.markPaid('ses_o', paid(1000));
        assert.deepEqual(await b.outbox.listOwed('paid', 1000), [], 'claimed at 1000 by the transition');
        assert.deepEqual(await b.outbox.listOwed('paid', 1001), ['ses_o']);
        const claims = await Promise.all(
          Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).outbox.claim('paid', 'ses_o', 1001, 2000)),
        );
        assert.equal(claims.filter(Boolean).length, 1);
        assert.equal(
          await a.outbox.claim('paid', 'ses_p', 5000, 5000),
          false,
          'nothing owed for an unpaid session',
        );
        assert.equal(
          await a.outbox.claim('paid', 'ses_o', 2001, 3000),
          true,
          'the deliverer renews its claim (claimed before 2001: its own)',
        );
        assert.deepEqual(await b.outbox.listOwed('paid', 3000), [], 'a renewed claim is not listed as due');
        await b.outbox.markDelivered('paid', 'ses_o');
        assert.deepEqual(await a.outbox.listOwed('paid', Number.MAX_SAFE_INTEGER), []);
        assert.equal(await a.outbox.claim('paid', 'ses_o', 9000, 9000), false, 'delivered: nothing to claim');
      }));
  });
}
