// The control API: reset, customers, cards, clock, and injected faults (status, times, method,
// delay, drop) that hit /v1 routes only.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { Customer, PaymentResult, Wallet } from '@pay-elements/api';
import { SandboxControlError, fixtures } from '@pay-elements/sandbox';
import {
  START,
  balanceOf,
  boot,
  expectFailure,
  expectOk,
  expectValidation,
  type Harness,
} from './helpers.js';

describe('control API', () => {
  let h: Harness;
  before(async () => {
    h = await boot();
  });
  beforeEach(() => h.control.reset());
  after(() => h.sandbox.close());

  it('resets to the seed fixtures', async () => {
    await h.control.createCustomer({
      email: 'new@example.com',
      first_name: 'New',
      last_name: 'Person',
      country_code: 'KEN',
    });
    expectOk(
      await h.call('/v1/payments/send', {
        method: 'POST',
        body: {
          from_amount: 10,
          from_wallet_id: fixtures.wallets.KES.id,
          to_currency: 'KES',
          payment_method: 'bank_transfer',
          info: { account_number: '1', bank_code: '68', account_name: 'X' },
        },
      }),
      PaymentResult,
    );
    await h.control.reset();
    assert.equal(await balanceOf(h, fixtures.wallets.KES.id), fixtures.wallets.KES.balance);
    const customers = await h.call('/v1/customers?size=100');
    assert.equal(customers.text.includes('new@example.com'), false);
  });

  it('creates customers with full meta and validates the body', async () => {
    const customer = await h.control.createCustomer({
      email: 'zanele@example.com',
      first_name: 'Zanele',
      last_name: 'Dlamini',
      country_code: 'zaf',
      phone: '831234567',
    });
    assert.equal(customer.country_code, 'ZAF');
    assert.equal(customer.dial_code, '+27');
    assert.equal(customer.status, 'APPROVAL_PENDING');
    assert.equal(customer.meta.address.country, 'ZA');
    expectOk(await h.call(`/v1/customers/${customer.id}`), Customer);
    const fields = expectValidation(
      await h.call('/_sandbox/customers', { method: 'POST', body: { country_code: 'FRA' } }),
    );
    assert.deepEqual(fields, {
      email: ['This field is required'],
      first_name: ['This field is required'],
      last_name: ['This field is required'],
      country_code: ['must be one of: NGA, GHA, KEN, ZAF, USA'],
    });
    await assert.rejects(
      h.control.createCustomer({ email: 'x', first_name: 'a', last_name: 'b', country_code: 'NGA' }),
      (e: unknown) =>
        e instanceof SandboxControlError &&
        e.status === 400 &&
        e.fields?.['email']?.[0] === 'must be a valid email address',
    );
  });

  it('issues funded cards for known customers in wallet currencies', async () => {
    const card = await h.control.issueCard({
      customer_id: fixtures.customers.emily.id,
      currency: 'USD',
      balance: 40.5,
    });
    assert.match(card.card_id, /^crd_/);
    assert.equal(card.balance, '40.50');
    assert.match(card.masked_pan, /^539983\*{6}\d{4}$/);
    const byDefault = await h.control.issueCard({
      customer_id: fixtures.customers.emily.id,
      currency: 'usd',
    });
    assert.equal(byDefault.balance, '1000.00', 'funded without a balance');
    await assert.rejects(
      h.control.issueCard({ customer_id: 'cus_nobody', currency: 'USD' }),
      (e: unknown) =>
        e instanceof SandboxControlError && e.status === 404 && e.message === 'customer was not found',
    );
    await assert.rejects(
      h.control.issueCard({ customer_id: fixtures.customers.emily.id, currency: 'EUR' }),
      (e: unknown) => e instanceof SandboxControlError && e.status === 400,
    );
  });

  it('moves the clock', async () => {
    const before = h.sandbox.clock.now();
    const now = await h.control.advanceClock(90);
    assert.equal(Date.parse(now), before + 90 * 60_000);
    assert.equal(h.sandbox.clock.now(), before + 90 * 60_000);
    assert.ok(before >= START);
    assert.deepEqual(
      expectValidation(await h.call('/_sandbox/clock', { method: 'POST', body: { advance_minutes: -5 } })),
      { advance_minutes: ['must be at least 0'] },
    );
  });

  it('injects a status on matching /v1 routes until cleared', async () => {
    const fault = await h.control.injectFault({ path_prefix: '/v1/wallets', status: 503 });
    assert.deepEqual(
      { ...fault, id: 'x' },
      {
        id: 'x',
        path_prefix: '/v1/wallets',
        method: null,
        status: 503,
        delay_ms: 0,
        times: null,
        drop: false,
        until: null,
      },
    );
    for (let i = 0; i < 3; i++) expectFailure(await h.call('/v1/wallets'), 503, 'service unavailable');
    expectFailure(await h.call('/v1/wallets', { key: null }), 503, 'service unavailable');
    expectOk(await h.call(`/v1/customers/${fixtures.customers.ada.id}`), Customer);
    await h.control.clearFaults();
    expectOk(await h.call('/v1/wallets'), Wallet.array());
  });

  it('limits a fault to `times` requests and to its method', async () => {
    await h.control.injectFault({ path_prefix: '/v1/', method: 'get', status: 500, times: 2 });
    expectFailure(await h.call('/v1/wallets'), 500, 'internal server error');
    expectValidation(await h.call('/v1/banks/suggest', { method: 'POST', body: {} }));
    expectFailure(await h.call('/v1/links'), 500, 'internal server error');
    expectOk(await h.call('/v1/wallets'), Wallet.array());
  });

  it('never hits the control API', async () => {
    await assert.rejects(
      h.control.injectFault({ path_prefix: '/_sandbox', status: 500 }),
      (e: unknown) =>
        e instanceof SandboxControlError && e.fields?.['path_prefix']?.[0] === 'must start with /v1',
    );
    await assert.rejects(
      h.control.injectFault({ path_prefix: '/v1/wallets' }),
      (e: unknown) =>
        e instanceof SandboxControlError &&
        e.fields?.['status']?.[0] === 'give status, delay_ms or drop: true',
    );
  });

  it('delays answers by delay_ms of real time', async () => {
    await h.control.injectFault({ path_prefix: '/v1/wallets', delay_ms: 150, times: 1 });
    let started = performance.now();
    expectOk(await h.call('/v1/wallets'), Wallet.array());
    assert.ok(performance.now() - started >= 145, 'the first answer waited');
    started = performance.now();
    expectOk(await h.call('/v1/wallets'), Wallet.array());
    assert.ok(performance.now() - started < 145, 'the second did not');
  });

  it('drops the connection with no answer', async () => {
    await h.control.injectFault({ path_prefix: '/v1/payments', drop: true, times: 1 });
    await assert.rejects(h.call('/v1/payments/send', { method: 'POST', body: {} }), TypeError);
    expectValidation(await h.call('/v1/payments/send', { method: 'POST', body: {} }));
  });

  it('clears faults on reset', async () => {
    await h.control.injectFault({ path_prefix: '/v1', status: 502 });
    expectFailure(await h.call('/v1/wallets'), 502, 'bad gateway');
    await h.control.reset();
    expectOk(await h.call('/v1/wallets'), Wallet.array());
  });
});

