import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { ErrorBody } from '@pay-elements/protocol';
import { RequestLimiter, TokenBucketLimiter, addressKey } from './rate-limit.js';
import { startWorld, type World } from '@pay-elements/testing/kit-world';

function manualClock(start = 0) {
  let now = start;
  return { now: () => now, advance: (ms: number) => void (now += ms) };
}

describe('TokenBucketLimiter', () => {
  it('allows a burst of perMinute, then one more per 60/perMinute seconds', () => {
    const clock = manualClock();
    const limiter = new TokenBucketLimiter({ clock, perMinute: 10, maxKeys: 100 });
    for (let i = 0; i < 10; i++) assert.deepEqual(limiter.take('a'), { allowed: true }, `request ${i}`);
    assert.deepEqual(limiter.take('a'), { allowed: false, retryAfterSeconds: 6 });
    clock.advance(5999);
    assert.deepEqual(limiter.take('a'), { allowed: false, retryAfterSeconds: 1 });
    clock.advance(1);
    assert.deepEqual(limiter.take('a'), { allowed: true });
    assert.equal(limiter.take('a').allowed, false);
    clock.advance(60 * 60_000);
    for (let i = 0; i < 10; i++)
      assert.equal(limiter.take('a').allowed, true, 'refilled to the burst, no more');
    assert.equal(limiter.take('a').allowed, false);
  });

  it('allows a burst of its own when given one, refilled at perMinute', () => {
    const clock = manualClock();
    const limiter = new TokenBucketLimiter({ clock, perMinute: 10, burst: 60, maxKeys: 100 });
    for (let i = 0; i < 60; i++) assert.equal(limiter.take('a').allowed, true, `request ${i}`);
    assert.deepEqual(limiter.take('a'), { allowed: false, retryAfterSeconds: 6 });
    clock.advance(6000);
    assert.deepEqual(limiter.take('a'), { allowed: true });
    clock.advance(60 * 60_000);
    for (let i = 0; i < 60; i++) assert.equal(limiter.take('a').allowed, true, 'refilled to the burst');
    assert.equal(limiter.take('a').allowed, false);
  });

  it('keeps clients apart', () => {
    const limiter = new TokenBucketLimiter({ clock: manualClock(), perMinute: 1, maxKeys: 100 });
    assert.equal(limiter.take('a').allowed, true);
    assert.equal(limiter.take('a').allowed, false);
    assert.equal(limiter.take('b').allowed, true);
  });

  it('holds at most maxKeys buckets, dropping full ones first, then the least recently used', () => {
    const clock = manualClock();
    const limiter = new TokenBucketLimiter({ clock, perMinute: 2, maxKeys: 10 });
    for (let i = 0; i < 10; i++) limiter.take(`k${i}`);
    assert.equal(limiter.size, 10);
    clock.advance(30_000); // every bucket is full again
    limiter.take('new');
    assert.equal(limiter.size, 1, 'full buckets are the same as none');
    for (let i = 0; i < 20; i++) {
      limiter.take(`busy${i}`);
      limiter.take(`busy${i}`);
    }
    assert.ok(limiter.size <= 10);
    assert.equal(limiter.take('busy19').allowed, false, 'the most recent client is still tracked');
  });
});

describe('addressKey', () => {
  it('keeps IPv4, unwraps IPv4-mapped IPv6, groups IPv6 by /64', () => {
    assert.equal(addressKey('203.0.113.7'), '203.0.113.7');
    assert.equal(addressKey('::ffff:203.0.113.7'), '203.0.113.7');
    assert.equal(addressKey('2001:db8:0:1:aaaa::1'), '2001:db8:0:1::/64');
    assert.equal(addressKey('2001:0db8:0000:0001:ffff:ffff:ffff:fffe'), '2001:db8:0:1::/64');
    assert.equal(addressKey('2001:db8::1'), '2001:db8:0:0::/64');
    assert.equal(addressKey('::1'), '0:0:0:0::/64');
    assert.equal(addressKey('fe80::1%eth0'), 'fe80:0:0:0::/64');
    assert.equal(addressKey('not:an:address::x'), 'not:an:address::x');
  });
});

