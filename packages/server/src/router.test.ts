import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Router, type Route } from './router.js';

function route(method: Route['method'], path: string): Route {
  return { method, path, maxBodyBytes: 1, handle: () => Promise.resolve(new Response(`${method} ${path}`)) };
}

describe('Router', () => {
  const router = new Router([
    route('POST', '/sessions'),
    route('GET', '/sessions/:id'),
    route('POST', '/sessions/:id/renew'),
    route('GET', '/banks/:country'),
    route('POST', '/banks/suggest'),
  ]);

  it('finds the route and decodes its parameters', () => {
    const match = router.match('GET', '/sessions/ses_a%2Fb%20c');
    assert.equal(match.kind, 'found');
    assert.ok(match.kind === 'found');
    assert.equal(match.route.path, '/sessions/:id');
    assert.deepEqual(match.params, { id: 'ses_a/b c' });
    const renew = router.match('POST', '/sessions/ses_1/renew');
    assert.ok(renew.kind === 'found');
    assert.deepEqual(renew.params, { id: 'ses_1' });
  });

  it('prefers a literal segment over a parameter, whatever the order of the table', () => {
    const match = router.match('POST', '/banks/suggest');
    assert.ok(match.kind === 'found');
    assert.equal(match.route.path, '/banks/suggest');
    const banks = router.match('GET', '/banks/NG');
    assert.ok(banks.kind === 'found');
    assert.deepEqual(banks.params, { country: 'NG' });
    assert.deepEqual(router.match('DELETE', '/banks/suggest'), {
      kind: 'wrong-method',
      allow: ['POST', 'GET'],
    });
  });

  it('tells a wrong method (with the allowed ones) from an unknown path', () => {
    assert.deepEqual(router.match('DELETE', '/sessions/ses_1'), { kind: 'wrong-method', allow: ['GET'] });
    assert.deepEqual(router.match('GET', '/sessions'), { kind: 'wrong-method', allow: ['POST'] });
    assert.deepEqual(router.match('GET', '/nope'), { kind: 'not-found' });
    assert.deepEqual(router.match('GET', '/sessions/ses_1/extra/more'), { kind: 'not-found' });
  });

  it('refuses empty and malformed parameters', () => {
    assert.deepEqual(router.match('GET', '/sessions/%E0%A4%A'), { kind: 'not-found' });
    assert.deepEqual(router.match('POST', '/sessions//renew'), { kind: 'not-found' });
  });

  it('ignores a trailing slash', () => {
    assert.equal(router.match('POST', '/sessions/').kind, 'found');
  });
});
