// The adapter's own choices, whatever server uses it: its failures in the server's error shape, a
// connection dropped on the handler's word, and plain answers written as they are. The kit's use of
// it (streams, limits, HEAD, cookies, client addresses) is tested in @pay-elements/server.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { DropConnection, plainAnswer, realResponse } from './answers.js';
import { toNodeListener, type NodeListenerOptions } from './node.js';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function send(
  port: number,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, method: body === undefined ? 'GET' : 'POST', path, headers },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

async function listen(handler: (request: Request) => Promise<Response>, options: NodeListenerOptions) {
  const server = createServer(toNodeListener(handler, { onError: () => undefined, ...options }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('not on TCP');
  return { server, port: address.port };
}

const handler = (request: Request): Promise<Response> => {
  const path = new URL(request.url).pathname;
  if (path === '/drop') return Promise.reject(new DropConnection('dropped'));
  if (path === '/throw') return Promise.reject(new Error('bug'));
  if (path === '/plain')
    return Promise.resolve(
      plainAnswer('{"ok":true}', 201, ['content-type', 'application/json', 'x-kind', 'plain']),
    );
  return Promise.resolve(new Response('hello', { headers: { 'content-type': 'text/plain' } }));
};

describe('toNodeListener (the adapter itself)', () => {
  const servers: Server[] = [];
  let plainPort = 0;
  let shapedPort = 0;

  before(async () => {
    const plain = await listen(handler, { maxBodyBytes: 10 });
    const shaped = await listen(handler, {
      maxBodyBytes: 10,
      errorBody: (status, message) => JSON.stringify({ status: false, message: `${status}: ${message}` }),
    });
    servers.push(plain.server, shaped.server);
    plainPort = plain.port;
    shapedPort = shaped.port;
  });

  after(async () => {
    await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  });

  it('answers its own 413 and 500 in the shape it is given, or a plain one', async () => {
    const tooLarge = await send(shapedPort, '/echo', { 'content-length': '50' }, 'x'.repeat(50));
    assert.equal(tooLarge.status, 413);
    assert.deepEqual(JSON.parse(tooLarge.body), {
      status: false,
      message: '413: The request body is larger than 10 bytes.',
    });
    const thrown = await send(shapedPort, '/throw');
    assert.equal(thrown.status, 500);
    assert.deepEqual(JSON.parse(thrown.body), {
      status: false,
      message: '500: Something went wrong on our side.',
    });
    const plain = await send(plainPort, '/throw');
    assert.deepEqual(JSON.parse(plain.body), { error: { message: 'Something went wrong on our side.' } });
    assert.equal(plain.headers['content-type'], 'application/json; charset=utf-8');
  });

  it('ends the connection with no answer when the handler says DropConnection', async () => {
    await assert.rejects(send(plainPort, '/drop'), { code: 'ECONNRESET' });
    // and goes on serving
    assert.equal((await send(plainPort, '/')).body, 'hello');
  });

  it('writes a plain answer as it is, with its length', async () => {
    const answer = await send(plainPort, '/plain');
    assert.equal(answer.status, 201);
    assert.equal(answer.body, '{"ok":true}');
    assert.equal(answer.headers['x-kind'], 'plain');
    assert.equal(answer.headers['content-length'], '11');
  });
});

describe('realResponse', () => {
  it('makes a real Response of a plain answer, with its status, headers and text', async () => {
    const plain = plainAnswer('{"ok":true}', 202, ['content-type', 'application/json', 'etag', '"v1"']);
    const real = realResponse(plain);
    assert.notEqual(real, plain);
    assert.equal(Object.getPrototypeOf(real), Response.prototype);
    assert.equal(real.status, 202);
    assert.equal(real.headers.get('etag'), '"v1"');
    assert.equal(await real.text(), '{"ok":true}');
    const other = new Response('x');
    assert.equal(realResponse(other), other);
  });
});