describe('RequestLimiter', () => {
  function limiter(clientKey?: (request: Request) => string) {
    const warnings: string[] = [];
    const logger = { debug() {}, info() {}, warn: (m: string) => void warnings.push(m), error() {} };
    const limits = new RequestLimiter({
      clock: manualClock(),
      logger,
      perClientPerMinute: 2,
      perSubjectPerMinute: 3,
      maxKeys: 100,
      clientKey,
      what: 'account openings',
    });
    return { limits, warnings };
  }
  const from = (client: string) => new Request('http://kit/', { headers: { 'x-client': client } });

  it('limits one client across orders, and one order across clients', () => {
    const { limits } = limiter((r) => r.headers.get('x-client') ?? '');
    assert.equal(limits.take(from('a'), 'o1').allowed, true);
    assert.equal(limits.take(from('a'), 'o2').allowed, true);
    assert.deepEqual(limits.take(from('a'), 'o3'), { allowed: false, retryAfterSeconds: 30 });
    assert.equal(limits.take(from('b'), 'o1').allowed, true);
    assert.equal(limits.take(from('c'), 'o1').allowed, true);
    assert.deepEqual(
      limits.take(from('d'), 'o1'),
      { allowed: false, retryAfterSeconds: 20 },
      'the order is spent',
    );
  });

  it('spends nothing of an order for a client over its own limit, nor of a client for a spent order', () => {
    const { limits } = limiter((r) => r.headers.get('x-client') ?? '');
    assert.equal(limits.take(from('attacker'), 'own-1').allowed, true);
    assert.equal(limits.take(from('attacker'), 'own-2').allowed, true);
    for (let i = 0; i < 5; i++)
      assert.equal(limits.take(from('attacker'), 'victims-order').allowed, false, 'over its own limit');
    for (let i = 0; i < 3; i++)
      assert.equal(
        limits.take(from(`shopper-${i}`), 'victims-order').allowed,
        true,
        'the order’s 3 are whole',
      );
    assert.equal(limits.take(from('victim'), 'victims-order').allowed, false, 'the order is spent now');
    assert.equal(limits.take(from('victim'), 'other-1').allowed, true, 'the refusal cost the victim nothing');
    assert.equal(limits.take(from('victim'), 'other-2').allowed, true);
  });

  it('limits a request from an unknown client per order only, and says so once', () => {
    const { limits, warnings } = limiter();
    for (let i = 0; i < 5; i++) assert.equal(limits.take(new Request('http://kit/'), `o${i}`).allowed, true);
    assert.equal(warnings.length, 1);
    assert.match(warnings[0] ?? '', /clientKey/);
  });
});

describe('account openings limited through the kit', () => {
  let world: World;

  before(async () => {
    world = await startWorld({ kit: { clientKey: (request) => request.headers.get('x-client') ?? '' } });
  });
  after(() => world.close());

  function create(client: string, orderId: string) {
    return world.request('/pay/sessions', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-client': client },
      body: JSON.stringify({ order_id: orderId }),
    });
  }

  it('lets a shopper open their order while an attacker over its own limit keeps naming it', async () => {
    for (let i = 0; i < 10; i++) {
      const id = `attacker-${i}`;
      world.orders.set(id, { amount: '100.00', currency: 'NGN', customer_id: world.customerId });
      assert.equal((await create('attacker', id)).status, 201);
    }
    world.orders.set('victim-order', { amount: '2500.00', currency: 'NGN', customer_id: world.customerId });
    for (let i = 0; i < 5; i++) {
      const refused = await create('attacker', 'victim-order');
      assert.equal(refused.status, 429);
      assert.equal(ErrorBody.parse(await refused.json()).error.code, 'rate_limited');
    }
    const opened = world.calls.filter((call) => call === 'POST /v1/virtual-accounts/dynamic').length;
    const victim = await create('victim', 'victim-order');
    assert.equal(victim.status, 201, 'the victim’s order was untouched by the refusals');
    assert.equal(
      world.calls.filter((call) => call === 'POST /v1/virtual-accounts/dynamic').length,
      opened + 1,
    );
  });
});

describe('account openings limited by the client’s address, however the body is sent', () => {
  let world: World;
  const addresses: Array<string | undefined> = [];

  before(async () => {
    world = await startWorld({
      webhooks: true, // served on loopback through the node adapter, which records each socket's address
      kit: {
        accountRateLimit: { perClientPerMinute: 2, perOrderPerMinute: 100 },
        resolveOrder: (id, { clientAddress }) => {
          addresses.push(clientAddress);
          return world.orders.get(id) ?? null;
        },
      },
    });
  });
  after(() => world.close());

  /** POST /pay/sessions from this process, the body in chunks with no Content-Length */
  function createChunked(orderId: string): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        `${world.kitUrl}/pay/sessions`,
        { method: 'POST', headers: { 'content-type': 'application/json' } },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      const json = JSON.stringify({ order_id: orderId });
      req.write(json.slice(0, 5));
      req.end(json.slice(5));
    });
  }

  it('counts a chunked POST against its client, as one with a length', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      world.orders.set(`chunked-${i}`, { amount: '100.00', currency: 'NGN', customer_id: world.customerId });
      statuses.push((await createChunked(`chunked-${i}`)).status);
    }
    assert.deepEqual(statuses, [201, 201, 429, 429]);
    assert.deepEqual(new Set(addresses), new Set(['127.0.0.1']), 'each order resolved knowing who asked');
    assert.ok(!world.logs.some((line) => /client address is unknown/.test(line)), world.logs.join('\n'));
  });
});
