// The node stage's small test files in one process (`node --import tsx scripts/one-process.mjs
// <file>…`, what scripts/test.mjs runs for the files `sharesProcess` lets in): each file is imported
// in turn and its tests run as node:test runs a file's, with the module graph (the packages, zod,
// Hono) loaded once instead of once a file. Measured on the 2-core machine: 97 files, 234 s of CPU
// in a process each, 60 s here; 154 files today, 50 s (docs/performance.md).
//
// No test starts before every file is imported: node:test would otherwise start the first file's
// tests at once, and the later files' imports (their modules evaluated on this thread) would run
// between a test's request and its answer. On a busy machine that stretched a 1.2 s test to 12.5 s
// and past the kit's 3 s check timeout. A root `before` hook waits for the imports.
//
// node:test ends a process's root test when the event loop has nothing left to do, and a file whose
// import is still being loaded then (the module hooks answer off the main thread) would register its
// tests too late and be left out without a word: a timer holds the loop until every file is in, and
// the reporter below fails the run for any file that ran no test.
import { before } from 'node:test';

let imported;
const everyFile = new Promise((resolve) => (imported = resolve));
before(() => everyFile);

const keep = setInterval(() => {}, 1 << 30);
try {
  for (const file of process.argv.slice(2)) await import(new URL(file, `file://${process.cwd()}/`).href);
} finally {
  clearInterval(keep);
  imported();
}
