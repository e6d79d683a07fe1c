// A merchant's test of a store against the published conformance suites, as the server README shows
// it: SqliteStore and the suites from the installed package, under node:test. Run by Node, Bun
// (`bun test`) and Deno (`deno test`), which open the file with better-sqlite3 and node:sqlite.
import { after, test } from 'node:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { storeConformance } from '@pay-elements/server/conformance';
import { SqliteStore } from '@pay-elements/server/sqlite';

const dir = mkdtempSync(join(tmpdir(), 'pay-conformance-'));
after(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

const factory = {
  // several connections to one new, empty file, as several processes would open it
  async connect(count) {
    const file = join(dir, `store-${++files}.sqlite`);
    return Array.from({ length: count }, () => new SqliteStore(file));
  },
};

for (const t of storeConformance(factory)) test(`${t.block}: ${t.name}`, () => t.run());
