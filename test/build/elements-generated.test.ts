// The lists of the elements are made from their declarations (packages/elements/scripts/elements.mjs,
// from src/components/<name>/<name>.element.ts): the committed define modules, tag map, index
// exports, React wrappers and elements.json are what a fresh run makes, and every element folder
// with a class has a declaration.
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { root } from '../support/processes.js';

const pkgDir = join(root, 'packages/elements');
const components = join(pkgDir, 'src/components');

it('commits what the elements’ declarations make', async () => {
  const run = promisify(execFile)(process.execPath, [join(pkgDir, 'scripts/elements.mjs'), '--check'], {
    timeout: 60_000,
  });
  await assert.doesNotReject(run, 'run node packages/elements/scripts/elements.mjs');
});

it('declares each element in its folder', () => {
  const folders = readdirSync(components, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(components, entry.name, `${entry.name}.ts`)))
    .map((entry) => entry.name)
    .sort();
  const declared = (JSON.parse(readFileSync(join(pkgDir, 'elements.json'), 'utf8')) as { folder: string }[])
    .map(({ folder }) => folder)
    .sort();
  assert.deepEqual(declared, folders);
  for (const folder of folders)
    assert.ok(existsSync(join(components, folder, `${folder}.element.ts`)), folder);
});
