// node:test reporter for scripts/one-process.mjs: notes each file that ran a top-level test and,
// once the run ends, names every file given on the command line that ran none (its tests left out,
// or an import that registered nothing) and fails the run. Used beside the spec reporter.
import { resolve } from 'node:path';

export default async function* oneProcessReporter(source) {
  const ran = new Set();
  for await (const event of source)
    if ((event.type === 'test:pass' || event.type === 'test:fail') && event.data.nesting === 0)
      ran.add(event.data.file);
  const given = process.argv.slice(2).map((file) => resolve(file));
  const none = given.filter((file) => !ran.has(file));
  if (none.length === 0) {
    yield `one process: ${given.length} files, each ran its tests\n`;
    return;
  }
  process.exitCode = 1;
  yield `✖ one process: ${none.length} of ${given.length} files ran no test: ${none.join(', ')}\n`;
}
