// The published conformance suites against SqliteStore as Bun and Deno open it (node:sqlite), run
// under each runtime's own test runner by test/consumer/runtimes.test.ts (both run node:test suites).
import { mkdtempSync, rmSync } from 'node:fs';
import { after } from 'node:test';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteStore } from '../store/sqlite.js';
import { runStoreConformance } from './store-suites.js';

const dir = mkdtempSync(join(tmpdir(), 'pay-sqlite-runtime-'));
after(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;

runStoreConformance(
  `SqliteStore on ${process.versions['bun'] ? 'Bun' : process.versions['deno'] ? 'Deno' : 'Node'}`,
  {
    connect(count) {
      const file = join(dir, `store-${n++}.sqlite`);
      return Promise.resolve(Array.from({ length: count }, () => new SqliteStore(file)));
    },
  },
);
