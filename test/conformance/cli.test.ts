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

describe('pay-sandbox command', () => {
  it('serves on the given port and prints the URL and keys', async () => {
    const child = spawn(process.execPath, [bin, '--port', '0', '--host', '127.0.0.1'], {
      env: { ...process.env, PAY_SANDBOX_RESTRICTED_KEY: 'sk_cli_banks' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let out = '';
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
          if (match?.[1] && out.includes('webhooks')) resolve(match[1]);
        });
        child.once('exit', (code) => reject(new Error(`exited with ${code}: ${out}`)));
      });
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
});
