import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { BodyError, BodyLimitError, isJsonMediaType, readJson, readText } from './body.js';

/** A POST whose body arrives in these chunks (no declared length). */
function chunked(parts: readonly (string | Uint8Array)[], type: string | null = 'application/json'): Request {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const part of parts) controller.enqueue(typeof part === 'string' ? encoder.encode(part) : part);
      controller.close();
    },
  });
  const init: RequestInit & { duplex: 'half' } = {
    method: 'POST',
    body,
    duplex: 'half',
    headers: type === null ? {} : { 'content-type': type },
  };
  return new Request('http://server.test/', init);
}

async function problemOf(promise: Promise<unknown>): Promise<[string, number]> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof BodyError, `expected a BodyError, got ${String(error)}`);
    return [error.problem, error.status];
  }
  assert.fail('expected the body to be refused');
}

describe('isJsonMediaType', () => {
  it('accepts application/json and application/…+json, with parameters, in any case', () => {
    for (const type of [
      'application/json',
      'Application/JSON; charset=utf-8',
      'application/merge-patch+json',
    ])
      assert.equal(isJsonMediaType(type), true, type);
    for (const type of [null, '', 'text/json', 'application/jsonx', 'text/plain', 'multipart/form-data'])
      assert.equal(isJsonMediaType(type), false, String(type));
  });
});

describe('readText', () => {
  it('joins the chunks as UTF-8 text', async () => {
    assert.equal(await readText(chunked(['{"a":', '"é"}'])), '{"a":"é"}');
  });

  it('refuses a body past the limit while reading, and a declared length past it before', async () => {
    assert.deepEqual(await problemOf(readText(chunked(['x'.repeat(10), 'x'.repeat(10)]), 16)), [
      'too_large',
      413,
    ]);
    const declared = new Request('http://server.test/', { method: 'POST', body: 'x'.repeat(40) });
    assert.deepEqual(await problemOf(readText(declared, 16)), ['too_large', 413]);
  });

  it('tells a stream stopped at the adapter’s limit as too large, with that limit', async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.error(new BodyLimitError('too big', 1024));
      },
    });
    const init: RequestInit & { duplex: 'half' } = { method: 'POST', body, duplex: 'half' };
    const error = await readText(new Request('http://server.test/', init)).catch((e: unknown) => e);
    assert.ok(error instanceof BodyError);
    assert.equal(error.problem, 'too_large');
    assert.equal(error.limit, 1024);
  });

  it('refuses bytes that are not UTF-8 (400) and a body cut off midway (400)', async () => {
    assert.deepEqual(await problemOf(readText(chunked([new Uint8Array([0x7b, 0xff, 0x7d])]))), [
      'not_utf8',
      400,
    ]);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.error(new Error('socket closed'));
      },
    });
    const init: RequestInit & { duplex: 'half' } = { method: 'POST', body, duplex: 'half' };
    assert.deepEqual(await problemOf(readText(new Request('http://server.test/', init))), [
      'unreadable',
      400,
    ]);
  });
});

describe('readJson', () => {
  it('parses a body declared JSON', async () => {
    assert.deepEqual(await readJson(chunked(['{"order_id":', '"o-1"}'])), { order_id: 'o-1' });
    assert.equal(await readJson(chunked(['null'])), null);
  });

  it('refuses a body not declared JSON (415) before reading it, and malformed JSON (400)', async () => {
    assert.deepEqual(await problemOf(readJson(chunked(['a=1'], 'application/x-www-form-urlencoded'))), [
      'media_type',
      415,
    ]);
    assert.deepEqual(await problemOf(readJson(chunked(['{}'], null))), ['media_type', 415]);
    assert.deepEqual(await problemOf(readJson(chunked(['{"a":']))), ['not_json', 400]);
    assert.deepEqual(await problemOf(readJson(chunked([]))), ['not_json', 400]);
  });

  it('with allowEmpty, answers undefined for an empty body whatever its type, and checks the rest', async () => {
    assert.equal(await readJson(chunked([], null), { allowEmpty: true }), undefined);
    assert.equal(await readJson(chunked([], 'text/plain'), { allowEmpty: true }), undefined);
    assert.deepEqual(await problemOf(readJson(chunked(['{}'], 'text/plain'), { allowEmpty: true })), [
      'media_type',
      415,
    ]);
    assert.deepEqual(await problemOf(readJson(chunked(['x'.repeat(20)]), { allowEmpty: true, limit: 8 })), [
      'too_large',
      413,
    ]);
  });
});
