// A store's change announcements as the stream hub hears them, on the memory store and a SQLite file:
// a committed change is told to every listener, once committed; a refused commit tells nothing; a
// listener that throws neither undoes the commit nor stops the others; one unsubscribed hears no more.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PayStore } from './contract.js';
import { ChangeListeners } from './listeners.js';
import { MemoryStore } from './memory.js';
import { SqliteStore } from './sqlite.js';

const dir = mkdtempSync(join(tmpdir(), 'pay-listeners-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const write = (expect: number) => ({
  writes: [{ collection: 'sessions', key: 'ses_1', value: { status: 'paid' }, expect }],
  announce: ['sessions:ses_1'],
});

for (const [name, open] of [
  ['the memory store', () => new MemoryStore()],
  ['a SQLite file', () => new SqliteStore(join(dir, `changes-${Math.random().toString(36).slice(2)}.db`))],
] as Array<[string, () => PayStore]>)
  describe(`change announcements on ${name}`, () => {
    it('tells every listener a committed change once it is committed, and nothing of a refused one', async () => {
      const store = open();
      after(() => store.close());
      const heard: string[] = [];
      store.changes.subscribe((announced) => {
        heard.push(`first ${announced}`);
        throw new Error('a listener that fails');
      });
      store.changes.subscribe((announced) => heard.push(`second ${announced}`));
      assert.equal(await store.records.commit(write(0)), true);
      assert.deepEqual(heard, ['first sessions:ses_1', 'second sessions:ses_1']);
      assert.equal((await store.records.get('sessions', 'ses_1'))?.version, 1, 'the commit stands');
      assert.equal(await store.records.commit(write(0)), false);
      assert.equal(heard.length, 2);
    });

    it('tells a listener nothing once it unsubscribed', async () => {
      const store = open();
      after(() => store.close());
      const heard: string[] = [];
      const stop = store.changes.subscribe((announced) => heard.push(announced));
      stop();
      assert.equal(await store.records.commit(write(0)), true);
      assert.deepEqual(heard, []);
    });
  });

describe('ChangeListeners', () => {
  it('counts who listens', () => {
    const listeners = new ChangeListeners();
    const stop = listeners.subscribe(() => undefined);
    listeners.subscribe(() => undefined);
    assert.equal(listeners.size, 2);
    stop();
    stop();
    assert.equal(listeners.size, 1);
  });
});
