// The packages as a merchant gets them: every package packed (its prepack builds dist/), installed from
// the tarballs into a project outside the workspace, and used with plain `node`, `npx`, `tsc` and Vite
// — no tsx, no source condition, nothing of this repository but the tarballs. publint and
// arethetypeswrong lint the same tarballs.
import { after, before, describe, it, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { chromium } from 'playwright-core';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import * as z from 'zod';
import { chromiumArgs, chromiumPath, SECRET_KEY } from '../e2e/harness.js';
import {
  installMerchantProject,
  merchantEnv,
  packageJson,
  packPackages,
  root,
  run,
} from '../support/packed.js';

const fixture = join(import.meta.dirname, 'fixture');
const env = merchantEnv;

let dir = '';
let app = '';
let tarballs = new Map<string, string>();

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pay-consumer-'));
  app = join(dir, 'app');
  tarballs = await packPackages(join(dir, 'tarballs'));
  await cp(fixture, app, { recursive: true });
  await installMerchantProject(app, {
    tarballs,
    dependencies: ['better-sqlite3', 'pg', 'prom-client', 'react', '@lit/react'],
    devDependencies: ['typescript', 'vite', '@types/node', '@types/pg', '@types/react'],
  });
});

after(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** What a failed command printed (tsc and attw report on stdout). */
function printed(error: unknown): string {
  const output = z.object({ stdout: z.string(), stderr: z.string() }).safeParse(error);
  return output.success ? `${output.data.stdout}${output.data.stderr}` : String(error);
}

/** Runs `node` in the merchant's project, no loader; answers stdout. */
async function node(args: string[], timeout = 60_000): Promise<string> {
  const { stdout } = await run(process.execPath, args, { cwd: app, env, timeout });
  return stdout;
}

describe('the tarballs', () => {
  it('are small and hold no tests', async (t: TestContext) => {
    for (const [name, file] of tarballs) {
      const { stdout } = await run('tar', ['tzf', file]);
      const files = stdout.trim().split('\n');
      assert.deepEqual(
        files.filter((f) => /\.test\.|\/testing\//.test(f)),
        [],
        name,
      );
      assert.ok(files.includes('package/LICENSE'), `${name} LICENSE`);
      const { size } = await import('node:fs/promises').then((fs) => fs.stat(file));
      t.diagnostic(`${name}: ${(size / 1024).toFixed(1)} kB packed, ${files.length} files`);
    }
  });

  it('pass publint', async () => {
    for (const [name, file] of tarballs) {
      const tarball = (await readFile(file)).buffer;
      const { messages, pkg } = await publint({ pack: { tarball }, level: 'suggestion', strict: true });
      assert.deepEqual(
        messages.map((m) => formatMessage(m, pkg, { color: false })),
        [],
        name,
      );
    }
  });

  it('pass arethetypeswrong (esm-only profile), every entry point', async () => {
    const attw = join(root, 'node_modules/.bin/attw');
    await Promise.all(
      [...tarballs].map(async ([name, file]) => {
        // the wildcard exports are listed one by one, so each is resolved
        const pkg = await packageJson(join(root, 'packages', name.split('/')[1] ?? ''));
        const entries = Object.keys(pkg.exports).filter((e) => !e.includes('*') && !e.endsWith('.json'));
        if (name === '@pay-elements/elements') {
          for (const sub of ['define', 'i18n']) {
            for (const f of await readdir(join(root, 'packages/elements/dist', sub)))
              if (f.endsWith('.js')) entries.push(`./${sub}/${f.slice(0, -3)}`);
          }
        }
        const result = await run(
          attw,
          [file, '--profile', 'esm-only', '--format', 'ascii', '--entrypoints', ...entries],
          {
            env,
            timeout: 120_000,
          },
        ).catch((error: unknown) => ({ stdout: `FAILED\n${printed(error)}` }));
        assert.ok(!result.stdout.startsWith('FAILED'), `${name}\n${result.stdout}`);
      }),
    );
  });
});

describe('installed in a merchant’s project, with plain node', () => {
  it('imports every export of every package', async () => {
    const specifiers: string[] = [];
    for (const name of tarballs.keys()) {
      const installed = join(app, 'node_modules', name);
      const pkg = await packageJson(installed);
      for (const entry of Object.keys(pkg.exports)) {
        if (entry.endsWith('.json') || entry.startsWith('./cdn/')) continue;
        if (!entry.includes('*')) {
          specifiers.push(`${name}${entry.slice(1)}`);
          continue;
        }
        const sub = entry.slice(2, entry.indexOf('*') - 1); // ./define/* → define
        for (const f of await readdir(join(installed, 'dist', sub)))
          if (f.endsWith('.js')) specifiers.push(`${name}/${sub}/${f.slice(0, -3)}`);
      }
    }
    const script = `
      const specifiers = ${JSON.stringify(specifiers)};
      const result = {};
      for (const s of specifiers) {
        try { result[s] = Object.keys(await import(s)).length; } catch (e) { result[s] = String(e); }
      }
      console.log(JSON.stringify(result));`;
    const result = z
      .record(z.string(), z.union([z.number(), z.string()]))
      .parse(JSON.parse(await node(['--input-type=module', '-e', script])));
    const failed = Object.entries(result).filter(([, v]) => typeof v === 'string');
    assert.deepEqual(failed, []);
    assert.ok(specifiers.length >= 20, `${specifiers.length} entry points`);
    for (const main of [
      '@pay-elements/api',
      '@pay-elements/server',
      '@pay-elements/sandbox',
      '@pay-elements/elements',
    ])
      assert.ok(Number(result[main]) > 5, `${main} exports its API`);
  });

  it('runs the emulator and the kit with the SQLite store: pending to paid, onPaid once', async () => {
    const out = await node(['run-kit.mjs', join(dir, 'pay.sqlite')]);
    const seen = z
      .object({
        created: z.number(),
        first: z.string(),
        transfer: z.boolean(),
        polled: z.string(),
        stored: z.string(),
        paid: z.array(z.string()),
        id: z.string(),
      })
      .parse(JSON.parse(out.trim().split('\n').at(-1) ?? ''));
    assert.deepEqual(
      { ...seen, paid: seen.paid.length },
      {
        created: 201,
        first: 'pending',
        transfer: true,
        polled: 'paid',
        stored: 'paid',
        paid: 1,
        id: seen.id,
      },
    );
    assert.deepEqual(seen.paid, [seen.id]);
  });

  it('runs `npx --no-install pay-sandbox --port 0` (compiled JavaScript, no tsx): the API, its dashboard and OpenAPI, and `npx --no-install pay-conformance`', async () => {
    assert.ok(!existsSync(join(app, 'node_modules/tsx')), 'tsx is not installed with the packages');
    const child = spawn('npx', ['--no-install', 'pay-sandbox', '--port', '0'], {
      cwd: app,
      env,
      detached: true,
      stdio: 'pipe',
    });
    try {
      const url = await new Promise<string>((resolveUrl, reject) => {
        let output = '';
        const timer = setTimeout(() => reject(new Error(`no URL printed:\n${output}`)), 30_000);
        const read = (chunk: Buffer) => {
          output += String(chunk);
          const found = /listening on (http:\/\/\S+)/.exec(output);
          if (found?.[1]) {
            clearTimeout(timer);
            resolveUrl(found[1]);
          }
        };
        child.stdout.on('data', read);
        child.stderr.on('data', read);
        child.once('exit', (code) => reject(new Error(`exited ${code}:\n${output}`)));
      });
      const banks = await fetch(`${url}/v1/banks/NG`, { headers: { 'x-api-key': SECRET_KEY } });
      assert.equal(banks.status, 200);
      const unauthorised = await fetch(`${url}/v1/banks/NG`);
      assert.equal(unauthorised.status, 401);
      // the dashboard and its script ship in the package (dashboard/dist)
      const dashboard = await fetch(`${url}/_sandbox/`);
      assert.equal(dashboard.status, 200);
      assert.match(await dashboard.text(), /<sandbox-dashboard>/);
      const script = await fetch(`${url}/_sandbox/dashboard.js`);
      assert.equal(script.status, 200);
      assert.match(script.headers.get('content-type') ?? '', /javascript/);
      assert.ok((await script.text()).includes('sandbox-dashboard'), 'the built dashboard script');
      const openapi = await fetch(`${url}/_sandbox/openapi.json`);
      assert.equal(openapi.status, 200);
      // pay-conformance, the package's second command, compiled too: against the emulator and no
      // backend, it says which rule broke and exits 1
      const checked = await run(
        'npx',
        [
          '--no-install',
          'pay-conformance',
          '--backend',
          'http://127.0.0.1:9/pay',
          '--sandbox',
          url,
          '--order',
          'o-1',
          '--skip-expiry',
        ],
        {
          cwd: app,
          env,
          timeout: 60_000,
        },
      ).then(
        () => assert.fail('pay-conformance exited 0 with no backend'),
        (error: { code?: number; stdout?: string }) => error,
      );
      assert.equal(checked.code, 1);
      assert.match(checked.stdout ?? '', /^ok emulator: /m);
      assert.match(checked.stdout ?? '', /^not ok one session per order: .*could not be asked/m);
    } finally {
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
    }
  });
});

describe(
  'type-checked in the merchant’s project (strict, exactOptionalPropertyTypes, library .d.ts checked)',
  { concurrency: 2 },
  () => {
    const strict = { strict: true, exactOptionalPropertyTypes: true, noEmit: true, skipLibCheck: false };
    const configs = {
      'server, module nodenext, no DOM lib': {
        ...strict,
        module: 'nodenext',
        moduleResolution: 'nodenext',
        lib: ['ES2023'],
        types: ['node'],
        files: ['server.ts'],
      },
      'server, moduleResolution bundler, no DOM lib': {
        ...strict,
        module: 'esnext',
        moduleResolution: 'bundler',
        lib: ['ES2023'],
        types: ['node'],
        files: ['server.ts'],
      },
      'page, module nodenext': {
        ...strict,
        module: 'nodenext',
        moduleResolution: 'nodenext',
        lib: ['ES2023', 'DOM', 'DOM.Iterable'],
        types: [],
        files: ['page.ts'],
      },
      'page, moduleResolution bundler': {
        ...strict,
        module: 'esnext',
        moduleResolution: 'bundler',
        lib: ['ES2023', 'DOM', 'DOM.Iterable'],
        types: [],
        files: ['page.ts'],
      },
    };
    for (const [label, { files, ...compilerOptions }] of Object.entries(configs)) {
      it(label, async () => {
        const config = join(app, `tsconfig.${label.replace(/\W+/g, '-')}.json`);
        await writeFile(
          config,
          JSON.stringify({ compilerOptions: { target: 'ES2022', ...compilerOptions }, files }),
        );
        const tsc = join(app, 'node_modules/typescript/bin/tsc');
        const result = await run(process.execPath, [tsc, '-p', config], {
          cwd: app,
          env,
          timeout: 120_000,
        }).catch((error: unknown) => ({ stdout: `FAILED\n${printed(error)}` }));
        assert.equal(result.stdout, '');
      });
    }
  },
);

describe('bundled with Vite in the merchant’s project', () => {
  let server: Server | null = null;
  after(() => server?.close());

  it('renders the element in Chromium', async () => {
    await node([join(app, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error'], 120_000);
    const built = join(app, 'dist');
    const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript' };
    server = createServer((req, res) => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      const file = join(built, path === '/' ? 'index.html' : path);
      readFile(file).then(
        (body) => res.writeHead(200, { 'content-type': types[extname(file)] ?? 'text/plain' }).end(body),
        () => res.writeHead(404).end(),
      );
    });
    await new Promise<void>((resolveListen) => server?.listen(0, '127.0.0.1', resolveListen));
    const address = server.address();
    assert.ok(address && typeof address === 'object');
    const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
    try {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`http://127.0.0.1:${address.port}/`);
      const qr = page.locator('pay-qr svg');
      await qr.waitFor({ timeout: 10_000 });
      const box = await qr.boundingBox();
      assert.ok(box && box.width > 50 && box.height > 50, `the QR code is drawn (${JSON.stringify(box)})`);
      const defined = await page.evaluate(() =>
        ['pay-dynamic-account', 'pay-bank-picker', 'pay-invoice-view', 'pay-link', 'pay-qr'].filter(
          (tag) => customElements.get(tag) !== undefined,
        ),
      );
      assert.equal(defined.length, 5);
      assert.deepEqual(errors, []);
    } finally {
      await browser.close();
    }
  });
});
