// The OpenAPI document names every /v1 route of the emulator, and nothing else.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { operations } from './openapi.js';
import { routes } from './sandbox.js';

describe('openapi operations', () => {
  it('are the /v1 routes, one for one', () => {
    const documented = operations.map(
      (o) => `${o.method.toUpperCase()} ${o.path.replace(/\{(\w+)\}/g, ':$1')}`,
    );
    const served = routes.filter((r) => r.path.startsWith('/v1/')).map((r) => `${r.method} ${r.path}`);
    assert.deepEqual(documented.sort(), served.sort());
  });
});
