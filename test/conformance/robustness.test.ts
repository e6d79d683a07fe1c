// Bad input never crashes the emulator: oversized bodies (413, refused before being read whole),
// unknown routes (404), wrong methods (405 with Allow), malformed JSON, wrong content types, wrong
// types; a randomized sweep that no input gets a 5xx; and hostile or damaged state files, refused at
// start with the field named.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { createClock, createSandbox, fixtures, type SandboxHandler } from '@pay-elements/sandbox';
import { KEY, RESTRICTED, START, boot, expectFailure, expectValidation, type Harness } from './helpers.js';

const MiB = 1024 * 1024;

describe('robustness', () => {
  let h: Harness;
  before(async () => {
    h = await boot();
  });
  after(() => h.sandbox.close());

  it('refuses a body over 1 MiB with 413', async () => {
    const big = JSON.stringify({ email: 'a@b.co', note: 'x'.repeat(MiB) });
    expectFailure(await h.call('/v1/invoices', { method: 'POST', body: big }), 413, 'request body too large');
    // exactly at the limit is read (and then judged on its content)
    const atLimit = JSON.stringify({ note: 'x'.repeat(MiB - 20) }).padEnd(MiB, ' ');
    assert.equal(Buffer.byteLength(atLimit), MiB);
    expectValidation(await h.call('/v1/invoices', { method: 'POST', body: atLimit }));
  });

  it('refuses a chunked body (no Content-Length) once it passes 1 MiB, without reading the rest', async () => {
    const url = new URL(`${h.sandbox.url}/v1/invoices`);
    let sent = 0;
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        url,
        { method: 'POST', headers: { 'x-api-key': KEY, 'content-type': 'application/json' } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const pump = () => {
        // keep offering data (up to 16 MiB) until the answer arrives
        while (sent < 16 * MiB) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
        req.end();
      };
      pump();
    });
    assert.equal(status, 413);
    assert.ok(sent < 16 * MiB, 'the answer came before the whole body was sent');
  });

  it('keeps a kept-alive connection usable after bodies it never read', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const post = (key: string, padding: number, path = '/v1/banks/suggest') =>
      new Promise<number>((resolve, reject) => {
        const body = JSON.stringify({ account_number: '0123456789', padding: 'x'.repeat(padding) });
        const req = httpRequest(
          `${h.sandbox.url}${path}`,
          {
            method: 'POST',
            agent,
            headers: {
              'x-api-key': key,
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(body),
            },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          },
        );
        req.on('error', reject);
        req.setTimeout(2_000, () => req.destroy(new Error('the connection stalled')));
        req.end(body);
      });
    const statuses = [];
    for (const [key, padding, path] of [
      ['wrong', 200_000, undefined],
      [KEY, 10, undefined],
      [RESTRICTED, 300_000, undefined],
      [KEY, 10, '/v1/nothing'],
      [KEY, 2 * MiB, undefined],
      [KEY, 10, undefined],
    ] as const)
      statuses.push(await post(key, padding, path));
    agent.destroy();
    assert.deepEqual(statuses, [401, 200, 403, 404, 413, 200]);
  });

  it('answers 404 for unknown routes and 405 with Allow for wrong methods', async () => {
    expectFailure(await h.call('/v1/nothing-here'), 404, 'not found');
    expectFailure(await h.call('/v2/wallets'), 404, 'not found');
    expectFailure(await h.call('/'), 404, 'not found');
    expectFailure(await h.call('/v1/wallets/'), 404, 'not found');
    const wrong = await h.call('/v1/wallets', { method: 'DELETE' });
    expectFailure(wrong, 405, 'method not allowed');
    assert.equal(wrong.headers.get('allow'), 'GET');
    const invoices = await h.call('/v1/invoices', { method: 'PUT' });
    expectFailure(invoices, 405, 'method not allowed');
    assert.equal(invoices.headers.get('allow'), 'GET, POST');
    const faults = await h.call('/_sandbox/faults', { method: 'PUT' });
    assert.equal(faults.headers.get('allow'), 'DELETE, GET, POST');
  });

  it('answers 400 for malformed JSON and for JSON that is not an object', async () => {
    for (const body of ['{', '{"email": }', 'not json', '{"a":1}}']) {
      expectFailure(
        await h.call('/v1/invoices', { method: 'POST', body }),
        400,
        'request body is not valid JSON',
      );
    }
    for (const body of ['[]', '"text"', '42', 'null']) {
      expectFailure(
        await h.call('/v1/payments/send', { method: 'POST', body }),
        400,
        'request body must be a JSON object',
      );
    }
  });

  it('answers 415 for a body that is not JSON', async () => {
    const answer = await h.call('/v1/banks/suggest', {
      method: 'POST',
      body: 'account_number=0123456789',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expectFailure(answer, 415, 'content type must be application/json');
  });

  it('answers the validation body for wrong types, with a clear message per field', async () => {
    const fields = expectValidation(
      await h.call('/v1/payments/send', {
        method: 'POST',
        body: {
          from_amount: '100',
          from_wallet_id: 12,
          to_currency: 'naira',
          payment_method: true,
          info: 'x',
        },
      }),
    );
    assert.deepEqual(fields, {
      from_amount: ['must be a number'],
      from_wallet_id: ['must be a string'],
      to_currency: ['must be a three-letter currency code'],
      payment_method: ['must be a string'],
      info: ['must be an object'],
    });
  });

  it('answers 400 for a malformed path', async () => {
    expectFailure(await h.call('/v1/customers/%E0%A4%A'), 400, 'malformed request URL');
  });

  it('answers in process through handle(), the same as over HTTP; a dropped request rejects', async () => {
    const sandbox = createSandbox({ clock: createClock({ frozen: true, start: START }) });
    const inProcess = (input: string, init?: RequestInit) =>
      sandbox.handle(new Request(`http://sandbox${input}`, init));
    const overHttp = await h.call('/v1/wallets');
    const direct = await inProcess('/v1/wallets', { headers: { 'x-api-key': KEY } });
    assert.equal(direct.status, 200);
    assert.equal(await direct.text(), overHttp.text);
    const injected = await inProcess('/_sandbox/faults', {
      method: 'POST',
      headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ path_prefix: '/v1/wallets', drop: true, times: 1 }),
    });
    assert.equal(injected.status, 200);
    await assert.rejects(inProcess('/v1/wallets', { headers: { 'x-api-key': KEY } }), /connection dropped/);
    assert.equal((await inProcess('/v1/wallets', { headers: { 'x-api-key': KEY } })).status, 200);
    sandbox.close();
  });

  it('never answers 5xx, whatever the body', async () => {
    const sandbox = createSandbox({ clock: createClock({ frozen: true, start: START }) });
    const paths = [
      ['POST', '/v1/payments/send'],
      ['POST', '/v1/invoices'],
      ['POST', '/v1/virtual-accounts/create'],
      ['POST', '/v1/virtual-accounts/dynamic'],
      ['POST', '/v1/banks/suggest'],
      ['POST', '/v1/cards/crd_ada_usd/withdraw'],
      ['POST', '/_sandbox/transfers'],
      ['POST', '/_sandbox/customers'],
      ['POST', '/_sandbox/cards'],
      ['POST', '/_sandbox/faults'],
      ['POST', '/_sandbox/clock'],
    ] as const;
    const value = fc.oneof(
      fc.jsonValue(),
      fc.record(
        {
          from_amount: fc.oneof(fc.double(), fc.integer(), fc.string()),
          from_wallet_id: fc.constantFrom('wal_ngn_main', 'wal_usd_main', '', 'x'),
          to_currency: fc.constantFrom('NGN', 'usd', 'EUR', 'XXX', ''),
          payment_method: fc.constantFrom('bank_transfer', 'tag_transfer', 'card', 'nope'),
          info: fc.dictionary(
            fc.constantFrom('account_number', 'bank_code', 'account_name', 'tag_id'),
            fc.jsonValue(),
          ),
          reference: fc.string(),
          amount: fc.oneof(fc.double(), fc.integer()),
          lifespan_minutes: fc.integer(),
          customer_id: fc.constantFrom('cus_ada_okafor', 'cus_x'),
          account_number: fc.string(),
          items: fc.array(fc.jsonValue(), { maxLength: 3 }),
          charges: fc.jsonValue(),
          advance_minutes: fc.double(),
        },
        { requiredKeys: [] },
      ),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...paths), value, async ([method, path], body) => {
        const response = await sandbox.handle(
          new Request(`http://sandbox${path}`, {
            method,
            headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
            body: JSON.stringify(body),
          }),
        );
        assert.ok(response.status < 500, `${method} ${path} ${JSON.stringify(body)} → ${response.status}`);
        assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
        await response.json();
      }),
      { numRuns: 300, seed: 20250115 },
    );
    sandbox.close();
  });
});

