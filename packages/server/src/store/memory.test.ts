// The published conformance suites against the memory store (one store shared by every "instance":
// what one process sees), and what the memory store adds: a value read is frozen, so that no reader
// changes what the store holds, and the store keeps nothing of what a writer changes later.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { runStoreConformance } from '../testing/store-suites.js';
import { MemoryStore } from './memory.js';

runStoreConformance('MemoryStore', {
  connect(count) {
    const store = new MemoryStore();
    return Promise.resolve(Array.from({ length: count }, () => store));
  },
  sharesAnnouncements: true,
});

describe('MemoryStore', () => {
  it("keeps its own copy of a value: neither the writer's later change nor a reader's reaches it", async () => {
    const store = new MemoryStore();
    const value = { status: 'pending', account: { number: '9900112233' } };
    const payload = { order: 'order-1' };
    await store.records.commit({
      writes: [{ collection: 'sessions', key: 'ses_1', value, expect: 0 }],
      owe: [{ topic: 'sessions.paid', id: 'ses_1', dueAt: 0, payload }],
    });
    value.account.number = '0000000000';
    payload.order = 'order-2';
    const read = await store.records.get('sessions', 'ses_1');
    assert.deepEqual(read?.value, { status: 'pending', account: { number: '9900112233' } });
    assert.throws(() => {
      (read?.value as { status: string }).status = 'paid';
    }, TypeError);
    assert.equal(
      ((await store.records.get('sessions', 'ses_1'))?.value as { status: string }).status,
      'pending',
    );
    const [entry] = await store.outbox.due('sessions.paid', 0, 10);
    assert.deepEqual(entry?.payload, { order: 'order-1' });
  });
});
