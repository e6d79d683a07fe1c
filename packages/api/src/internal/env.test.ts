import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PayClient } from '../client.js';
import { PayError } from '../core/error.js';
import { isBrowserLike } from './env.js';

describe('browser refusal', () => {
  it('tells a page from Node, jsdom-like Node and workers', () => {
    assert.equal(isBrowserLike({ window: {}, document: {} }), true);
    assert.equal(isBrowserLike({ window: {}, document: {}, process: { versions: {} } }), true);
    assert.equal(isBrowserLike({ window: {}, document: {}, process: { versions: { node: '20' } } }), false);
    assert.equal(isBrowserLike({ process: { versions: { node: '20' } } }), false);
    assert.equal(isBrowserLike({ window: {} }), false);
  });

  it('throws at construction in a page, saying the key belongs on a server', () => {
    const saved = Object.getOwnPropertyDescriptor(globalThis, 'process');
    assert.ok(saved);
    Object.defineProperty(globalThis, 'window', { value: {}, configurable: true });
    Object.defineProperty(globalThis, 'document', { value: {}, configurable: true });
    Object.defineProperty(globalThis, 'process', { value: undefined, configurable: true, writable: true });
    let thrown: unknown;
    try {
      new PayClient({ apiKey: 'sk_test_secret', baseUrl: 'http://127.0.0.1:1' });
    } catch (error) {
      thrown = error;
    } finally {
      Object.defineProperty(globalThis, 'process', saved);
      Reflect.deleteProperty(globalThis, 'window');
      Reflect.deleteProperty(globalThis, 'document');
    }
    assert.ok(thrown instanceof PayError);
    assert.match(thrown.message, /browser/);
    assert.match(thrown.message, /belongs on a server/);
    assert.doesNotMatch(thrown.message, /sk_test_secret/);
  });

  it('constructs in Node', () => {
    assert.ok(new PayClient({ apiKey: 'k', baseUrl: 'http://127.0.0.1:1' }).banks);
  });
});