describe('hostile state files', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pay-sandbox-hostile-'));
  /** POSTs the receiver got, by path; it answers `status`. */
  const hits = new Map<string, number>();
  let status = 500;
  let receiver: Server;
  let base = '';
  /** A state saved with one delivery pending (a failed first attempt at invoice.paid, to /old). */
  let snapshot: string;

  type Entries = { $map: [string, Record<string, unknown>][] };
  /** The parts of a saved state the tests below change. */
  type Json = {
    clock_offset_ms: number;
    state: Record<string, unknown> & { wallets: Entries; customers: Entries; deliveries: Entries };
  };
  const frozen = () => createClock({ frozen: true, start: START });
  const post = (sandbox: SandboxHandler, path: string) =>
    sandbox.handle(new Request(`http://sandbox${path}`, { method: 'POST', headers: { 'x-api-key': KEY } }));
  /** Writes the snapshot changed by `edit` to a file of its own; answers the file. */
  function hostile(name: string, edit: (file: Json) => void): string {
    const file = join(dir, `${name}.json`);
    const json = JSON.parse(snapshot) as Json;
    edit(json);
    writeFileSync(file, JSON.stringify(json));
    return file;
  }
  const first = (entries: Entries) => entries.$map[0] ?? assert.fail('no entry');
  const delivery = (json: Json) => first(json.state.deliveries)[1];
  const posts = () => [...hits.values()].reduce((a, b) => a + b, 0);
  /** createSandbox on `file` throws a StateFileError naming the file and `field`; the file is untouched. */
  function refused(file: string, field: string, message: RegExp) {
    const before = readFileSync(file, 'utf8');
    assert.throws(
      () => createSandbox({ dataFile: file, clock: frozen(), webhookUrl: `${base}/new` }),
      (e: unknown) =>
        e instanceof Error &&
        e.name === 'StateFileError' &&
        e.message.includes(file) &&
        e.message.includes(`${field}: `) &&
        message.test(e.message),
    );
    assert.equal(readFileSync(file, 'utf8'), before, 'a refused file is not rewritten');
  }

  before(async () => {
    receiver = createServer((req, res) => {
      hits.set(req.url ?? '', (hits.get(req.url ?? '') ?? 0) + 1);
      req.resume();
      res.writeHead(status).end();
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    const file = join(dir, 'base.json');
    const sandbox = createSandbox({ dataFile: file, clock: frozen(), webhookUrl: `${base}/old` });
    assert.equal(
      (await post(sandbox, `/_sandbox/invoices/${fixtures.invoices.websiteRedesign.number}/pay`)).status,
      200,
    );
    await sandbox.flushWebhooks();
    sandbox.close();
    snapshot = readFileSync(file, 'utf8');
    assert.equal(delivery(JSON.parse(snapshot) as Json)['attempts'], 1);
    hits.clear();
  });
  after(async () => {
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a clock moved beyond a century (clock_offset_ms: 1e300), naming the field', () => {
    refused(
      hostile('clock', (json) => (json.clock_offset_ms = 1e300)),
      'clock_offset_ms',
      /at most/,
    );
    refused(
      hostile('clock-back', (json) => (json.clock_offset_ms = -1e300)),
      'clock_offset_ms',
      /at least/,
    );
  });

  it('refuses wrong types: state.wallets = 7, an API resource with a wrong field', () => {
    refused(
      hostile('wallets', (json) => Reflect.set(json.state, 'wallets', 7)),
      'state.wallets',
      /must be an object/,
    );
    const customer = fixtures.customers.ada.id;
    const file = hostile('customer', (json) => {
      const entry = json.state.customers.$map.find(([id]) => id === customer);
      if (entry) entry[1]['email'] = 42;
    });
    refused(file, `state.customers[${customer}].email`, /must be a string/);
  });

  it('refuses a bad $bigint with a message of its own naming the field, not "not valid JSON"', () => {
    let wallet = '';
    const file = hostile('bigint', (json) => {
      const [id, record] = first(json.state.wallets);
      wallet = id;
      record['balance'] = { $bigint: '12x' };
    });
    refused(file, `state.wallets[${wallet}].balance`, /must be a whole number written as a string/);
    assert.doesNotThrow(() => readFileSync(file, 'utf8'));
    assert.throws(
      () => createSandbox({ dataFile: file }),
      (e: unknown) => e instanceof Error && !/not valid JSON/.test(e.message),
    );
  });

  it('refuses absurd delivery counters and times before sending anything', async () => {
    const [id] = first((JSON.parse(snapshot) as Json).state.deliveries);
    refused(
      hostile('duplicates', (json) => (delivery(json)['duplicates'] = 1_000_000)),
      `state.deliveries[${id}].duplicates`,
      /at most 9/,
    );
    refused(
      hostile('step', (json) => (delivery(json)['step'] = 1_000_000)),
      `state.deliveries[${id}].step`,
      /at most 8/,
    );
    refused(
      hostile('time', (json) => (delivery(json)['nextAttemptAt'] = 1e300)),
      `state.deliveries[${id}].nextAttemptAt`,
      /at most/,
    );
    // filed under another id, its attempts would never be recorded, so it would be sent again at once
    refused(
      hostile('key', (json) => (first(json.state.deliveries)[0] = 'evt_other')),
      'state.deliveries[evt_other] (its key)',
      new RegExp(`must be the record's own id \\(${id}\\)`),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(posts(), 0, 'nothing was sent');
  });

  it('sends a restored delivery to the configured URL, never to the one in the file', async () => {
    status = 200;
    hits.clear();
    const file = hostile('restored', () => {});
    const sandbox = createSandbox({ dataFile: file, clock: frozen(), webhookUrl: `${base}/new` });
    try {
      sandbox.clock.advance(60_000);
      await sandbox.flushWebhooks();
      assert.deepEqual(Object.fromEntries(hits), { '/new': 1 });
    } finally {
      sandbox.close();
    }
  });

  it('gives a restored delivery only the retries left in the schedule', async () => {
    status = 500;
    hits.clear();
    const file = hostile('last-retry', (json) => (delivery(json)['step'] = 7));
    const sandbox = createSandbox({ dataFile: file, clock: frozen(), webhookUrl: `${base}/new` });
    try {
      for (let hour = 0; hour < 48; hour += 1) {
        sandbox.clock.advance(3_600_000);
        await sandbox.flushWebhooks();
      }
      assert.equal(posts(), 1, 'one last attempt, then it gives up');
      const log = await sandbox.handle(
        new Request('http://sandbox/_sandbox/webhooks', { headers: { 'x-api-key': KEY } }),
      );
      const { data } = (await log.json()) as { data: { next_attempt_at: string | null }[] };
      assert.equal(data[0]?.next_attempt_at, null);
    } finally {
      sandbox.close();
    }
  });

  it('keeps a restored delivery waiting when no webhook URL is configured', async () => {
    hits.clear();
    const sandbox = createSandbox({ dataFile: hostile('no-url', () => {}), clock: frozen() });
    try {
      sandbox.clock.advance(3_600_000);
      await sandbox.flushWebhooks();
      assert.equal(posts(), 0);
    } finally {
      sandbox.close();
    }
  });
});
