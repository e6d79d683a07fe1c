import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ErrorBody, SessionView, statusOfErrorCode, routes } from './index.js';
import { sessionViewFixture } from '@pay-elements/testing/protocol-fixtures';

describe('protocol schemas', () => {
  const view = sessionViewFixture;

  it('accepts a session view as the kit sends it', () => {
    assert.deepEqual(SessionView.parse(view), view);
  });

  it('refuses a float amount, a lower-case currency and an unknown status', () => {
    assert.equal(SessionView.safeParse({ ...view, amount: 5000 }).success, false);
    assert.equal(SessionView.safeParse({ ...view, currency: 'ngn' }).success, false);
    assert.equal(SessionView.safeParse({ ...view, status: 'done' }).success, false);
  });

  it('gives every error code a 4xx or 5xx status and parses the error body', () => {
    for (const status of Object.values(statusOfErrorCode)) assert.ok(status >= 400 && status < 600);
    const body = { error: { code: 'not_found', message: 'No such session.' } };
    assert.deepEqual(ErrorBody.parse(body), body);
    assert.equal(ErrorBody.safeParse({ error: { code: 'teapot', message: 'x' } }).success, false);
  });

  it('encodes path parameters', () => {
    assert.equal(routes.session('a/b c'), '/sessions/a%2Fb%20c');
  });
});
