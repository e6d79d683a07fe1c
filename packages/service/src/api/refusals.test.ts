// What the merchant's API answers for input the provider would refuse, and for a provider that
// refuses (issues 45 and 46), over real HTTP with the emulator: input the schema takes never ends in
// a 500 and never spends the order id; a customer's BVN is sent with the NGN opening only and is in no
// log line; a missing BVN is a 400 naming id_number that the corrected request gets past at once; only
// the currencies asked for are opened; a key the provider refuses is `upstream_unauthorized`.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import type { FetchLike } from '@pay-elements/api';
import {
  createClock,
  DEFAULT_API_KEY,
  fixtures,
  SandboxControl,
  startSandbox,
  type Sandbox,
} from '@pay-elements/sandbox';
import { startService, type Service } from '../app.js';
import { readServiceConfig } from '../config.js';
import { KEY, startTestService, type Started } from '../testing/service.js';

const ada = fixtures.customers.ada.id;
const kwame = fixtures.customers.kwame.id;
const BVN = '22212345678';

interface ErrorAnswer {
  error: { code: string; message: string; fields?: Record<string, string[]> };
}

/** The status, code and named fields of an error answer. */
async function refusal(answer: Response): Promise<[number, string, string[]]> {
  const { error } = (await answer.json()) as ErrorAnswer;
  return [answer.status, error.code, Object.keys(error.fields ?? {})];
}

/** The provider requests the service made, their path and body, through the real emulator. */
function recorder(): { fetch: FetchLike; seen: Array<{ path: string; body: string }> } {
  const seen: Array<{ path: string; body: string }> = [];
  return {
    seen,
    fetch: (input, init) => {
      seen.push({ path: new URL(input).pathname, body: typeof init.body === 'string' ? init.body : '' });
      return fetch(input, init);
    },
  };
}

const openings = (seen: Array<{ path: string; body: string }>) =>
  seen
    .filter((r) => r.path === '/v1/virtual-accounts/create')
    .map((r) => JSON.parse(r.body) as { currency: string; id_number?: string });

const order = (id: string, extra: Record<string, unknown> = {}) => ({
  order_id: id,
  amount: '10.01',
  currency: 'NGN',
  customer_id: ada,
  order: { title: 'Ankara tote bag', reference: '#1001' },
  ...extra,
});

describe('input the schema takes', () => {
  let s: Started;
  before(async () => {
    s = await startTestService();
  });
  after(() => s.close());

  for (const [label, wrong, field] of [
    ['an amount finer than the currency’s minor unit (10.005 NGN)', { amount: '10.005' }, 'amount'],
    [
      'an order reference longer than the checkout shows (101 characters)',
      { order: { title: 'Ankara tote bag', reference: 'R'.repeat(101) } },
      'order.reference',
    ],
    ['a customer the provider does not know', { customer_id: 'cus_nobody_here' }, 'customer_id'],
  ] as const) {
    it(`refuses ${label} with 400 naming ${field}, and the same order id corrected then opens`, async () => {
      const id = `o-${field}`;
      const before = s.lines.length;
      assert.deepEqual(await refusal(await s.api('/api/sessions', { body: order(id, wrong) })), [
        400,
        'invalid_request',
        [field],
      ]);
      const corrected = await s.api('/api/sessions', { body: order(id) });
      assert.equal(corrected.status, 201, await corrected.clone().text());
      assert.equal(((await corrected.json()) as { amount: string }).amount, '10.01');
      const errors = s.lines.slice(before).filter((l) => l.startsWith('error') || l.includes('"stack"'));
      assert.deepEqual(errors, [], 'no error line, no stack');
    });
  }

  it('keeps one session per order when creates with two amounts race: one 201, the same amount 200, the other 409', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        s.api('/api/sessions', { body: order('o-two-amounts', { amount: i % 2 ? '20.00' : '10.01' }) }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    assert.equal(statuses.filter((x) => x === 201).length, 1, statuses.join(' '));
    assert.equal(statuses.filter((x) => x === 409).length, 5, statuses.join(' '));
    const ids = await Promise.all(
      answers.filter((a) => a.status < 300).map(async (a) => ((await a.json()) as { id: string }).id),
    );
    assert.equal(new Set(ids).size, 1, 'one session');
    const kept = answers.find((a) => a.status === 201);
    assert.ok(kept);
  });
});

