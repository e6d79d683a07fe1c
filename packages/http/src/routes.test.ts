import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { allowedMethods } from './routes.js';

const table = [
  { method: 'POST', path: '/sessions' },
  { method: 'GET', path: '/sessions/:id' },
  { method: 'POST', path: '/sessions/:id/renew' },
  { method: 'GET', path: '/banks/suggest' },
  { method: 'POST', path: '/banks/suggest' },
  { method: 'GET', path: '/banks/:country' },
  { method: 'GET', path: '/sessions/:id' },
];

describe('allowedMethods', () => {
  it('names the methods of every route matching the path, in table order, each once', () => {
    const methodsAt = allowedMethods(table);
    assert.deepEqual(methodsAt('/sessions'), ['POST']);
    assert.deepEqual(methodsAt('/sessions/s_1'), ['GET']);
    assert.deepEqual(methodsAt('/banks/suggest'), ['GET', 'POST']);
    assert.deepEqual(methodsAt('/banks/NG'), ['GET']);
  });

  it('matches a parameter to one non-empty segment only, and literal segments literally', () => {
    const methodsAt = allowedMethods(table);
    assert.deepEqual(methodsAt('/sessions/'), []);
    assert.deepEqual(methodsAt('/sessions/a/b'), []);
    assert.deepEqual(methodsAt('/sessionsX'), []);
    assert.deepEqual(allowedMethods([{ method: 'GET', path: '/a.b' }])('/aXb'), []);
  });

  it('ignores a trailing slash only when asked', () => {
    assert.deepEqual(allowedMethods(table)('/sessions/s_1/'), []);
    assert.deepEqual(allowedMethods(table, { ignoreTrailingSlash: true })('/sessions/s_1/'), ['GET']);
  });
});
