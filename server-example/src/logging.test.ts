// Request ids and log lines: every answer carries x-request-id (a sane incoming one kept, else a new
// one), the log lines written while a request is answered name it, PAY_LOG_FORMAT=json gives one
// object per line with time, level and msg in pino's shape, and a real pino logger plugs into the
// kit's `logger` through `fromPino`.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import pino from 'pino';
import { createPayHandler, fromPino, MemoryStore } from '@pay-elements/server';
import { PayClient } from '@pay-elements/api';
import { createClock } from '@pay-elements/sandbox';
import { startApp, type App } from './app.js';
import { readConfig } from './config.js';
import { createLogger } from '@pay-elements/service/operations';

describe('request ids and JSON logs', () => {
  let app: App;
  let base = '';
  const lines: string[] = [];
  before(async () => {
    app = await startApp(readConfig({ PORT: '0', PAY_SANDBOX_PORT: '0', PAY_DB: ':memory:' }), {
      logger: createLogger('json', { write: (line) => lines.push(line) }),
    });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('not listening');
    base = `http://127.0.0.1:${address.port}`;
  });
  after(() => app.close());

  it('keeps a sane incoming id and makes one otherwise, on the kit and the site alike', async () => {
    const kept = await fetch(`${base}/pay/banks/NG`, { headers: { 'x-request-id': 'lb-7f3a.1' } });
    assert.equal(kept.headers.get('x-request-id'), 'lb-7f3a.1');
    const made = await fetch(`${base}/healthz`, { headers: { 'x-request-id': 'two words' } });
    assert.match(made.headers.get('x-request-id') ?? '', /^[0-9a-f-]{36}$/);
    const none = await fetch(`${base}/no-such-page`);
    assert.match(none.headers.get('x-request-id') ?? '', /^[0-9a-f-]{36}$/);
  });

  it('names the request in each line written while answering it, one JSON object per line', async () => {
    const refused = await fetch(`${base}/pay/webhooks`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-request-id': 'req-forged-1',
        'webhook-id': 'msg_1',
        'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
        'webhook-signature': 'v1,AAAA',
      },
      body: '{}',
    });
    assert.equal(refused.status, 400);
    const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const line = parsed.find((l) => l['msg'] === 'webhook refused');
    assert.ok(line, lines.join('\n'));
    assert.equal(line['request_id'], 'req-forged-1');
    assert.equal(line['level'], 40);
    assert.equal(typeof line['time'], 'number');
    for (const text of lines) assert.doesNotMatch(text, /sk_sandbox/);
  });
});

describe('request ids on the lines of a hosted page', () => {
  let app: App;
  let base = '';
  const clock = createClock();
  const lines: string[] = [];
  before(async () => {
    app = await startApp(readConfig({ PORT: '0', PAY_SANDBOX_PORT: '0', PAY_DB: ':memory:' }), {
      clock,
      logger: createLogger('json', { write: (line) => lines.push(line) }),
    });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('not listening');
    base = `http://127.0.0.1:${address.port}`;
  });
  after(() => app.close());

  it('names the page’s request on the kit’s lines written for it (a renewal from the page), no other', async () => {
    const created = await fetch(`${base}/pay/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'req-open-1' },
      body: JSON.stringify({ order_id: 'demo-1' }),
    });
    assert.equal(created.status, 201);
    const { id } = (await created.json()) as { id: string };
    clock.advance(24 * 60 * 60 * 1000);
    const renewed = await fetch(`${base}/checkout/${id}/renew`, {
      method: 'POST',
      headers: { 'x-request-id': 'req-renew-1' },
      redirect: 'manual',
    });
    assert.equal(renewed.status, 303);
    assert.equal(renewed.headers.get('x-request-id'), 'req-renew-1');
    const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const opened = parsed.find((l) => l['msg'] === 'session created');
    assert.equal(opened?.['request_id'], 'req-open-1');
    const renewal = parsed.find((l) => l['msg'] === 'session renewed');
    assert.ok(renewal, lines.join('\n'));
    assert.equal(renewal['request_id'], 'req-renew-1');
  });
});

describe('a pino logger as the kit logger', () => {
  it('gets the kit lines in its own shape, with their fields', async () => {
    const out: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        out.push(chunk.toString());
        done();
      },
    });
    const kit = createPayHandler({
      client: new PayClient({ apiKey: 'sk_live_do_not_log_me', baseUrl: 'http://127.0.0.1:9' }),
      store: new MemoryStore(),
      resolveOrder: () => null,
      basePath: '/pay',
      logger: fromPino(pino({ level: 'debug' }, sink)),
      webhookSecret: `whsec_${Buffer.from('pino test secret, 24 bytes or more').toString('base64')}`,
    });
    const answer = await kit.fetch(
      new Request('http://shop.test/pay/webhooks', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'webhook-id': 'x',
          'webhook-signature': 'sk_live_do_not_log_me',
        },
        body: '{}',
      }),
    );
    assert.equal(answer.status, 400);
    await kit.close();
    const records = out
      .join('')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const refused = records.find((r) => r['msg'] === 'webhook refused');
    assert.ok(refused, out.join(''));
    assert.equal(refused['level'], 40);
    assert.equal(typeof refused['reason'], 'string');
  });
});
