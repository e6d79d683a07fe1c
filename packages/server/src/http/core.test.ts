import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  ConnectionError,
  InternalServerError,
  NotFoundError,
  RateLimitError,
  TimeoutError,
  UnexpectedResponseError,
} from '@pay-elements/api';
import { CreateSessionRequest, ErrorBody } from '@pay-elements/protocol';
import { BodyLimitError } from '@pay-elements/http';
import {
  errorResponse,
  etagMatches,
  etagOf,
  HttpError,
  parseInput,
  readBody,
  readJson,
  errorAnswer,
} from './core.js';
import type { Logger } from '../log.js';

function recordingLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const write = (level: string) => (message: string, fields?: Record<string, unknown>) =>
    lines.push(`${level} ${message} ${JSON.stringify(fields ?? {})}`);
  return { lines, debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}

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

async function errorOf(response: Response): Promise<ErrorBody> {
  return ErrorBody.parse(await response.json());
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

describe('error mapping', () => {
  it('sends an HttpError as the protocol body with its status and headers', async () => {
    const response = errorResponse(
      new HttpError('method_not_allowed', 'Use GET.', { headers: { allow: 'GET' } }),
      recordingLogger(),
      {},
    );
    assert.equal(response.status, 405);
    assert.equal(response.headers.get('allow'), 'GET');
    assert.deepEqual(await errorOf(response), { error: { code: 'method_not_allowed', message: 'Use GET.' } });
  });

  it('turns provider outages into a generic 503 and keeps their detail out of the body', async () => {
    // a live-looking key, assembled so that no scanner mistakes this file for a leak
    const liveKey = ['sk', 'live', 'abcdef123456'].join('_');
    const secretDetail = `upstream said: key ${liveKey} rejected at node 7`;
    for (const error of [
      new InternalServerError({ status: 502, message: secretDetail }),
      new ConnectionError(secretDetail),
      new TimeoutError(secretDetail),
      new UnexpectedResponseError({ status: 200, message: secretDetail }),
    ]) {
      const logger = recordingLogger();
      const response = errorResponse(error, logger, { path: '/pay/sessions' });
      assert.equal(response.status, 503);
      const text = await response.text();
      assert.equal(ErrorBody.parse(JSON.parse(text)).error.code, 'upstream_unavailable');
      assert.doesNotMatch(text, /upstream said|sk_live|node 7/);
      assert.equal(logger.lines.length, 1);
    }
  });

  it('turns a provider rate limit into 429 with Retry-After', async () => {
    const error = new RateLimitError({
      status: 429,
      message: 'slow down',
      headers: new Headers({ 'retry-after': '7' }),
    });
    const response = errorResponse(error, recordingLogger(), {});
    assert.equal(response.status, 429);
    assert.equal(response.headers.get('retry-after'), '7');
    assert.equal((await errorOf(response)).error.code, 'rate_limited');
  });

  it('answers anything else as a generic 500 and logs the detail', async () => {
    for (const error of [
      new TypeError('cannot read x of undefined'),
      new NotFoundError({ status: 404, message: 'customer was not found' }),
    ]) {
      const logger = recordingLogger();
      const response = errorResponse(error, logger, {});
      assert.equal(response.status, 500);
      const body = await errorOf(response);
      assert.deepEqual(body, { error: { code: 'internal', message: 'Something went wrong on our side.' } });
      assert.match(logger.lines[0] ?? '', /^error unexpected error/);
      assert.match(logger.lines[0] ?? '', /cannot read x|customer was not found/);
    }
  });
});

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
