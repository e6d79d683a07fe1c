// The protocol's error answer for a merchant's own routes, and ETags.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ErrorBody } from '@pay-elements/protocol';
import { errorAnswer, etagMatches, etagOf } from './answers.js';

describe('errorAnswer', () => {
  it('answers the protocol’s error body with the status of its code, as a real Response, never cached', async () => {
    for (const [code, status] of [
      ['forbidden', 403],
      ['not_found', 404],
      ['method_not_allowed', 405],
      ['internal', 500],
    ] as const) {
      const response = errorAnswer(code, `a ${code}`);
      assert.equal(Object.getPrototypeOf(response), Response.prototype);
      assert.equal(response.status, status);
      assert.equal(response.headers.get('cache-control'), 'no-store');
      assert.deepEqual(await response.json(), { error: { code, message: `a ${code}` } });
    }
    const withFields = errorAnswer('invalid_request', 'Check the form.', {
      fields: { amount: ['must be a decimal string'] },
      headers: { 'retry-after': '5' },
    });
    assert.equal(withFields.status, 400);
    assert.equal(withFields.headers.get('retry-after'), '5');
    assert.deepEqual(ErrorBody.parse(await withFields.json()).error.fields, {
      amount: ['must be a decimal string'],
    });
  });
});

describe('ETag', () => {
  it('changes with the content and matches If-None-Match, weak or strong, listed or star', () => {
    const a = etagOf({ status: 'pending' });
    assert.equal(a, etagOf({ status: 'pending' }));
    assert.notEqual(a, etagOf({ status: 'paid' }));
    assert.match(a, /^"[A-Za-z0-9_-]+"$/);
    assert.equal(etagMatches(a, a), true);
    assert.equal(etagMatches(`W/${a}`, a), true);
    assert.equal(etagMatches(`"other", ${a}`, a), true);
    assert.equal(etagMatches('*', a), true);
    assert.equal(etagMatches('"other"', a), false);
    assert.equal(etagMatches(null, a), false);
  });
});
