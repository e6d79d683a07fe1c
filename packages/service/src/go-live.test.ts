// Going live without surprises: a wrong PAY_API_KEY is refused at the start with the variable named
// (not a "healthy" service whose every checkout answers 500), a provider that does not answer is told
// with a hint, readiness turns 503 when the provider starts refusing the key, and `pay-service check`
// says what is set, what is wrong and what the provider answered, exit 0 or 1. Against the real
// emulator on loopback, standalone as a provider would be.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import {
  createClock,
  DEFAULT_API_KEY,
  DEFAULT_RESTRICTED_KEY,
  startSandbox,
  type Sandbox,
} from '@pay-elements/sandbox';
import { startService } from './app.js';
import { runCheck } from './check.js';
import { ConfigError, readServiceConfig } from './config.js';
import { KEY_CHECK_EVERY_MS } from './operations/health.js';
import { failedToStart } from './operations/process.js';
import { KEY, startTestService } from './testing/service.js';

const TOKEN_SECRET = 'a token secret of the shop, 32 characters or more';

function providerEnv(baseUrl: string, apiKey: string): Record<string, string> {
  return {
    PORT: '0',
    PAY_DB: ':memory:',
    PAY_SERVICE_KEYS: KEY,
    PAY_API_KEY: apiKey,
    PAY_BASE_URL: baseUrl,
    PAY_TOKEN_SECRET: TOKEN_SECRET,
  };
}

function collector() {
  const lines: string[] = [];
  const put = (level: string) => (message: string) => lines.push(`${level} ${message}`);
  return {
    lines,
    logger: { debug: put('debug'), info: put('info'), warn: put('warn'), error: put('error') },
  };
}

