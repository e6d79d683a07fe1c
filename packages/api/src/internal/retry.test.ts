import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  BACKOFF_CAP_MS,
  backoffDelay,
  isRetryableStatus,
  isSafeToRepeat,
  parseRetryAfter,
  retryDelay,
} from './retry.js';

describe('backoff', () => {
  it('doubles the ceiling from 500 ms and caps it at 8 s', () => {
    const almostOne = () => 0.999_999;
    const ceilings = [0, 1, 2, 3, 4, 5, 6, 10].map((retry) => backoffDelay(retry, almostOne) + 1);
    assert.deepEqual(ceilings, [500, 1000, 2000, 4000, 8000, 8000, 8000, 8000]);
  });

  it('draws a full-jitter delay anywhere from 0 up to the ceiling', () => {
    assert.equal(
      backoffDelay(3, () => 0),
      0,
    );
    assert.equal(
      backoffDelay(3, () => 0.5),
      2000,
    );
    for (let i = 0; i < 500; i++) {
      const delay = backoffDelay(i % 8, Math.random);
      assert.ok(delay >= 0 && delay < Math.min(BACKOFF_CAP_MS, 500 * 2 ** (i % 8)), `delay ${delay}`);
    }
  });

  it('keeps a misbehaving random source inside the bounds', () => {
    assert.equal(
      backoffDelay(0, () => -3),
      0,
    );
    assert.equal(
      backoffDelay(0, () => 7),
      500,
    );
  });
});

describe('Retry-After', () => {
  const now = Date.parse('2026-11-21T10:00:00Z');

  it('reads delta-seconds, fractions included', () => {
    assert.equal(parseRetryAfter('3', now), 3000);
    assert.equal(parseRetryAfter(' 1.5 ', now), 1500);
    assert.equal(parseRetryAfter('0', now), 0);
  });

  it('reads an HTTP date relative to now, a past date as zero', () => {
    assert.equal(parseRetryAfter('Sat, 21 Nov 2026 10:00:07 GMT', now), 7000);
    assert.equal(parseRetryAfter('Sat, 21 Nov 2026 09:00:00 GMT', now), 0);
  });

  it('ignores what it cannot read', () => {
    assert.equal(parseRetryAfter(null, now), undefined);
    assert.equal(parseRetryAfter('', now), undefined);
    assert.equal(parseRetryAfter('soon', now), undefined);
    assert.equal(parseRetryAfter('-5', now), undefined);
  });

  it('waits what the provider asks up to 60 s, and refuses to wait longer', () => {
    const headers = (value: string) => new Headers({ 'retry-after': value });
    assert.equal(
      retryDelay(0, headers('2'), () => 0.9, now),
      2000,
    );
    assert.equal(
      retryDelay(0, headers('60'), () => 0.9, now),
      60_000,
    );
    assert.equal(
      retryDelay(0, headers('61'), () => 0.9, now),
      undefined,
    );
    assert.equal(
      retryDelay(2, new Headers(), () => 0.5, now),
      1000,
    );
  });
});

describe('what is repeated', () => {
  it('repeats GETs and payments that carry a reference, nothing else', () => {
    assert.equal(isSafeToRepeat('GET', '/v1/wallets', undefined), true);
    assert.equal(isSafeToRepeat('POST', '/v1/payments/send', { reference: 'r-1', from_amount: 1 }), true);
    assert.equal(isSafeToRepeat('POST', '/v1/payments/send', { from_amount: 1 }), false);
    assert.equal(isSafeToRepeat('POST', '/v1/payments/send', { reference: '' }), false);
    assert.equal(isSafeToRepeat('POST', '/v1/invoices', { reference: 'r-1' }), false);
    assert.equal(isSafeToRepeat('POST', '/v1/cards/c1/withdraw', { currency: 'usd', amount: 1 }), false);
    assert.equal(isSafeToRepeat('PUT', '/v1/cards/c1/freeze', undefined), false);
  });

  it('repeats on 408, 429 and transient 5xx, never on other 4xx, 409 or 501', () => {
    for (const status of [408, 429, 500, 502, 503, 504]) assert.equal(isRetryableStatus(status), true);
    for (const status of [400, 401, 403, 404, 409, 422, 501]) assert.equal(isRetryableStatus(status), false);
  });
});
