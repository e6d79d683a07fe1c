// The getting-started paths as a newcomer follows them, from the documents themselves: each shell block
// of README.md's Quickstart and "Any backend", and of docs/any-backend.md's "Ten minutes", run by bash
// as printed (the pack command in the checkout, the rest in folders beside it), the Quickstart's
// server.mjs and index.html written from the README, and the orders taken to paid with the documented
// curl calls. What stands in for the reader's machine is in test/support/docs-run.ts.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import * as z from 'zod';
import { chromiumArgs, chromiumPath } from '../support/chromium.js';
import { root, run } from '../support/packed.js';
import { freePort, until } from '../support/processes.js';
import {
  blocksOf,
  provideSqliteBinary,
  readerEnv,
  runLines,
  splitAtServer,
  startServer,
  withPorts,
  type Block,
  type Ports,
  type Server,
  type Shell,
} from '../support/docs-run.js';

const servers: Server[] = [];
const dirs: string[] = [];
let browser: Browser | null = null;

/** The one Chromium of the file, launched on first use. */
async function newPage() {
  browser ??= await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  return browser.newPage();
}

after(async () => {
  for (const server of servers) await server.stop().catch(() => undefined);
  await browser?.close();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** A folder standing for the reader's: `checkout/` (an empty stand-in: the pack runs in the real one). */
async function readerFolder(): Promise<{ dir: string; checkout: string; ports: Ports }> {
  const dir = await mkdtemp(join(tmpdir(), 'pay-docs-'));
  dirs.push(dir);
  await mkdir(join(dir, 'checkout'));
  return {
    dir,
    checkout: join(dir, 'checkout'),
    ports: { shop: await freePort(), emulator: await freePort() },
  };
}

/** The blocks of a language, in order. */
const ofLang = (blocks: Block[], lang: string) => blocks.filter((b) => b.lang === lang);

/** `npm run pack:all` as printed, in the checkout, its ../tarballs being the reader's folder's. */
async function pack(command: string, dir: string, ports: Ports): Promise<void> {
  assert.equal(command.trim().split('#')[0]?.trim(), 'npm run pack:all');
  await runLines(command, { cwd: root, env: readerEnv(ports, { PAY_TARBALLS: join(dir, 'tarballs') }) });
}

const Session = z.object({
  id: z.string(),
  status: z.string(),
  account: z.object({ account_number: z.string() }),
});

describe('docs/any-backend.md, "Ten minutes to a paid test order", as printed', { timeout: 600_000 }, () => {
  it('packs, installs, starts pay-service, opens a checkout with curl, pays it, and reads it paid', async () => {
    const blocks = ofLang(await blocksOf('docs/any-backend.md', '## Ten minutes to a paid test order'), 'sh');
    const { dir, checkout, ports } = await readerFolder();
    const [packing, start, open, transfer, ask] = blocks.map((b) => withPorts(b.text, ports));
    assert.ok(packing && start && open && transfer && ask, `five shell blocks, found ${blocks.length}`);
    await pack(packing, dir, ports);

    const { before: install, server, after: rest } = splitAtServer(start);
    assert.equal(rest.trim(), '');
    const shell = await runLines(install, { cwd: checkout, env: readerEnv(ports) }, ['PAY_SERVICE_KEYS']);
    assert.equal(shell.cwd, join(dir, 'pay'), 'the folder beside the checkout');
    assert.match(shell.env['PAY_SERVICE_KEYS'] ?? '', /^sk_test_[0-9a-f]{48}$/);
    await provideSqliteBinary(shell.cwd);
    servers.push(await startServer(server, shell, /pay-service is running/));

    // step 2, in "another terminal" with the same key
    const created = Session.parse(JSON.parse(await lastOutput(open, shell)));
    assert.equal(created.status, 'pending');

    // step 4: the documented account number is a sample: the one the reader's page shows is used
    const sample = /"account_number":"(\d+)"/.exec(transfer)?.[1] ?? '';
    await runLines(transfer.replaceAll(sample, created.account.account_number), shell);

    // step 5: the session, by the id step 2 answered, until it says paid
    const paid = await until('the session paid', 30_000, async () => {
      const view = Session.parse(JSON.parse(await lastOutput(ask.replaceAll('ses_…', created.id), shell)));
      return view.status === 'paid' ? view : undefined;
    });
    assert.equal(paid.id, created.id);
  });
});

/** What a block printed. */
async function lastOutput(lines: string, shell: Shell): Promise<string> {
  const { stdout } = await run('bash', ['-e', '-c', lines], {
    cwd: shell.cwd,
    env: shell.env,
    timeout: 60_000,
  });
  return stdout;
}

describe('README.md, "Any backend", as printed', { timeout: 600_000 }, () => {
  it('gives a session (201), not a 401: the key is exported for the service and the curl alike', async () => {
    const [snippet] = ofLang(await blocksOf('README.md', '## Any backend: pay-service'), 'sh');
    const [packing] = ofLang(
      await blocksOf('README.md', '## Quickstart: your own project, from an empty folder'),
      'sh',
    );
    const { dir, checkout, ports } = await readerFolder();
    assert.ok(snippet && packing);
    await pack(packing.text, dir, ports);
    const { before: install, server, after: call } = splitAtServer(withPorts(snippet.text, ports));
    const shell = await runLines(install, { cwd: checkout, env: readerEnv(ports) }, ['PAY_SERVICE_KEYS']);
    assert.equal(shell.cwd, join(dir, 'pay'), 'the folder beside the checkout');
    await provideSqliteBinary(shell.cwd);
    servers.push(await startServer(server, shell, /pay-service is running/));
    const answer = await lastOutput(call.replace('curl -s ', 'curl -s -w "\\n%{http_code}" '), shell);
    const [body, status] = answer.trim().split('\n');
    assert.equal(status, '201', answer);
    assert.equal(Session.parse(JSON.parse(body ?? '')).status, 'pending');
  });
});

describe('README.md, "Quickstart", as printed', { timeout: 600_000 }, () => {
  let dir = '';
  let ports: Ports = { shop: 0, emulator: 0 };
  let shop = '';
  let sandbox = '';
  let transfer = '';
  let shopServer: Server | null = null;

  before(async () => {
    const blocks = await blocksOf('README.md', '## Quickstart: your own project, from an empty folder');
    const [packing, install, pay] = ofLang(blocks, 'sh');
    const [serverJs] = ofLang(blocks, 'js');
    const [indexHtml] = ofLang(blocks, 'html');
    assert.ok(
      packing && install && pay && serverJs && indexHtml,
      'three shell blocks, server.mjs, index.html',
    );
    const reader = await readerFolder();
    dir = reader.dir;
    ports = reader.ports;
    await pack(packing.text, dir, ports);
    const split = splitAtServer(withPorts(install.text, ports));
    const shell = await runLines(split.before, { cwd: reader.checkout, env: readerEnv(ports) });
    shop = shell.cwd;
    assert.equal(shop, join(dir, 'shop'), 'the folder beside the checkout');
    await provideSqliteBinary(shop);
    sandbox = split.server;
    transfer = withPorts(pay.text, ports);
    await writeFile(join(shop, 'server.mjs'), withPorts(serverJs.text, ports));
    await writeFile(join(shop, 'index.html'), indexHtml.text);
    assert.ok(
      !serverJs.text.includes('@pay-elements/sandbox'),
      'the shop’s code imports nothing of the emulator',
    );
  });

  const emulator = async () => {
    const started = await startServer(sandbox, { cwd: shop, env: readerEnv(ports) }, /listening on http/);
    servers.push(started);
    return started;
  };
  const startShop = async () => {
    shopServer = await startServer('node server.mjs', { cwd: shop, env: readerEnv(ports) }, /http:\/\/127/);
    servers.push(shopServer);
  };

  it('says why when the checkout cannot be opened (the emulator not started yet), with no endless spinner', async () => {
    await startShop();
    const page = await newPage();
    await page.goto(`http://127.0.0.1:${ports.shop}/`);
    const alert = page.getByRole('alert');
    await alert.waitFor({ timeout: 60_000 });
    assert.match(await alert.innerText(), /^The checkout could not be opened: /);
    assert.equal(await page.locator('pay-dynamic-account').isVisible(), false);
    await page.close();
  });

  it('takes order-1 to paid across a restart of the emulator: the page, then the curl, then onPaid', async () => {
    const first = await emulator();
    const page = await newPage();
    await page.goto(`http://127.0.0.1:${ports.shop}/`);
    const element = page.locator('pay-dynamic-account');
    await element
      .getByRole('heading', { level: 2, name: 'Pay by bank transfer' })
      .waitFor({ timeout: 30_000 });
    const shown = await element.evaluate((el) => ('sessionView' in el ? JSON.stringify(el.sessionView) : ''));
    const number = Session.parse(JSON.parse(shown)).account.account_number;

    // stopped and started again as printed: the account the page shows is still the emulator's
    await first.stop();
    await emulator();
    const curl = await lastOutput(
      transfer.replace('<the number shown>', number).replace('curl ', 'curl -s -w "\\n%{http_code}" '),
      {
        cwd: shop,
        env: readerEnv(ports),
      },
    );
    assert.match(curl.trim().split('\n').at(-1) ?? '', /^20\d$/, curl);
    await element.getByRole('heading', { level: 2, name: 'Payment received' }).waitFor({ timeout: 30_000 });
    await until('onPaid', 10_000, () =>
      Promise.resolve(shopServer?.output().includes('order order-1 paid') ? true : undefined),
    );
    await page.close();
  });
});
