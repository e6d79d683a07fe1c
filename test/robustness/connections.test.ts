// server-example as a process with few file descriptors (`ulimit -n 256`) and PAY_MAX_CONNECTIONS=150,
// against more slow clients than it has descriptors for (each sends its headers, says it will send a
// body, and never does): past the cap a new client is told 503 with Retry-After and its connection
// closed, rather than reset by a process out of descriptors; health checks are still answered; and
// once the slow clients have gone, a client is served again.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { connect, type Socket } from 'node:net';
import { baseEnv, freePort, root, until } from '../support/processes.js';

const FILES = 256;
const CAP = 150;
const SLOW = 300;

interface Exchange {
  /** everything the server sent, until it closed the connection or the wait ended */
  text: string;
  /** the connection's error (ECONNRESET), if it had one */
  error: string | undefined;
}

/** One request on a connection of its own; what came back once the server closed it. */
function exchange(port: number, raw: string): Promise<Exchange> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(raw));
    const outcome: Exchange = { text: '', error: undefined };
    socket.on('data', (chunk: Buffer) => (outcome.text += chunk.toString('latin1')));
    socket.on('error', (error: NodeJS.ErrnoException) => (outcome.error ??= error.code ?? error.message));
    socket.on('close', () => resolve(outcome));
  });
}

/**
 * A slow client: its headers, a body announced and never sent. Resolves once the server has parsed
 * them (it says 100 Continue), or has closed the connection; `said()` is all it said so far (a client
 * past the cap is then told 503 and closed).
 */
function slowClient(port: number, kept: Socket[]): Promise<{ said: () => string; error?: string }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () =>
      socket.write(
        'POST /pay/sessions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
          'Content-Length: 1000\r\nExpect: 100-continue\r\n\r\n',
      ),
    );
    kept.push(socket);
    let text = '';
    const said = () => text;
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1');
      if (text.startsWith('HTTP/1.1 100 ')) resolve({ said });
    });
    socket.on('error', (error: NodeJS.ErrnoException) => resolve({ said, error: error.code ?? 'error' }));
    socket.on('close', () => resolve({ said, error: text ? undefined : 'closed with no answer' }));
  });
}

const get = (path: string) => `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`;

describe('server-example with more slow clients than file descriptors', { timeout: 120_000 }, () => {
  let port = 0;
  let stop: () => Promise<void> = () => Promise.resolve();
  const slow: Socket[] = [];

  before(async () => {
    port = await freePort();
    const child = spawn(
      'sh',
      [
        '-c',
        `ulimit -n ${FILES} && exec "$0" "$@"`,
        process.execPath,
        '--import',
        'tsx',
        'server-example/src/main.ts',
      ],
      {
        cwd: root,
        env: {
          ...baseEnv(),
          PORT: String(port),
          PAY_SANDBOX_PORT: '0',
          PAY_DB: ':memory:',
          PAY_MAX_CONNECTIONS: String(CAP),
          // the slow clients all come from 127.0.0.1: one client's share is the whole cap here
          PAY_MAX_CONNECTIONS_PER_CLIENT: String(CAP),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    stop = async () => {
      child.kill('SIGKILL');
      await exited;
    };
    await until('server-example to start', 60_000, () =>
      Promise.resolve(/Ctrl-C to stop/.test(output) ? true : child.exitCode === null ? undefined : false),
    );
    assert.match(output, /Ctrl-C to stop/, output);
  });

  after(async () => {
    for (const socket of slow.splice(0)) socket.destroy();
    await stop();
  });

  it('refuses new clients past the cap with 503 and Retry-After, answers health checks, then serves again', async () => {
    // one after another, as an attacker's come: each is parsed (the server says 100 Continue), then
    // holds its connection, or past the cap is told 503 at once
    const clients: Array<{ said: () => string; error?: string }> = [];
    for (let i = 0; i < SLOW; i++) clients.push(await slowClient(port, slow));
    assert.deepEqual(
      clients.flatMap((client) => client.error ?? []),
      [],
      'every slow client was taken in, none reset',
    );
    const busy = await exchange(port, get('/demo-config.json'));
    const refused = clients.filter((client) => /\r\nHTTP\/1\.1 503 /.test(client.said()));
    assert.equal(SLOW - refused.length, CAP, 'the cap held its slow clients, and no more');
    assert.equal(busy.error, undefined, 'a clear answer, not a reset');
    assert.match(busy.text, /^HTTP\/1\.1 503 /);
    assert.match(busy.text, /\r\nretry-after: 1\r\n/i);
    assert.match(busy.text, /\r\nconnection: close\r\n/i);
    assert.match(busy.text, /"code":"upstream_unavailable"/);
    const health = await exchange(port, get('/healthz'));
    assert.match(health.text, /^HTTP\/1\.1 200 /, 'liveness is still answered');

    for (const socket of slow.splice(0)) socket.destroy();
    const served = await until('a client to be served again', 10_000, async () => {
      const again = await exchange(port, get('/demo-config.json'));
      return /^HTTP\/1\.1 200 /.test(again.text) ? again : undefined;
    });
    assert.match(served.text, /"orders":/);
  });
});
