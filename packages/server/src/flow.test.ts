// What the flow's module gives every flow beyond its types: `create`, the write of a record that must
// not exist yet, on a real SQLite file: the first commit of it stands, a second is refused whole.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { create } from './flow.js';
import { SqliteStore } from './store/sqlite.js';

const dir = mkdtempSync(join(tmpdir(), 'pay-flow-'));
after(() => rmSync(dir, { recursive: true, force: true }));

describe('create', () => {
  it('writes a new record once; a second create of it is refused with the rest of its commit', async () => {
    const store = new SqliteStore(join(dir, 'flow.db'));
    after(() => store.close());
    assert.equal(
      await store.records.commit({ writes: [create('receipts', 'RCP-1', { session: 'ses_1' })] }),
      true,
    );
    const again = await store.records.commit({
      writes: [
        create('receipts', 'RCP-2', { session: 'ses_2' }),
        create('receipts', 'RCP-1', { session: 'ses_3' }),
      ],
    });
    assert.equal(again, false);
    assert.deepEqual((await store.records.get('receipts', 'RCP-1'))?.value, { session: 'ses_1' });
    assert.equal(await store.records.get('receipts', 'RCP-2'), null);
  });
});
