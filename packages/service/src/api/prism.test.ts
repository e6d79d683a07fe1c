// Stoplight's Prism in front of the real service's /api, as a merchant's tooling would hold it to
// its OpenAPI document: every request of a whole flow goes through `prism proxy` (the pinned Prism,
// installed on first use into the runtimes' cache: @pay-elements/testing/runtimes), which reports any
// request or answer that departs from /api/openapi.json in an `sl-violations` header. None may.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixtures } from '@pay-elements/sandbox';
import { runtimeBin } from '@pay-elements/testing/runtimes';
import {
  KEY,
  merchantEndpoint,
  NOTIFY_SECRET,
  startTestService,
  type MerchantEndpoint,
  type Started,
} from '../testing/service.js';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** `prism proxy` of the document in front of `upstream`, once it listens; its output kept. */
async function startPrism(
  document: string,
  upstream: string,
): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const bin = await runtimeBin('prism');
  const child = spawn(bin, ['proxy', document, upstream, '-p', String(port), '-h', '127.0.0.1'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`prism did not start:\n${output}`)), 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (/listening on/i.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => reject(new Error(`prism exited ${code}:\n${output}`)));
  });
  return { base: `http://127.0.0.1:${port}`, child };
}

describe('Prism in front of /api over a whole flow', { timeout: 180_000 }, () => {
  let s: Started;
  let shop: MerchantEndpoint;
  let prism: { base: string; child: ChildProcess };
  let dir: string;
  const seen: string[] = [];

  before(async () => {
    shop = await merchantEndpoint();
    s = await startTestService({ PAY_NOTIFY_URL: shop.url, PAY_NOTIFY_SECRET: NOTIFY_SECRET });
    dir = mkdtempSync(join(tmpdir(), 'pay-prism-'));
    const document = join(dir, 'openapi.json');
    writeFileSync(document, await (await fetch(`${s.base}/api/openapi.json`)).text());
    prism = await startPrism(document, s.base);
  });
  after(async () => {
    prism?.child.kill();
    await s?.close();
    await shop?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** The request through Prism: its status and JSON, and no violation Prism reports of it. */
  async function call(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; json: unknown }> {
    const answer = await fetch(`${prism.base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${KEY}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await answer.text();
    const where = `${method} ${path} → ${answer.status}`;
    assert.equal(answer.headers.get('sl-violations'), null, `${where}: Prism reports a violation`);
    seen.push(where);
    return {
      status: answer.status,
      json: answer.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text,
    };
  }

  it('reports no violation: a checkout opened, paid, read, its notification read and resent, links made', async () => {
    const order = {
      order_id: 'prism-1',
      amount: '2500.00',
      currency: 'NGN',
      customer_id: fixtures.customers.ada.id,
    };
    const created = await call('POST', '/api/sessions', order);
    assert.equal(created.status, 201);
    const session = created.json as { id: string; account: { account_number: string } };
    assert.equal((await call('POST', '/api/sessions', order)).status, 200);
    assert.equal((await call('POST', '/api/sessions', { ...order, amount: '1.00' })).status, 409);
    assert.equal(
      (await call('POST', '/api/sessions', { ...order, order_id: 'prism-2', amount: '10.005' })).status,
      400,
    );
    assert.equal((await call('GET', `/api/sessions/${session.id}`)).status, 200);
    await s.control.transfer({ account_number: session.account.account_number, amount: 2500 });
    await s.service.sandbox?.flushWebhooks();
    const paid = await call('GET', `/api/sessions/${session.id}`);
    assert.equal((paid.json as { status: string }).status, 'paid');
    assert.equal((await call('GET', '/api/sessions/ses_none')).status, 404);
    assert.equal((await call('POST', '/api/invoice-links', { invoice_number: 'INV-000101' })).status, 200);
    const funding = { customer_id: fixtures.customers.ada.id, id_number: '22212345678' };
    assert.equal((await call('POST', '/api/funding-links', funding)).status, 200);
    await shop.until(1);
    assert.equal((await call('GET', '/api/notifications?limit=5')).status, 200);
    const id = `session.paid.${session.id}`;
    assert.equal((await call('GET', `/api/notifications/${id}`)).status, 200);
    assert.equal((await call('POST', `/api/notifications/${id}/resend`)).status, 202);
    assert.equal((await call('POST', `/api/notifications/${id}/resend`)).status, 429);
    assert.ok(seen.length >= 13, seen.join('\n'));
  });
});
