import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Agent, createServer, request as httpRequest, type Server } from 'node:http';
import { ErrorBody } from '@pay-elements/protocol';
import { errorResponse } from './http/failures.js';
import { HttpError } from './errors.js';
import { json } from './http/answers.js';
import { readBody } from './http/input.js';
import { defaultLogger } from './log.js';
import { clientAddress, toNodeListener } from './node-listener.js';

function portOf(server: Server): number {
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening on TCP');
  return address.port;
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** Sends a request with node:http so that chunked bodies without a length can be sent. */
function send(
  port: number,
  options: { method: string; path: string; headers?: Record<string, string>; chunks?: string[] },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, method: options.method, path: options.path, headers: options.headers },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    for (const chunk of options.chunks ?? []) req.write(chunk);
    req.end();
  });
}

describe('toNodeListener', () => {
  let server: Server;
  let port = 0;
  let seenSignal: AbortSignal | null = null;

  before(async () => {
    const handler = async (request: Request): Promise<Response> => {
      seenSignal = request.signal;
      const url = new URL(request.url);
      try {
        if (url.pathname === '/echo') {
          const text = await readBody(request, 1024 * 1024);
          return json({
            method: request.method,
            length: text.length,
            type: request.headers.get('content-type'),
          });
        }
        if (url.pathname === '/cookies') {
          const headers = new Headers({ 'content-type': 'text/plain' });
          headers.append('set-cookie', 'a=1');
          headers.append('set-cookie', 'b=2');
          return new Response('ok', { status: 202, headers });
        }
        if (url.pathname === '/throw') throw new Error('handler bug with sk_live_secret');
        return json({ ok: true });
      } catch (error) {
        return errorResponse(error, { ...defaultLogger, warn: () => undefined }, {});
      }
    };
    server = createServer(toNodeListener(handler, { maxBodyBytes: 1000, onError: () => undefined }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = portOf(server);
  });

  after(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('passes method, headers and a streamed body through, and the answer back', async () => {
    const answer = await send(port, {
      method: 'POST',
      path: '/echo',
      headers: { 'content-type': 'application/json' },
      chunks: ['{"a":', '"bcd"}'],
    });
    assert.equal(answer.status, 200);
    assert.equal(answer.headers['content-type'], 'application/json; charset=utf-8');
    assert.deepEqual(JSON.parse(answer.body), { method: 'POST', length: 11, type: 'application/json' });
    assert.ok(seenSignal);
  });

  it('refuses a chunked body past the limit while streaming it, and closes the connection', async () => {
    const answer = await send(port, {
      method: 'POST',
      path: '/echo',
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      chunks: Array.from({ length: 20 }, () => 'x'.repeat(100)),
    });
    assert.equal(answer.status, 413);
    assert.equal(answer.headers['connection'], 'close');
    assert.equal(ErrorBody.parse(JSON.parse(answer.body)).error.code, 'payload_too_large');
  });

  it('refuses a declared length past the limit without reading the body', async () => {
    const answer = await send(port, {
      method: 'POST',
      path: '/echo',
      headers: { 'content-type': 'application/json', 'content-length': '5000' },
      chunks: ['x'.repeat(5000)],
    });
    assert.equal(answer.status, 413);
    assert.deepEqual(JSON.parse(answer.body), {
      error: { code: 'payload_too_large', message: 'The request body is larger than 1000 bytes.' },
    });
  });

  it(
    'closes the connection when it answers before the body was read to its end',
    { timeout: 5000 },
    async () => {
      const agent = new Agent({ keepAlive: true });
      try {
        const read = await send(port, {
          method: 'POST',
          path: '/echo',
          headers: { 'content-type': 'application/json' },
          chunks: ['{}'],
        });
        assert.notEqual(read.headers['connection'], 'close', 'a body read whole keeps the connection');
        const answer = await new Promise<{ status: number; connection: string | undefined; closed: boolean }>(
          (resolve, reject) => {
            const req = httpRequest(
              {
                host: '127.0.0.1',
                port,
                agent,
                method: 'POST',
                path: '/cookies', // answers without reading the body
                headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
              },
              (res) => {
                res.resume();
                res.on('end', () =>
                  req.socket?.once('close', () =>
                    resolve({
                      status: res.statusCode ?? 0,
                      connection: res.headers['connection'],
                      closed: true,
                    }),
                  ),
                );
              },
            );
            req.on('error', reject);
            req.write('{"upload": "never finished"'); // and never ended
          },
        );
        assert.deepEqual(answer, { status: 202, connection: 'close', closed: true });
      } finally {
        agent.destroy();
      }
    },
  );

  it('keeps several Set-Cookie headers apart and passes the status', async () => {
    const answer = await send(port, { method: 'GET', path: '/cookies' });
    assert.equal(answer.status, 202);
    assert.deepEqual(answer.headers['set-cookie'], ['a=1', 'b=2']);
    assert.equal(answer.body, 'ok');
  });

  it('answers HEAD without a body', async () => {
    const answer = await send(port, { method: 'HEAD', path: '/anything' });
    assert.equal(answer.status, 200);
    assert.equal(answer.body, '');
  });

  it(
    'ends the body stream with an error when the client goes away mid-upload',
    { timeout: 5000 },
    async () => {
      let outcome: (value: string) => void = () => {};
      const seen = new Promise<string>((resolve) => (outcome = resolve));
      const listener = toNodeListener(async (request) => {
        try {
          await readBody(request, 1_000_000);
          outcome('read');
        } catch (error) {
          outcome(error instanceof HttpError ? error.code : 'other');
        }
        return new Response(null, { status: 204 });
      });
      const reading = createServer(listener);
      await new Promise<void>((resolve) => reading.listen(0, '127.0.0.1', resolve));
      try {
        const req = httpRequest({
          host: '127.0.0.1',
          port: portOf(reading),
          method: 'POST',
          path: '/',
          headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
        });
        req.on('error', () => {});
        req.write('{"partial": ', () => setImmediate(() => req.destroy()));
        assert.equal(await seen, 'invalid_request');
      } finally {
        reading.closeAllConnections();
        await new Promise<void>((resolve) => reading.close(() => resolve()));
      }
    },
  );

  it('records the socket address of each Request it builds, for clientAddress', async () => {
    const seen: Array<string | undefined> = [];
    const listener = toNodeListener((request) => {
      seen.push(clientAddress(request));
      return Promise.resolve(new Response(null, { status: 204 }));
    });
    const recording = createServer(listener);
    await new Promise<void>((resolve) => recording.listen(0, '127.0.0.1', resolve));
    try {
      const answer = await send(portOf(recording), { method: 'GET', path: '/' });
      assert.equal(answer.status, 204);
      assert.deepEqual(seen, ['127.0.0.1']);
      assert.equal(clientAddress(new Request('http://x.test/')), undefined, 'unknown for other Requests');
    } finally {
      await new Promise<void>((resolve) => recording.close(() => resolve()));
    }
  });

  it('answers a generic 500 when the handler throws', async () => {
    const listener = toNodeListener(() => Promise.reject(new Error('boom sk_live_secret')), {
      onError: () => undefined,
    });
    const throwing = createServer(listener);
    await new Promise<void>((resolve) => throwing.listen(0, '127.0.0.1', resolve));
    try {
      const answer = await send(portOf(throwing), { method: 'GET', path: '/' });
      assert.equal(answer.status, 500);
      assert.deepEqual(JSON.parse(answer.body), {
        error: { code: 'internal', message: 'Something went wrong on our side.' },
      });
    } finally {
      await new Promise<void>((resolve) => throwing.close(() => resolve()));
    }
  });

  it('adds its headers option to every answer, its own 413 and 500 included, the answer’s own winning', async () => {
    const listener = toNodeListener(
      (request) => {
        const path = new URL(request.url).pathname;
        if (path === '/own')
          return Promise.resolve(json({ ok: true }, 200, { 'x-frame-options': 'SAMEORIGIN' }));
        if (path === '/plain')
          return Promise.resolve(new Response('ok', { headers: { 'content-type': 'text/plain' } }));
        return Promise.reject(new Error('boom'));
      },
      {
        maxBodyBytes: 10,
        onError: () => undefined,
        headers: () => ({ 'X-Frame-Options': 'DENY', 'referrer-policy': 'no-referrer' }),
      },
    );
    const withDefaults = createServer(listener);
    await new Promise<void>((resolve) => withDefaults.listen(0, '127.0.0.1', resolve));
    try {
      const port = portOf(withDefaults);
      const own = await send(port, { method: 'GET', path: '/own' });
      assert.equal(own.status, 200);
      assert.equal(own.headers['x-frame-options'], 'SAMEORIGIN');
      assert.equal(own.headers['referrer-policy'], 'no-referrer');
      assert.equal(own.headers['content-type'], 'application/json; charset=utf-8');
      const plain = await send(port, { method: 'GET', path: '/plain' });
      assert.equal(plain.body, 'ok');
      assert.equal(plain.headers['x-frame-options'], 'DENY');
      assert.equal(plain.headers['content-type'], 'text/plain');
      const refused = await send(port, {
        method: 'POST',
        path: '/own',
        headers: { 'content-length': '50' },
        chunks: ['x'.repeat(50)],
      });
      assert.equal(refused.status, 413);
      assert.equal(refused.headers['x-frame-options'], 'DENY');
      const failed = await send(port, { method: 'GET', path: '/throw' });
      assert.equal(failed.status, 500);
      assert.equal(failed.headers['referrer-policy'], 'no-referrer');
    } finally {
      await new Promise<void>((resolve) => withDefaults.close(() => resolve()));
    }
  });

  it('gives each Request the URL that URL parsing gives its Host and path', async () => {
    const seen: string[] = [];
    const echoing = createServer(
      toNodeListener((request) => {
        seen.push(request.url);
        return Promise.resolve(new Response(null, { status: 204 }));
      }),
    );
    await new Promise<void>((resolve) => echoing.listen(0, '127.0.0.1', resolve));
    const asked: Array<[string, string]> = [
      ['127.0.0.1:8443', '/pay/sessions/ses_a-B~1'],
      ['shop.example', '/pay/sessions/x/'],
      ['Shop.Example:80', '/pay/a/%2e%2e/b'],
      ['shop.example:8080', '/pay/./x?y=1'],
      ['127.1', '/pay/%7Ex'],
    ];
    try {
      for (const [host, path] of asked) {
        const answer = await send(portOf(echoing), { method: 'GET', path, headers: { host } });
        assert.equal(answer.status, 204);
      }
      assert.deepEqual(seen, [
        'http://127.0.0.1:8443/pay/sessions/ses_a-B~1',
        'http://shop.example/pay/sessions/x/',
        'http://shop.example/pay/b',
        'http://shop.example:8080/pay/x?y=1',
        'http://127.0.0.1/pay/%7Ex',
      ]);
    } finally {
      await new Promise<void>((resolve) => echoing.close(() => resolve()));
    }
  });
});
