// server-example with TRUST_PROXY=1 behind a real nginx running the server block of
// docs/operations.md as it is written there (only its upstream and listen lines pointed at loopback
// ports): shoppers reaching nginx from different addresses each get their own allowance of status
// streams and bank suggestions, and a client writing its own X-Forwarded-For escapes nothing: it is
// limited as the address nginx saw. A request that reaches the instance without the header (not
// through the proxy) is logged once, as a misconfiguration. nginx runs as root with its
// configuration in a temporary folder, in the foreground, one process, on a free port.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LogFields } from '@pay-elements/server';
import { startApp, type App } from 'server-example/app';
import { readConfig } from 'server-example/config';
import { freePort, root, until } from '../support/processes.js';

/** Debian's nginx-light (`.ci/run` installs it when missing) */
const NGINX = '/usr/sbin/nginx';
/** the status streams one client may hold open (the kit's default) */
const STREAMS_PER_CLIENT = 20;
/** bank suggestions one client may ask for a minute (server-example's setting) */
const SUGGESTIONS_PER_MINUTE = 10;

/** The documented server block, its upstream and listen lines pointed at loopback ports. */
function documentedBlock(upstreamPort: number, listenPort: number): string {
  const docs = readFileSync(join(root, 'docs/operations.md'), 'utf8');
  const block = /```nginx\n([\s\S]*?)```/.exec(docs)?.[1];
  assert.ok(block, 'docs/operations.md has an nginx block');
  assert.match(block, /upstream pay \{[^}]*\}/);
  assert.match(block, /listen 443 ssl;/);
  return block
    .replace(/upstream pay \{[^}]*\}/, `upstream pay { server 127.0.0.1:${upstreamPort}; }`)
    .replace('listen 443 ssl;', `listen 127.0.0.1:${listenPort};`);
}

interface Nginx {
  port: number;
  stop(): Promise<void>;
}

