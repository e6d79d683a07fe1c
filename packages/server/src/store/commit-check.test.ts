// What every store checks of a commit before it writes anything, on the memory store and a SQLite
// file alike: a name, key, id, version or due time the contract does not allow is a
// StoreContractError naming it, and nothing of that commit is written, owed or announced.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Commit, PayStore } from './contract.js';
import { StoreContractError } from './commit-check.js';
import { MemoryStore } from './memory.js';
import { SqliteStore } from './sqlite.js';

const dir = mkdtempSync(join(tmpdir(), 'pay-commit-check-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const good = { collection: 'sessions', key: 'ses_1', value: { status: 'pending' }, expect: 0 };
const owedGood = { topic: 'sessions.paid', id: 'ses_1', dueAt: 0 };

/** Each commit the contract refuses, with what its error says. */
const refused: Array<[string, Commit, RegExp]> = [
  [
    'a collection of capitals',
    { writes: [good, { ...good, collection: 'Sessions' }] },
    /collection "Sessions"/,
  ],
  ['a collection of 65 characters', { writes: [{ ...good, collection: 'a'.repeat(65) }] }, /1 to 64/],
  ['an empty key', { writes: [{ ...good, key: '' }] }, /key "" must be 1 to 512 printable ASCII/],
  ['a key with a newline', { writes: [{ ...good, key: 'ses\n1' }] }, /printable ASCII/],
  ['a key of 513 characters', { writes: [{ ...good, key: 'k'.repeat(513) }] }, /1 to 512/],
  ['one record written twice', { writes: [good, { ...good, value: 2 }] }, /writes sessions\/ses_1 twice/],
  ['a version below 0', { writes: [{ ...good, expect: -1 }] }, /expect must be a version/],
  ['a version not whole', { writes: [{ ...good, expect: 1.5 }] }, /not 1.5/],
  ['an announced name of no characters', { writes: [good], announce: [''] }, /announced name/],
  ['a topic with a space', { writes: [good], owe: [{ ...owedGood, topic: 'sessions paid' }] }, /topic/],
  ['an outbox id not ASCII', { writes: [good], owe: [{ ...owedGood, id: 'sés_1' }] }, /outbox id/],
  ['a due time that is not one', { writes: [good], owe: [{ ...owedGood, dueAt: Number.NaN }] }, /dueAt/],
];

const stores: Array<[string, () => PayStore]> = [
  ['the memory store', () => new MemoryStore()],
  ['a SQLite file', () => new SqliteStore(join(dir, `check-${Math.random().toString(36).slice(2)}.db`))],
];

for (const [storeName, open] of stores)
  describe(`commit checks on ${storeName}`, () => {
    for (const [what, commit, says] of refused)
      it(`refuses ${what}, writing nothing of the commit`, async () => {
        const store = open();
        const heard: string[] = [];
        store.changes.subscribe((name) => heard.push(name));
        try {
          await assert.rejects(
            store.records.commit({ ...commit, announce: commit.announce ?? ['sessions:ses_1'] }),
            (error: unknown) => error instanceof StoreContractError && says.test(error.message),
          );
          assert.equal(await store.records.get('sessions', 'ses_1'), null);
          assert.deepEqual(await store.outbox.due('sessions.paid', Number.MAX_SAFE_INTEGER, 10), []);
          assert.deepEqual(heard, []);
        } finally {
          await store.close();
        }
      });

    it('takes a commit the contract allows, at its bounds', async () => {
      const store = open();
      try {
        const key = '~'.repeat(512);
        const commit: Commit = {
          writes: [good, { ...good, collection: 'a'.repeat(64), key }],
          owe: [{ ...owedGood, id: ' !"#$%&' }],
          announce: ['sessions:ses_1'],
        };
        assert.equal(await store.records.commit(commit), true);
        assert.equal((await store.records.get('a'.repeat(64), key))?.version, 1);
      } finally {
        await store.close();
      }
    });
  });
