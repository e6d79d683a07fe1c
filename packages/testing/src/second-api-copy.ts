// Test support: a second copy of @pay-elements/api, as when a merchant's own install and the kit's
// are both loaded. Its source is copied to a temporary folder, so every class in it is a new one.
import { cp, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as ApiModule from '@pay-elements/api';

type Api = typeof ApiModule;

// the api package's source folder, as the workspace resolves it (tests run with the source condition)
const apiSource = new URL('./', import.meta.resolve('@pay-elements/api'));
const nodeModules = new URL('../../../node_modules/', import.meta.url);

/** Loads the copy; `remove` deletes its folder. */
export async function loadSecondApiCopy(): Promise<{ api: Api; remove(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'pay-api-copy-'));
  await cp(apiSource, join(dir, 'src'), { recursive: true });
  await writeFile(join(dir, 'package.json'), JSON.stringify({ name: 'api-copy', type: 'module' }));
  await symlink(nodeModules, join(dir, 'node_modules'), 'dir');
  const api = (await import(pathToFileURL(join(dir, 'src/index.ts')).href)) as Api;
  return { api, remove: () => rm(dir, { recursive: true, force: true }) };
}