async function startNginx(upstreamPort: number): Promise<Nginx> {
  const dir = mkdtempSync(join(tmpdir(), 'pay-nginx-'));
  const port = await freePort();
  writeFileSync(
    join(dir, 'nginx.conf'),
    `daemon off;
master_process off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
${documentedBlock(upstreamPort, port)}
}
`,
  );
  const child: ChildProcess = spawn(
    NGINX,
    ['-p', `${dir}/`, '-e', `${dir}/error.log`, '-c', `${dir}/nginx.conf`],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await until('nginx to listen', 10_000, async () => {
    if (child.exitCode !== null) {
      const log = existsSync(join(dir, 'error.log')) ? readFileSync(join(dir, 'error.log'), 'utf8') : '';
      throw new Error(`nginx exited (${child.exitCode}): ${stderr}${log}`);
    }
    const answer = await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => undefined);
    return answer?.status === 200 ? true : undefined;
  });
  return {
    port,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

describe('server-example behind nginx as docs/operations.md sets it up', () => {
  const warnings: string[] = [];
  const open: IncomingMessage[] = [];
  let app: App;
  let nginx: Nginx;
  let session = '';

  /** A request to nginx from `from` (any loopback address), with the headers the client writes. */
  function viaNginx(
    from: string,
    method: string,
    path: string,
    headers: Record<string, string> = {},
    body?: string,
  ): Promise<IncomingMessage> {
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        { host: '127.0.0.1', port: nginx.port, localAddress: from, method, path, headers },
        resolve,
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  /** Opens a status stream (kept open) as `from`, maybe with a header of its own; its status. */
  async function stream(from: string, headers: Record<string, string> = {}): Promise<number> {
    const answer = await viaNginx(from, 'GET', `/pay/sessions/${session}/events`, {
      accept: 'text/event-stream',
      ...headers,
    });
    if (answer.statusCode === 200) open.push(answer);
    else answer.resume();
    return answer.statusCode ?? 0;
  }

  /** Asks for bank suggestions as `from`; the status. */
  async function suggest(from: string, headers: Record<string, string> = {}): Promise<number> {
    const answer = await viaNginx(
      from,
      'POST',
      '/pay/banks/suggest',
      { 'content-type': 'application/json', ...headers },
      JSON.stringify({ account_number: '0123456789' }),
    );
    answer.resume();
    return answer.statusCode ?? 0;
  }

  /** A new forged address each time, as an attacker would write to escape a per-client limit. */
  let forged = 0;
  const forgedHeader = () => ({ 'x-forwarded-for': `203.0.113.${++forged % 250}` });

  before(async () => {
    const warn = (msg: string, _fields?: LogFields) => void warnings.push(msg);
    const silent = () => undefined;
    app = await startApp(
      // the emulator behind a proxy: a public demo on purpose (else the configuration refuses it)
      readConfig({
        PORT: '0',
        PAY_SANDBOX_PORT: '0',
        PAY_DB: ':memory:',
        TRUST_PROXY: '1',
        PAY_DEMO_PUBLIC: '1',
      }),
      { logger: { debug: silent, info: silent, warn, error: warn } },
    );
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('not listening');
    nginx = await startNginx(address.port);
    const created = await viaNginx(
      '127.0.0.2',
      'POST',
      '/pay/sessions',
      { 'content-type': 'application/json' },
      JSON.stringify({ order_id: 'demo-1' }),
    );
    let text = '';
    for await (const chunk of created) text += String(chunk);
    assert.equal(created.statusCode, 201, text);
    session = (JSON.parse(text) as { id: string }).id;
  });

  after(async () => {
    for (const answer of open.splice(0)) answer.destroy();
    await nginx?.stop();
    await app?.close();
  });

  it('gives each shopper their own status streams, and a forged X-Forwarded-For none more', async () => {
    const shopper = await Promise.all(Array.from({ length: STREAMS_PER_CLIENT }, () => stream('127.0.0.2')));
    assert.ok(
      shopper.every((status) => status === 200),
      `the shopper's streams: ${shopper.join(',')}`,
    );
    assert.equal(await stream('127.0.0.2'), 429, 'one past the allowance');

    const attacker: number[] = [];
    for (let i = 0; i <= STREAMS_PER_CLIENT; i++) attacker.push(await stream('127.0.0.3', forgedHeader()));
    assert.deepEqual(
      attacker.filter((status) => status !== 200),
      [429],
      'the attacker is limited as the address nginx saw, whatever it wrote',
    );
    assert.equal(await stream('127.0.0.4'), 200, 'another shopper still gets a stream');
  });

  it('gives each shopper their own bank suggestions, and a forged X-Forwarded-For none more', async () => {
    const attacker: number[] = [];
    for (let i = 0; i <= SUGGESTIONS_PER_MINUTE; i++)
      attacker.push(await suggest('127.0.0.5', forgedHeader()));
    assert.deepEqual(attacker.slice(0, SUGGESTIONS_PER_MINUTE), Array(SUGGESTIONS_PER_MINUTE).fill(200));
    assert.equal(attacker.at(-1), 429, 'the attacker is limited as the address nginx saw');
    assert.equal(await suggest('127.0.0.6'), 200, 'a shopper still gets theirs');
  });

  it('logs once, as a misconfiguration, requests that reach it without X-Forwarded-For', async () => {
    assert.deepEqual(warnings, [], 'nothing while every request came through nginx');
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('not listening');
    for (let i = 0; i < 3; i++) {
      const direct = await fetch(`http://127.0.0.1:${address.port}/pay/banks/suggest`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ account_number: '0123456789' }),
      });
      await direct.arrayBuffer();
    }
    assert.equal(warnings.length, 1, warnings.join('\n'));
    assert.match(warnings[0] ?? '', /TRUST_PROXY=1 but a request came without a valid X-Forwarded-For/);
  });
});