describe("a customer's own accounts, opened by the merchant's API", () => {
  let s: Started;
  const provider = recorder();
  before(async () => {
    s = await startTestService({}, { providerFetch: provider.fetch });
  });
  after(() => s.close());

  it('answers a missing BVN 400 naming id_number, and opens at once when it is given', async () => {
    assert.deepEqual(await refusal(await s.api('/api/funding-links', { body: { customer_id: ada } })), [
      400,
      'invalid_request',
      ['id_number'],
    ]);
    const corrected = await s.api('/api/funding-links', { body: { customer_id: ada, id_number: BVN } });
    assert.equal(corrected.status, 200, await corrected.clone().text());
    assert.equal(corrected.headers.get('retry-after'), null);
  });

  it('sends the BVN with the NGN opening only', async () => {
    provider.seen.length = 0;
    const answer = await s.api('/api/funding-links', { body: { customer_id: kwame, id_number: BVN } });
    assert.equal(answer.status, 200, await answer.clone().text());
    const made = openings(provider.seen);
    assert.deepEqual(made.map((o) => o.currency).sort(), ['NGN', 'USD']);
    assert.deepEqual(
      made.filter((o) => o.id_number !== undefined).map((o) => o.currency),
      ['NGN'],
      'id_number on the NGN opening only',
    );
  });

  it('opens only the currencies asked for', async () => {
    const customer = await s.control.createCustomer({
      email: 'yaw@example.com',
      first_name: 'Yaw',
      last_name: 'Mensah',
      country_code: 'NGA',
      phone: '8030000000',
      dial_code: '+234',
    });
    provider.seen.length = 0;
    const answer = await s.api('/api/funding-links', {
      body: { customer_id: customer.id, currencies: ['USD'] },
    });
    assert.equal(answer.status, 200, await answer.clone().text());
    assert.deepEqual(
      openings(provider.seen).map((o) => o.currency),
      ['USD'],
    );
    // its page shows the USD account it has, without the NGN one no BVN could open
    const { url } = (await answer.json()) as { url: string };
    const page = await fetch(url);
    assert.equal(page.status, 200);
  });
});

describe('a provider refusal that repeats the BVN', () => {
  let s: Started;
  const sent: string[] = [];
  before(async () => {
    // the opening refused with a message that repeats the id_number it was sent, as a provider may
    const echoing: FetchLike = async (input, init) => {
      if (new URL(input).pathname !== '/v1/virtual-accounts/create') return fetch(input, init);
      const body = typeof init.body === 'string' ? init.body : '{}';
      sent.push(body);
      const { id_number } = JSON.parse(body) as { id_number?: string };
      return new Response(
        JSON.stringify({
          status: false,
          message: `id_number ${id_number ?? 'none'} could not be verified`,
          error: { id_number: [`${id_number ?? 'none'} is not a BVN on record`] },
        }),
        { status: 400, headers: { 'content-type': 'application/json' } },
      );
    };
    s = await startTestService({}, { providerFetch: echoing });
  });
  after(() => s.close());

  it('leaves it out of every log line and of the answer', async () => {
    const before = s.lines.length;
    const answer = await s.api('/api/funding-links', { body: { customer_id: ada, id_number: BVN } });
    const text = await answer.text();
    assert.equal(answer.status, 400, text);
    assert.ok(!text.includes(BVN), `the answer: ${text}`);
    const lines = s.lines.slice(before);
    assert.ok(
      lines.some((l) => l.includes('refused')),
      'the refusal is logged',
    );
    assert.deepEqual(
      lines.filter((l) => l.includes(BVN)),
      [],
    );
    assert.equal(sent.filter((b) => b.includes(BVN)).length, 1, 'sent once, with the NGN opening');
  });
});

describe('a key the provider refuses after the start (revoked)', () => {
  let sandbox: Sandbox;
  let service: Service;
  let base: string;
  before(async () => {
    sandbox = await startSandbox({ port: 0, clock: createClock() });
    const config = readServiceConfig({
      PORT: '0',
      PAY_DB: ':memory:',
      PAY_SERVICE_KEYS: KEY,
      PAY_API_KEY: DEFAULT_API_KEY,
      PAY_BASE_URL: sandbox.url,
      PAY_TOKEN_SECRET: 'a random token secret of at least 32 characters',
    });
    const quiet = { debug() {}, info() {}, warn() {}, error() {} };
    service = await startService(config, { logger: quiet });
    base = `http://127.0.0.1:${(service.server.address() as AddressInfo).port}`;
    // a wrong key is refused at start (go-live.test.ts); one revoked later is refused on every call
    await new SandboxControl(sandbox.url, DEFAULT_API_KEY).injectFault({ path_prefix: '/v1', status: 401 });
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

  it('answers 503 upstream_unauthorized on the API and the widget routes, never internal', async () => {
    for (const [path, body] of [
      ['/api/sessions', order('o-key')],
      ['/api/funding-links', { customer_id: ada, id_number: BVN }],
      ['/api/invoice-links', { invoice_number: 'INV-000101' }],
    ] as const) {
      const answer = await post(path, body);
      assert.equal(answer.headers.get('retry-after'), null, path);
      assert.deepEqual(await refusal(answer), [503, 'upstream_unauthorized', []], path);
    }
    const token = service.kit.pay.fundingToken(ada);
    assert.deepEqual(await refusal(await fetch(`${base}/pay/funding/${token}`)), [
      503,
      'upstream_unauthorized',
      [],
    ]);
  });
});
