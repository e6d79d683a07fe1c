import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ValidationError } from '../core/error.js';
import { encodePath } from './path.js';

describe('encodePath', () => {
  it('encodes each value as a single segment', () => {
    assert.equal(
      encodePath('/v1/cards/{card_id}/reveal', { card_id: 'a/b c' }),
      '/v1/cards/a%2Fb%20c/reveal',
    );
    assert.equal(encodePath('/v1/customers/{id}', { id: 'x?y=1#z' }), '/v1/customers/x%3Fy%3D1%23z');
    assert.equal(encodePath('/v1/customers/{id}', { id: '100%' }), '/v1/customers/100%25');
    assert.equal(
      encodePath('/v1/invoices/view/{number}', { number: 'INV-0001' }),
      '/v1/invoices/view/INV-0001',
    );
    assert.equal(encodePath('/v1/customers/{id}', { id: 'Ünï' }), '/v1/customers/%C3%9Cn%C3%AF');
  });

  it('refuses an empty value, "." and ".." before anything is sent', () => {
    for (const id of ['', '.', '..']) {
      assert.throws(
        () => encodePath('/v1/cards/{card_id}/reveal', { card_id: id }),
        (error: unknown) =>
          error instanceof ValidationError && error.status === 0 && error.fields?.card_id !== undefined,
      );
    }
    assert.equal(encodePath('/v1/customers/{id}', { id: '...' }), '/v1/customers/...');
  });
});