/** A loopback port nothing listens on (taken, then given back). */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('the start checks the provider key', () => {
  let emulator: Sandbox;
  before(async () => {
    emulator = await startSandbox({ clock: createClock() });
  });
  after(() => emulator.close());

  it('refuses a wrong PAY_API_KEY at the start, naming the variable and the base URL', async () => {
    const { lines, logger } = collector();
    const config = readServiceConfig(providerEnv(emulator.url, 'sk_live_not_the_business_key_at_all'));
    const started = startService(config, { logger });
    await assert.rejects(started, (error: unknown) => {
      assert.ok(error instanceof ConfigError);
      assert.match(
        error.message,
        new RegExp(`^the provider refused PAY_API_KEY at PAY_BASE_URL \\(${emulator.url}\\) \\(401`),
      );
      assert.doesNotMatch(error.message, /sk_live_not_the_business_key/);
      // what `pay-service` prints: one line, the fix in it, no stack
      failedToStart(error, logger, 'pay-service');
      return true;
    });
    assert.equal(lines.at(-1)?.split('\n').length, 1);
    assert.match(lines.at(-1) ?? '', /^error pay-service: the provider refused PAY_API_KEY/);
  });

  it('refuses a key that may not read wallets (a bank-list-only key would fail every checkout)', async () => {
    const config = readServiceConfig(providerEnv(emulator.url, DEFAULT_RESTRICTED_KEY));
    await assert.rejects(
      startService(config, { logger: collector().logger }),
      /refused PAY_API_KEY at PAY_BASE_URL .*\(403/,
    );
  });

  it('starts with the right key, and is ready', async () => {
    const config = readServiceConfig(providerEnv(emulator.url, DEFAULT_API_KEY));
    const service = await startService(config, { logger: collector().logger });
    try {
      const ready = await fetch(`${service.url}/readyz`);
      assert.equal(ready.status, 200);
    } finally {
      await service.close();
    }
  });

  it('says, with a hint, that nothing answers at PAY_BASE_URL', async () => {
    const { lines, logger } = collector();
    const base = `http://127.0.0.1:${await deadPort()}`;
    const service = await startService(readServiceConfig(providerEnv(base, DEFAULT_API_KEY)), { logger });
    await service.close();
    assert.ok(
      lines.includes(
        `warn nothing answers at PAY_BASE_URL (${base}): is the provider (or the emulator, npx --no-install pay-sandbox) running?`,
      ),
      lines.join('\n'),
    );
  });
});

describe('readiness checks the key again, rarely', () => {
  it('answers 503 provider_refused_key once the provider refuses the key, and 200 once it takes it', async () => {
    const s = await startTestService();
    try {
      const ready = () => fetch(`${s.base}/readyz`);
      assert.equal((await ready()).status, 200);
      await s.control.injectFault({ path_prefix: '/v1/wallets', status: 401 });
      // the start's check stands for a minute: no provider call per probe
      assert.equal((await ready()).status, 200);
      s.clock.advance(KEY_CHECK_EVERY_MS);
      const refused = await ready();
      assert.equal(refused.status, 503);
      assert.deepEqual(await refused.json(), { ready: false, reason: 'provider_refused_key' });
      assert.ok(
        s.lines.some((l) => l.startsWith('error the provider refused PAY_API_KEY at the emulator (401')),
      );
      await s.control.clearFaults();
      s.clock.advance(KEY_CHECK_EVERY_MS);
      assert.equal((await ready()).status, 200);
    } finally {
      await s.close();
    }
  });
});

describe('pay-service check', () => {
  let emulator: Sandbox;
  before(async () => {
    emulator = await startSandbox({ clock: createClock() });
  });
  after(() => emulator.close());

  async function check(env: Record<string, string>): Promise<{ status: number; text: string }> {
    const lines: string[] = [];
    const status = await runCheck(env, (line) => lines.push(line));
    return { status, text: lines.join('\n') };
  }

  it('prints what is set (no secret), what is not, and that the provider took the key: exit 0', async () => {
    const { status, text } = await check({
      ...providerEnv(emulator.url, DEFAULT_API_KEY),
      PAY_DATABASE_URL: 'postgres://shop:pg-password-of-the-shop@db.internal:5432/shop',
    });
    assert.equal(status, 0, text);
    assert.match(text, /PAY_SMTP_URL: no receipt emails are sent/);
    assert.match(text, /PAY_DATABASE_URL\s+postgres:\/\/shop:\*\*\*@db\.internal:5432\/shop/);
    assert.ok(!text.includes('pg-password-of-the-shop'), "a URL's password is not shown");
    assert.match(text, /PAY_API_KEY\s+set \(not shown\)/);
    assert.match(text, /PAY_SERVICE_KEYS\s+set \(not shown\)/);
    assert.match(text, new RegExp(`PAY_BASE_URL\\s+${emulator.url}`));
    assert.match(text, /PAY_NOTIFY_URL: no notifications are sent/);
    assert.match(text, new RegExp(`the provider at PAY_BASE_URL \\(${emulator.url}\\) accepted PAY_API_KEY`));
    for (const secret of [DEFAULT_API_KEY, KEY, TOKEN_SECRET]) assert.ok(!text.includes(secret));
  });

  it('shows PAY_SMTP_URL without its password, and PAY_MAIL_FROM as it is', async () => {
    const { status, text } = await check({
      ...providerEnv(emulator.url, DEFAULT_API_KEY),
      PAY_SMTP_URL: 'smtp://receipts:smtp-password-of-the-shop@mail.internal:587',
      PAY_MAIL_FROM: 'Acme Stores <receipts@acme.test>',
    });
    assert.equal(status, 0, text);
    assert.match(text, /PAY_SMTP_URL\s+smtp:\/\/receipts:\*\*\*@mail\.internal:587/);
    assert.match(text, /PAY_MAIL_FROM\s+Acme Stores <receipts@acme\.test>/);
    assert.ok(!text.includes('smtp-password-of-the-shop'));
    assert.ok(!text.includes('PAY_SMTP_URL: no receipt emails'));
  });

  it('says the provider refused the key: exit 1', async () => {
    const { status, text } = await check(providerEnv(emulator.url, 'sk_wrong_key_for_this_provider'));
    assert.equal(status, 1);
    assert.match(text, /the provider refused PAY_API_KEY at PAY_BASE_URL .* \(401/);
    assert.ok(!text.includes('sk_wrong_key_for_this_provider'));
  });

  it('lists each problem of the environment on its own line: exit 1', async () => {
    const { PAY_SERVICE_KEYS: _keys, ...env } = providerEnv(emulator.url, DEFAULT_API_KEY);
    const { status, text } = await check({ ...env, PORT: 'eighty' });
    assert.equal(status, 1);
    assert.match(text, /\n {2}PORT must be a port number\n/);
    assert.match(text, /\n {2}PAY_SERVICE_KEYS must be set/);
  });

  it("is the bin's `check` subcommand, with its exit status", async () => {
    const bin = fileURLToPath(new URL('../bin/pay-service.js', import.meta.url));
    const child = spawn(process.execPath, [bin, 'check'], {
      env: { PATH: process.env['PATH'], ...providerEnv(emulator.url, 'sk_wrong_key_for_this_provider') },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    assert.equal(code, 1, out);
    assert.match(out, /the provider refused PAY_API_KEY/);
  });
});

describe('a port in use', () => {
  it('is said with its variable and the fix: "PORT N is in use: stop the other program or set PORT"', async () => {
    const other = createServer();
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const { port } = other.address() as AddressInfo;
    try {
      const config = readServiceConfig({ PORT: String(port), PAY_DB: ':memory:', PAY_SERVICE_KEYS: KEY });
      await assert.rejects(
        startService(config, { logger: collector().logger }),
        (error: unknown) =>
          error instanceof ConfigError &&
          error.message === `PORT ${port} is in use: stop the other program or set PORT`,
      );
    } finally {
      await new Promise<void>((resolve) => other.close(() => resolve()));
    }
  });
});