describe('dashboard route', () => {
  let h: Harness;
  before(async () => {
    h = await boot();
  });
  after(() => h.sandbox.close());

  it('serves the page without a key, under a strict CSP, and never with the key in it', async () => {
    const page = await h.call('/_sandbox/', { key: null });
    assert.equal(page.status, 200);
    assert.equal(page.headers.get('content-type'), 'text/html; charset=utf-8');
    const csp = page.headers.get('content-security-policy') ?? '';
    assert.match(csp, /default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'/);
    assert.match(csp, /frame-ancestors 'none'/);
    assert.doesNotMatch(csp, /unsafe/);
    assert.equal(page.headers.get('x-content-type-options'), 'nosniff');
    assert.match(page.text, /<script type="module" src="\/_sandbox\/dashboard\.js"><\/script>/);
    assert.doesNotMatch(page.text, /<style|style=|sk_sandbox/);
    const bare = await fetch(`${h.sandbox.url}/_sandbox`, { redirect: 'manual' });
    assert.equal(bare.status, 308);
    assert.equal(bare.headers.get('location'), '/_sandbox/');
    const script = await h.call('/_sandbox/dashboard.js', { key: null });
    assert.ok(
      script.status === 200 || script.status === 503,
      'the built script, or a word on how to build it',
    );
    if (script.status === 503) assert.match(script.text, /npm run build:dashboard/);
    else assert.equal(script.headers.get('content-type'), 'text/javascript; charset=utf-8');
  });
});
