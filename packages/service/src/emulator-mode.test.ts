// Emulator mode fails closed: with no PAY_API_KEY the emulator, whose keys and webhook secret are
// public, is served only where nothing but this machine reaches it (a loopback HOST and PUBLIC_URL, no
// TRUST_PROXY), unless PAY_DEMO_PUBLIC=1; a deployed-looking service without a provider key does not
// start, and says why in plain words. In emulator mode the banner and every log line say so.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { EMULATOR_BANNER, readServiceConfig } from './config.js';
import { createLogger } from './operations/logging.js';

const KEY = 'sk_test_service_key_0123456789abcdefABCDEF';
const root = fileURLToPath(new URL('../../..', import.meta.url));
const base = { PAY_SERVICE_KEYS: KEY, PAY_DB: ':memory:', PORT: '0', PAY_SANDBOX_PORT: '0' };

/** The environment of the shell without its own PAY_* or server variables. */
function shellEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !/^(PAY_|PORT$|HOST$|PUBLIC_URL$|TRUST_PROXY$)/.test(name),
    ),
  );
}

/** Runs `pay-service` (its source) until it prints `until` or exits: its output, and its exit code. */
function runService(
  env: Record<string, string>,
  until: RegExp,
): Promise<{ out: string; code: number | null }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/service/src/main.ts'], {
    cwd: root,
    env: { ...shellEnv(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  return new Promise((resolve) => {
    const read = (chunk: Buffer) => {
      out += chunk.toString();
      if (until.test(out)) child.kill('SIGKILL');
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => resolve({ out, code }));
  });
}

const deployed: Record<string, string>[] = [
  { PUBLIC_URL: 'https://pay.shop.example' },
  { TRUST_PROXY: '1' },
  { PUBLIC_URL: 'https://pay.shop.example', TRUST_PROXY: '1' },
  { PUBLIC_URL: 'http://203.0.113.7:3000' },
];

describe('emulator mode', () => {
  it('refuses a deployed-looking configuration without a provider key, naming each variable', () => {
    for (const env of deployed) {
      let message = '';
      try {
        readServiceConfig({ ...base, ...env });
      } catch (error) {
        message = (error as Error).message;
      }
      for (const name of Object.keys(env))
        assert.match(
          message,
          new RegExp(`${name} is (not a loopback address|set).*PAY_API_KEY.*PAY_DEMO_PUBLIC=1`),
        );
      assert.match(message, /nothing is real money/, JSON.stringify(env));
    }
  });

  it('serves the emulator on loopback, on purpose with PAY_DEMO_PUBLIC=1, and anywhere with a provider', () => {
    for (const PUBLIC_URL of [
      'http://127.0.0.1:3000',
      'http://localhost:3000',
      'https://localhost',
      'http://[::1]:3000',
    ])
      assert.equal(readServiceConfig({ ...base, PUBLIC_URL }).PUBLIC_URL, PUBLIC_URL);
    for (const env of deployed)
      assert.equal(readServiceConfig({ ...base, ...env, PAY_DEMO_PUBLIC: '1' }).PAY_DEMO_PUBLIC, true);
    const provider = readServiceConfig({
      ...base,
      PUBLIC_URL: 'https://pay.shop.example',
      TRUST_PROXY: '1',
      PAY_API_KEY: 'the-provider-key',
      PAY_BASE_URL: 'https://api.provider.example',
      PAY_TOKEN_SECRET: 'a-random-secret-of-at-least-32-characters',
    });
    assert.equal(provider.TRUST_PROXY, true, 'a real provider: the emulator is not served');
  });

  it('does not start pay-service behind a proxy (PUBLIC_URL https, TRUST_PROXY=1) without PAY_API_KEY', async () => {
    const { out, code } = await runService(
      { ...base, PUBLIC_URL: 'https://pay.shop.example', TRUST_PROXY: '1' },
      /pay-service is running/,
    );
    assert.equal(code, 1, out);
    assert.match(out, /^pay-service: invalid environment: PUBLIC_URL is not a loopback address/m);
    assert.match(out, /TRUST_PROXY is set, so a proxy serves this server to others/);
    assert.doesNotMatch(out, /is running/);
  });

  it('says so in its banner and on every JSON log line (livemode: false)', async () => {
    const { out } = await runService({ ...base, PAY_LOG_FORMAT: 'json' }, /is running/);
    const lines = out
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    assert.ok(lines.length > 0);
    for (const line of lines) assert.equal(line['livemode'], false, JSON.stringify(line));
    assert.ok(
      lines.some((line) => String(line['msg']).includes(EMULATOR_BANNER)),
      out,
    );
    const text = await runService(base, /Ctrl-C to stop/);
    assert.match(
      text.out,
      /pay-service is running\n {2}emulator mode: not a real provider, nothing here is real money\n/,
    );
  });

  it('names the emulator on every text line, and carries no livemode with a provider', () => {
    const written: string[] = [];
    const write = (line: string) => void written.push(line);
    createLogger('text', { name: 'pay-service', livemode: false, write }).warn('store slow', { ms: 9 });
    createLogger('json', { name: 'pay-service', livemode: true, write }).info('ready');
    assert.equal(written[0], '[pay-service emulator] warn: store slow ms=9');
    assert.equal((JSON.parse(written[1] ?? '') as Record<string, unknown>)['livemode'], undefined);
  });
});
