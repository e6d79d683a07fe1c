import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { kitEventTypes } from '../flows/index.js';
import { eventDocs, readmeEvents } from './events-docs.js';
import { section, tableCells } from './readme-section.js';

describe('the docs’ lists of kit events', () => {
  it('are the ones made from the event catalogue (the README and docs/any-backend.md)', () => {
    for (const { file, made } of eventDocs())
      assert.deepEqual(
        tableCells(section(readFileSync(file, 'utf8'), 'events')),
        tableCells(made),
        `${file} is behind the flows' events.ts: run \`npm run docs:events\``,
      );
  });

  it('lists each declared type once, its fields and their notes', () => {
    const rows = tableCells(readmeEvents()).slice(2);
    assert.deepEqual(
      rows.map((row) => row[1]),
      kitEventTypes.map((type) => `\`${type}\``),
    );
    assert.match(rows[0]?.[2] ?? '', /`transaction_ref` \(the transaction's `ref`/);
    assert.match(rows[1]?.[2] ?? '', /`expires_at` \(once for each account it had\)$/);
  });
});
