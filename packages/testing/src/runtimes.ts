// The runtimes and tools only some tests need (Bun, Deno, miniflare with Cloudflare's workerd: about
// 320 MB; Stoplight's Prism, the OpenAPI proxy that checks answers against a document),
// kept out of the workspace's `npm install`: each is installed on first use, at the version pinned
// here, into a cache folder outside the workspace (`npm install --prefix`), and reused from there.
// The folder is PAY_RUNTIMES_DIR, else ~/.cache/pay-elements/runtimes; each version has its own.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/** The versions the tests run (Node 20 compatible). */
export const RUNTIME_VERSIONS = {
  bun: '1.4.5',
  deno: '2.9.6',
  miniflare: '4.20260426.0',
  prism: '5.14.2',
} as const;
export type RuntimeName = keyof typeof RUNTIME_VERSIONS;

/** The npm package of each (its name, when that is not the runtime's). */
const packageOf = (name: RuntimeName): string => (name === 'prism' ? '@stoplight/prism-cli' : name);

const cache = () => process.env['PAY_RUNTIMES_DIR'] || join(homedir(), '.cache/pay-elements/runtimes');
/** The runtime's folder, whether installed or not. */
export const runtimeDir = (name: RuntimeName) => join(cache(), `${name}-${RUNTIME_VERSIONS[name]}`);

const installing = new Map<RuntimeName, Promise<string>>();

/**
 * The runtime's folder, installed first when it is not there (from npm's cache when it has the
 * files). Installed beside, then renamed into place: a folder that exists is complete, and two test
 * processes installing at once leave one.
 */
export function ensureRuntime(name: RuntimeName): Promise<string> {
  let installed = installing.get(name);
  if (!installed) {
    installed = install(name);
    installing.set(name, installed);
  }
  return installed;
}

async function install(name: RuntimeName): Promise<string> {
  const dir = runtimeDir(name);
  if (existsSync(join(dir, 'package.json'))) return dir;
  const temporary = `${dir}.${process.pid}.partial`;
  await rm(temporary, { recursive: true, force: true });
  await mkdir(temporary, { recursive: true });
  await writeFile(
    join(temporary, 'package.json'),
    JSON.stringify({ private: true, dependencies: { [packageOf(name)]: RUNTIME_VERSIONS[name] } }),
  );
  // the workspace's npm variables (npm_config_*) would point the install back at the workspace
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('npm_')));
  await promisify(execFile)(
    'npm',
    ['install', '--prefix', temporary, '--prefer-offline', '--no-audit', '--no-fund', '--no-save'],
    { env, timeout: 600_000, maxBuffer: 64 * 1024 * 1024 },
  );
  await rename(temporary, dir).catch(async (error: unknown) => {
    // another process got there first: its folder stands
    await rm(temporary, { recursive: true, force: true });
    if (!existsSync(join(dir, 'package.json'))) throw error;
  });
  return dir;
}

/** A runtime's command (`bun`, `deno`, `prism`), installed when missing. */
export async function runtimeBin(name: 'bun' | 'deno' | 'prism'): Promise<string> {
  return join(await ensureRuntime(name), 'node_modules/.bin', name);
}

/** The file a runtime package's import resolves to, installed when missing (for `import()`). */
export async function runtimeModule(name: RuntimeName): Promise<string> {
  const dir = await ensureRuntime(name);
  return createRequire(join(dir, 'package.json')).resolve(packageOf(name));
}
