// The packages as a merchant gets them: every workspace package packed (`npm run pack:all`) and
// installed from the tarballs into a project outside the workspace, with the other dependencies
// pinned to the versions the workspace installed, so they come from npm's cache.
import { execFile } from 'node:child_process';
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import * as z from 'zod';

export const root = resolve(import.meta.dirname, '../..');
export const packages = ['api', 'http', 'protocol', 'sandbox', 'server', 'elements', 'service'];
export const run = promisify(execFile);

/** The environment of a merchant's shell: none of the workspace's NODE_OPTIONS (source condition) or npm's. */
export const merchantEnv: NodeJS.ProcessEnv = Object.fromEntries(
  // a merchant's shell: none of the workspace's loader options, npm's variables, or the test runner's
  // own (a `node --test` started from a test would take itself for a nested run and skip its files)
  Object.entries(process.env).filter(
    ([name]) => name !== 'NODE_OPTIONS' && name !== 'NODE_TEST_CONTEXT' && !name.startsWith('npm_'),
  ),
);

const PackageJson = z.object({
  name: z.string(),
  version: z.string(),
  exports: z.record(z.string(), z.unknown()).default({}),
  dependencies: z.record(z.string(), z.string()).optional(),
  devDependencies: z.record(z.string(), z.string()).optional(),
});

export async function packageJson(dir: string) {
  return PackageJson.parse(JSON.parse(await readFile(join(dir, 'package.json'), 'utf8')));
}

/** The version installed in the workspace, so the merchant's install comes from npm's cache. */
export async function workspaceVersion(name: string): Promise<string> {
  return (await packageJson(join(root, 'node_modules', name))).version;
}

/**
 * Packs every package into `destination` (scripts/pack.mjs, `npm run pack:all`); answers each package's tarball by name. When the consumer
 * stage gives a folder for the stage (`PAY_TEST_TARBALLS`), the first file packs into it and the
 * next ones use those tarballs: one pack per stage (its files run one at a time).
 */
export async function packPackages(destination: string): Promise<Map<string, string>> {
  const folder = process.env['PAY_TEST_TARBALLS'] || destination;
  const tarballs = new Map<string, string>();
  for (const p of packages) {
    const { version } = await packageJson(join(root, 'packages', p));
    tarballs.set(`@pay-elements/${p}`, join(folder, `pay-elements-${p}-${version}.tgz`));
  }
  if ([...tarballs.values()].every((file) => existsSync(file))) return tarballs;
  await mkdir(folder, { recursive: true });
  // what the README tells a merchant to run: what changed built (scripts/build.mjs), then one npm pack
  await run(process.execPath, [join(root, 'scripts/pack.mjs'), folder], {
    cwd: root,
    env: merchantEnv,
    maxBuffer: 64 * 1024 * 1024,
    timeout: 300_000,
  });
  return tarballs;
}

export interface MerchantProject {
  /** the tarballs to install, by package name */
  tarballs: Map<string, string>;
  /** other dependencies, at the workspace's versions */
  dependencies?: string[];
  devDependencies?: string[];
  /** dependencies the workspace does not have, at these versions (from npm) */
  versions?: Record<string, string>;
}

/**
 * Writes the project's package.json in `app` (an existing folder) and installs it. Install scripts
 * are skipped: the one that matters, better-sqlite3's native build (about 45 s from source here), is
 * replaced by the binary the workspace compiled for the same version of better-sqlite3 and the same
 * node; without one, it is built from source as npm would.
 */
export async function installMerchantProject(app: string, project: MerchantProject): Promise<void> {
  const pinned = async (name: string) => [name, await workspaceVersion(name)] as const;
  const dependencies = project.dependencies ?? [];
  await writeFile(
    join(app, 'package.json'),
    JSON.stringify(
      {
        name: 'merchant',
        private: true,
        type: 'module',
        dependencies: {
          ...Object.fromEntries([...project.tarballs].map(([name, file]) => [name, `file:${file}`])),
          ...Object.fromEntries(await Promise.all(dependencies.map(pinned))),
          ...project.versions,
        },
        devDependencies: Object.fromEntries(await Promise.all((project.devDependencies ?? []).map(pinned))),
      },
      null,
      2,
    ),
  );
  await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts'], {
    cwd: app,
    env: merchantEnv,
    timeout: 240_000,
  });
  if (!dependencies.includes('better-sqlite3')) return;
  const binary = 'build/Release/better_sqlite3.node';
  const built = join(root, 'node_modules/better-sqlite3', binary);
  if (existsSync(built)) {
    await mkdir(join(app, 'node_modules/better-sqlite3/build/Release'), { recursive: true });
    await copyFile(built, join(app, 'node_modules/better-sqlite3', binary));
  } else {
    await run('npm', ['rebuild', 'better-sqlite3'], { cwd: app, env: merchantEnv, timeout: 300_000 });
  }
}
