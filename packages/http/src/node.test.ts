// The adapter's own choices, whatever server uses it: its failures in the server's error shape, a
// connection dropped on the handler's word, plain answers written as they are, and what a client
// sends: a method the Fetch API cannot carry, a body cut off, in tiny chunks, or over the limit. The kit's use of
// it (streams, limits, HEAD, cookies, client addresses) is tested in @pay-elements/server.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { createHash } from 'node:crypto';
import { connect } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { DropConnection, plainAnswer, realResponse } from './answers.js';
import { BodyError, readBytes } from './body.js';
import { toNodeListener, type FetchHandler, type NodeAdapterOptions } from './node.js';

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

async function listen(handler: (request: Request) => Promise<Response>, options: NodeAdapterOptions) {
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

/** The adapter on a loopback port; its port and the errors its handler was given to report. */
async function served(handler: FetchHandler, options: NodeAdapterOptions = {}) {
  const reported: unknown[] = [];
  const server = createServer(toNodeListener(handler, { onError: (e) => reported.push(e), ...options }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('not on TCP');
  return {
    port: address.port,
    reported,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Writes `raw` on a new connection; everything the server sent until it closed. */
function rawExchange(port: number, raw: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(raw));
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(text));
  });
}

interface Streamed {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** the client's error, if it had one (EPIPE, ECONNRESET) */
  error: NodeJS.ErrnoException | undefined;
  /** whether the answer came before any error */
  answeredFirst: boolean;
  written: number;
}

/**
 * Node's own client streaming `total` bytes of body as fast as the connection takes them, as
 * Content-Length when `declare`, else chunked; what it read, and any error it had, once its
 * connection is closed.
 */
function streamBody(port: number, total: number, declare: boolean): Promise<Streamed> {
  return new Promise((resolve) => {
    const outcome: Streamed = {
      status: 0,
      headers: {},
      body: '',
      error: undefined,
      answeredFirst: false,
      written: 0,
    };
    const headers: Record<string, string> = { 'content-type': 'application/octet-stream' };
    if (declare) headers['content-length'] = String(total);
    const req = httpRequest({ host: '127.0.0.1', port, method: 'POST', path: '/upload', headers });
    req.on('response', (res) => {
      outcome.status = res.statusCode ?? 0;
      outcome.headers = res.headers;
      outcome.answeredFirst = outcome.error === undefined;
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (outcome.body += chunk));
      res.on('error', () => undefined);
    });
    req.on('error', (error: NodeJS.ErrnoException) => (outcome.error ??= error));
    req.on('close', () => setImmediate(() => resolve(outcome)));
    const chunk = Buffer.alloc(64 * 1024, 120);
    const write = (): void => {
      while (outcome.written < total && !req.destroyed) {
        outcome.written += chunk.byteLength;
        if (!req.write(chunk)) {
          req.once('drain', write);
          return;
        }
      }
      if (!req.destroyed) req.end();
    };
    write();
  });
}

