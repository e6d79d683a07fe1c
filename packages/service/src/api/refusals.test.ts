// What the merchant's API answers when the provider refuses (issues 45 and 46), over real HTTP with
// the emulator: a key the provider refuses is `upstream_unauthorized`, never `internal`.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { createClock, fixtures, startSandbox, type Sandbox } from '@pay-elements/sandbox';
import { startService, type Service } from '../app.js';
import { readServiceConfig } from '../config.js';
import { KEY } from '../testing/service.js';

const ada = fixtures.customers.ada.id;

interface ErrorAnswer {
  error: { code: string; message: string; fields?: Record<string, string[]> };
}

/** The status, code and named fields of an error answer. */
async function refusal(answer: Response): Promise<[number, string, string[]]> {
  const { error } = (await answer.json()) as ErrorAnswer;
  return [answer.status, error.code, Object.keys(error.fields ?? {})];
}

const order = (id: string, extra: Record<string, unknown> = {}) => ({
  order_id: id,
  amount: '10.01',
  currency: 'NGN',
  customer_id: ada,
  order: { title: 'Ankara tote bag', reference: '#1001' },
  ...extra,
});

describe('a key the provider refuses', () => {
  let sandbox: Sandbox;
  let service: Service;
  let base: string;
  before(async () => {
    sandbox = await startSandbox({ port: 0, clock: createClock() });
    const config = readServiceConfig({
      PORT: '0',
      PAY_DB: ':memory:',
      PAY_SERVICE_KEYS: KEY,
      PAY_API_KEY: 'sk_live_not_this_merchants_key_0000000000',
      PAY_BASE_URL: sandbox.url,
      PAY_TOKEN_SECRET: 'a random token secret of at least 32 characters',
    });
    const quiet = { debug() {}, info() {}, warn() {}, error() {} };
    service = await startService(config, { logger: quiet });
    base = `http://127.0.0.1:${(service.server.address() as AddressInfo).port}`;
  });
  after(async () => {
    await service.close();
    await sandbox.close();
  });

  const post = (path: string, body: unknown) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('answers 503 upstream_unauthorized on the API, never internal', async () => {
    for (const [path, body] of [
      ['/api/sessions', order('o-key')],
      ['/api/invoice-links', { invoice_number: 'INV-000101' }],
    ] as const) {
      const answer = await post(path, body);
      assert.equal(answer.headers.get('retry-after'), null, path);
      assert.deepEqual(await refusal(answer), [503, 'upstream_unauthorized', []], path);
    }
  });
});
