// Reading a request's body under its limit, and its input parsed into the protocol's `fields`.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CreateSessionRequest } from '@pay-elements/protocol';
import { BodyLimitError } from '@pay-elements/http';
import { HttpError } from '../errors.js';
import { parseInput, readBody, readJson } from './input.js';

/** A request whose body arrives in chunks and declares no length, as a chunked upload does. */
function chunked(chunks: string[], contentType = 'application/json'): Request {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const c of chunks) controller.enqueue(encoder.encode(c));
      controller.close();
    },
  });
  const init: RequestInit & { duplex: 'half' } = {
    method: 'POST',
    body,
    duplex: 'half',
    headers: { 'content-type': contentType },
  };
  return new Request('http://kit.test/pay/sessions', init);
}

describe('body reading', () => {
  it('reads a body within the limit', async () => {
    assert.equal(await readBody(chunked(['{"a":', '1}']), 16), '{"a":1}');
  });

  it('refuses a body past the limit while reading, with no length declared', async () => {
    await assert.rejects(readBody(chunked(['x'.repeat(10), 'x'.repeat(10)]), 16), (e: unknown) => {
      assert.ok(e instanceof HttpError);
      assert.equal(e.status, 413);
      assert.equal(e.code, 'payload_too_large');
      return true;
    });
  });

  it('refuses a declared length past the limit before reading', async () => {
    const request = new Request('http://kit.test/', {
      method: 'POST',
      body: 'x'.repeat(40),
      headers: { 'content-type': 'application/json' },
    });
    await assert.rejects(readBody(request, 16), { code: 'payload_too_large' });
  });

  it('turns a stream stopped by the node adapter limit into a 413', async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.error(new BodyLimitError('too big'));
      },
    });
    const init: RequestInit & { duplex: 'half' } = { method: 'POST', body, duplex: 'half' };
    await assert.rejects(readBody(new Request('http://kit.test/', init), 100), { code: 'payload_too_large' });
  });

  it('accepts only JSON, and says so', async () => {
    await assert.rejects(readJson(chunked(['order_id=1'], 'application/x-www-form-urlencoded'), 100), {
      code: 'unsupported_media_type',
      status: 415,
    });
    await assert.rejects(readJson(chunked(['{}'], 'text/plain'), 100), { code: 'unsupported_media_type' });
    assert.deepEqual(await readJson(chunked(['{}'], 'application/json; charset=utf-8'), 100), {});
    assert.deepEqual(await readJson(chunked(['{}'], 'application/merge-patch+json'), 100), {});
  });

  it('refuses malformed JSON and invalid UTF-8 with 400', async () => {
    await assert.rejects(readJson(chunked(['{"order_id":']), 100), {
      code: 'invalid_request',
      message: 'The request body is not valid JSON.',
    });
    const body = new Uint8Array([0x7b, 0xff, 0x7d]);
    const request = new Request('http://kit.test/', {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json' },
    });
    await assert.rejects(readJson(request, 100), { code: 'invalid_request' });
  });
});

describe('input parsing', () => {
  it('answers the parsed value', () => {
    assert.deepEqual(parseInput(CreateSessionRequest, { order_id: 'o-1' }), { order_id: 'o-1' });
  });

  it('names each bad field with a readable message', () => {
    assert.throws(
      () => parseInput(CreateSessionRequest, { order_id: 42 }),
      (e: unknown) => {
        assert.ok(e instanceof HttpError);
        assert.equal(e.status, 400);
        assert.deepEqual(e.fields, { order_id: ['must be string'] });
        return true;
      },
    );
    assert.throws(() => parseInput(CreateSessionRequest, {}), { fields: { order_id: ['is required'] } });
    assert.throws(() => parseInput(CreateSessionRequest, { order_id: '' }), {
      fields: { order_id: ['must have at least 1 character'] },
    });
    assert.throws(() => parseInput(CreateSessionRequest, [1]), { fields: { _: ['must be object'] } });
  });
});