describe('toNodeListener and what a client sends', () => {
  it('answers 405 with an Allow header to TRACE, which the Fetch API cannot carry, and reports nothing', async () => {
    let asked = 0;
    const server = await served(() => {
      asked++;
      return new Response('hello');
    });
    try {
      const answer = await rawExchange(server.port, 'TRACE /pay/sessions HTTP/1.1\r\nHost: x\r\n\r\n');
      assert.match(answer, /^HTTP\/1\.1 405 /);
      assert.match(answer, /\r\nallow: GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS\r\n/i);
      assert.equal(asked, 0, 'no Request was made');
      assert.deepEqual(server.reported, [], 'no error, no stack');
    } finally {
      await server.close();
    }
  });

  it('tells a body the client cut off midway as BodyError aborted, read by readBytes or by Hono’s body limit', async () => {
    const seen: unknown[] = [];
    let told: () => void = () => undefined;
    const twice = new Promise<void>((resolve) => (told = resolve));
    const record = (error: unknown) => {
      seen.push(error);
      if (seen.length === 2) told();
      return new Response(null, { status: 400 });
    };
    const hono = new Hono();
    hono.post('/hono', bodyLimit({ maxSize: 1024 * 1024 }), (c) => c.text('read'));
    hono.onError(record);
    let arrived: () => void = () => undefined;
    const server = await served((request) => {
      arrived();
      return new URL(request.url).pathname === '/hono'
        ? hono.fetch(request)
        : readBytes(request).then(() => new Response('read'), record);
    });
    try {
      for (const path of ['/reader', '/hono']) {
        const handled = new Promise<void>((resolve) => (arrived = resolve));
        const socket = connect(server.port, '127.0.0.1');
        socket.on('error', () => undefined);
        socket.write(`POST ${path} HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n`);
        await handled; // the request is being answered: now the client goes away mid-body
        socket.destroy();
      }
      await twice;
      for (const error of seen) {
        assert.ok(error instanceof BodyError, `a BodyError, not ${String(error)}`);
        assert.equal(error.problem, 'aborted');
        assert.equal(error.status, 400);
      }
    } finally {
      await server.close();
    }
  });

  it('gives the handler a body sent as thousands of one-byte chunks in a few reads, not one a chunk', async () => {
    let reads = 0;
    let bytes = 0;
    const server = await served(async (request) => {
      const reader = request.body!.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        reads++;
        bytes += value.byteLength;
      }
      return new Response('read');
    });
    try {
      const chunks = 16_384;
      const answer = await rawExchange(
        server.port,
        `POST /body HTTP/1.1\r\nHost: x\r\nConnection: close\r\nTransfer-Encoding: chunked\r\n\r\n${'1\r\nx\r\n'.repeat(chunks)}0\r\n\r\n`,
      );
      assert.match(answer, /^HTTP\/1\.1 200 /);
      assert.equal(bytes, chunks, 'every byte');
      assert.ok(reads < 100, `${reads} reads for ${chunks} chunks`);
    } finally {
      await server.close();
    }
  });

  it('lets go of each one-byte chunk as it comes, as bare node:http does, rather than hold a read’s worth', async () => {
    // Node makes a Buffer for each chunk of a chunked body. Held until the socket read is over, a
    // hostile client's thousands of one-byte chunks outlive the young generation's collections and
    // cost the server more than node's own work (docs/performance.md): they must be garbage at once.
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const refs: Array<WeakRef<Buffer>> = [];
    let alive = -1;
    const listener = toNodeListener(
      async (request) => new Response(String((await readBytes(request)).byteLength)),
    );
    const server = createServer((req, res) => {
      let seen = 0;
      // after the adapter's own listener: every chunk it was given, watched without being held
      listener(req, res);
      req.on('data', (chunk: Buffer) => {
        seen++;
        if (seen > 1_000 && seen <= 1_500) refs.push(new WeakRef(chunk));
        if (seen === 2_000) {
          gc();
          alive = refs.filter((ref) => ref.deref() !== undefined).length;
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.address() as { port: number }).port;
      // 2,500 chunks, 15 kB on the wire: one socket read
      const answer = await rawExchange(
        port,
        `POST /body HTTP/1.1\r\nHost: x\r\nConnection: close\r\nTransfer-Encoding: chunked\r\n\r\n${'1\r\nx\r\n'.repeat(2_500)}0\r\n\r\n`,
      );
      assert.match(answer, /^HTTP\/1\.1 200 [\s\S]*2500$/);
      assert.equal(refs.length, 500);
      assert.equal(alive, 0, `${alive} of the 500 one-byte chunks before the collection were still held`);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('gives the handler every byte in order when small and large chunks mix, over many reads', async () => {
    const server = await served(
      async (request) => {
        const body = Buffer.from(await request.arrayBuffer());
        return new Response(createHash('sha256').update(body).digest('hex'));
      },
      { maxBodyBytes: 8 * 1024 * 1024 },
    );
    try {
      // one-byte chunks, chunks of a few hundred bytes and of 20 kB (3 MB in all), the socket written in pieces
      // so that node reads them in many reads: what is gathered and what is kept must stay in order
      const sizes = [1, 1, 300, 1, 2, 255, 256, 1, 20_000, 1, 1, 7, 9_000, 1];
      const chunks = Array.from({ length: 1_400 }, (_, i) =>
        Buffer.alloc(sizes[i % sizes.length]!, (i * 7) % 251),
      );
      const body = Buffer.concat(chunks);
      const wire = Buffer.concat([
        Buffer.from(
          'POST /body HTTP/1.1\r\nHost: x\r\nConnection: close\r\nTransfer-Encoding: chunked\r\n\r\n',
        ),
        ...chunks.flatMap((c) => [Buffer.from(`${c.byteLength.toString(16)}\r\n`), c, Buffer.from('\r\n')]),
        Buffer.from('0\r\n\r\n'),
      ]);
      const answer = await new Promise<string>((resolve) => {
        const write = async (): Promise<void> => {
          for (let at = 0; at < wire.byteLength; at += 50_000) {
            socket.write(wire.subarray(at, at + 50_000));
            await new Promise((next) => setImmediate(next));
          }
        };
        const socket = connect(server.port, '127.0.0.1', () => void write());
        let text = '';
        socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
        socket.on('close', () => resolve(text));
      });
      assert.match(answer, /^HTTP\/1\.1 200 /);
      assert.ok(answer.endsWith(createHash('sha256').update(body).digest('hex')), 'the same bytes');
    } finally {
      await server.close();
    }
  });

  describe('a body over the limit, streamed by Node’s own client', () => {
    // three limits of body are more than the sockets' buffers hold (4 MiB here), so the client is still
    // sending when it is answered: a connection closed then, with bytes unread, is reset under it
    const limit = 2 * 1024 * 1024;
    let server: Awaited<ReturnType<typeof served>>;
    before(async () => {
      // the handler reads the body and answers 413 itself when the adapter's limit stops it
      server = await served(
        (request) =>
          readBytes(request).then(
            () => new Response('read'),
            (error: unknown) =>
              new Response(error instanceof BodyError ? error.problem : 'other', { status: 413 }),
          ),
        { maxBodyBytes: limit },
      );
    });
    after(() => server.close());

    it('reads the 413 (Connection: close), not EPIPE or ECONNRESET, when the limit is passed while reading', async () => {
      const outcome = await streamBody(server.port, 3 * limit, false);
      assert.equal(outcome.error, undefined, `no ${outcome.error?.code} for the client`);
      assert.equal(outcome.status, 413);
      assert.equal(outcome.body, 'too_large');
      assert.equal(outcome.headers['connection'], 'close');
    });

    it('reads the adapter’s own 413 when the declared length is over the limit', async () => {
      const outcome = await streamBody(server.port, 3 * limit, true);
      assert.equal(outcome.error, undefined, `no ${outcome.error?.code} for the client`);
      assert.equal(outcome.status, 413);
      assert.deepEqual(JSON.parse(outcome.body), {
        error: { message: `The request body is larger than ${limit} bytes.` },
      });
    });

    it('reads the 413 first, and is cut off once it has sent four limits more', async () => {
      const total = 32 * limit;
      const outcome = await streamBody(server.port, total, false);
      assert.equal(outcome.status, 413);
      assert.ok(outcome.answeredFirst, 'the answer came before the connection was cut');
      assert.ok(outcome.written < total, `cut off after ${outcome.written} of ${total} bytes`);
    });
  });

  describe('a body over the limit, streamed by a client in another process', () => {
    // In one process the client reads the answer on the same event loop that wrote it, which hides
    // the race a real client runs: a connection closed with bytes unread is reset under it, and its
    // write fails (EPIPE) before it has read the 413. The adapter here runs in a process of its own,
    // with its default limit (256 KiB), and answers 413 when its limit stops the body it reads.
    let child: ChildProcess;
    let port = 0;
    before(async () => {
      const node = new URL('./node.ts', import.meta.url).href;
      const body = new URL('./body.ts', import.meta.url).href;
      const script = `
        import { createServer } from 'node:http';
        import { toNodeListener } from ${JSON.stringify(node)};
        import { readBytes } from ${JSON.stringify(body)};
        const refuse = () => new Response('too_large', { status: 413 });
        const server = createServer(toNodeListener((r) => readBytes(r).then(() => new Response('read'), refuse)));
        server.listen(0, '127.0.0.1', () => console.log('port ' + server.address().port));`;
      child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      port = await new Promise<number>((resolve, reject) => {
        let out = '';
        child.stdout?.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const found = /port (\d+)/.exec(out);
          if (found) resolve(Number(found[1]));
        });
        child.once('exit', (code) => reject(new Error(`the server exited (${code})`)));
      });
    });
    after(() => {
      child.kill();
    });

    for (const [label, total, declare] of [
      ['a declared 10 MiB body', 10 * 1024 * 1024, true],
      ['a chunked 10 MiB body', 10 * 1024 * 1024, false],
      ['a declared 2 MB body', 2_000_000, true],
    ] as const) {
      it(`reads the 413 of ${label}, three times in three, not EPIPE or ECONNRESET`, async () => {
        const seen: string[] = [];
        for (let round = 0; round < 3; round++) {
          const outcome = await streamBody(port, total, declare);
          seen.push(outcome.answeredFirst ? String(outcome.status) : (outcome.error?.code ?? 'no answer'));
        }
        assert.deepEqual(seen, ['413', '413', '413']);
      });
    }
  });
});
