// `pay-sandbox`: the bin starts the emulator on the asked port and prints its URL and keys.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { Bank } from '@pay-elements/api';
import { expectFailure, expectOk, type Answer } from './helpers.js';
import { DEFAULT_API_KEY } from '@pay-elements/sandbox';

const bin = fileURLToPath(new URL('../../packages/sandbox/bin/pay-sandbox.js', import.meta.url));

async function answer(url: string, key: string): Promise<Answer> {
  const response = await fetch(url, { headers: { 'x-api-key': key } });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: JSON.parse(text) };
}

/** Starts the command at `path` with `env`; answers its URL and what it printed, and the child. */
async function start(path: string, env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, [path, '--port', '0', '--host', '127.0.0.1'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (match?.[1] && out.includes('webhooks')) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code}: ${out}`)));
  }).catch((error: unknown) => {
    child.kill('SIGTERM');
    throw error;
  });
  return { url, out, child };
}

describe('pay-sandbox command', () => {
  it('serves on the given port and prints the URL and keys', async () => {
    const { url, out, child } = await start(bin, {
      ...process.env,
      PAY_SANDBOX_RESTRICTED_KEY: 'sk_cli_banks',
    });
    try {
      assert.ok(out.includes(DEFAULT_API_KEY), out);
      assert.match(out, /sk_cli_banks/);
      expectOk(await answer(`${url}/v1/banks/ZA`, 'sk_cli_banks'), Bank.array());
      expectFailure(
        await answer(`${url}/v1/wallets`, 'sk_cli_banks'),
        403,
        'unauthorized access: permission denied',
      );
    } finally {
      child.kill('SIGTERM');
    }
  });

  it('starts from the workspace’s node_modules/.bin without the npm scripts’ condition (a newcomer’s npx)', async () => {
    const workspaceBin = fileURLToPath(new URL('../../node_modules/.bin/pay-sandbox', import.meta.url));
    const env = { ...process.env };
    delete env['NODE_OPTIONS'];
    const { url, child } = await start(workspaceBin, env);
    try {
      expectOk(await answer(`${url}/v1/banks/NG`, DEFAULT_API_KEY), Bank.array());
    } finally {
      child.kill('SIGTERM');
    }
  });
});
