// pay-conformance reads a hostile backend's answers to a bound: an endless JSON answer, an endless
// event, an endless stream of comments each fail the rule reading them ("answer larger than N
// bytes", "an event larger than N bytes"), and the run finishes. Without the bounds the runner read
// every answer whole (1 GiB answers took it to 4 GB of memory). A tiny backend on loopback, the real
// emulator, the runner started as its command; its peak memory is printed, not asserted (a runner
// past 1 GiB is stopped, and then fails for its exit code).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { createClock, startSandbox, type Sandbox } from '@pay-elements/sandbox';

const bin = fileURLToPath(new URL('../../packages/sandbox/bin/pay-conformance.js', import.meta.url));

/** Writes `chunk` again and again, as fast as the reader takes it, until the reader goes. */
function endless(res: ServerResponse, chunk: string): void {
  const bytes = Buffer.from(chunk.repeat(Math.ceil(65_536 / chunk.length)));
  let open = true;
  res.on('close', () => (open = false));
  const more = (): void => {
    while (open) if (!res.write(bytes)) return void res.once('drain', more);
  };
  more();
}

/**
 * The backend: order `huge-json` answers every create with endless JSON; the others create a session
 * whose view is the protocol's, and whose stream is one endless event (`huge-event`) or endless
 * comments (`endless-comments`).
 */
function hostile(): Server {
  const sessions = new Map<string, string>();
  return createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = req.url ?? '';
      if (req.method === 'POST' && url === '/pay/sessions') {
        const order = String(
          (JSON.parse(Buffer.concat(chunks).toString() || '{}') as { order_id?: unknown }).order_id,
        );
        res.setHeader('content-type', 'application/json');
        if (order === 'huge-json') return endless(res.writeHead(201), '[');
        const fresh = !sessions.has(order);
        if (fresh) sessions.set(order, `ses_${order}`);
        return res.writeHead(fresh ? 201 : 200).end(JSON.stringify(view(`ses_${order}`)));
      }
      const match = /^\/pay\/sessions\/ses_([a-z-]+)(\/events)?$/.exec(url);
      if (req.method === 'GET' && match?.[1] !== undefined && sessions.has(match[1])) {
        if (!match[2])
          return res
            .writeHead(200, { 'content-type': 'application/json' })
            .end(JSON.stringify(view(`ses_${match[1]}`)));
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        if (match[1] === 'huge-event') res.write('data: ');
        return endless(res, match[1] === 'huge-event' ? 'x' : ': keep-alive\n');
      }
      res
        .writeHead(404, { 'content-type': 'application/json' })
        .end('{"error":{"code":"not_found","message":"no"}}');
    });
  });
}

function view(id: string) {
  const now = new Date().toISOString();
  return {
    id,
    status: 'pending',
    amount: '5000.00',
    currency: 'NGN',
    account: {
      account_number: '9000000001',
      account_name: 'Hostile',
      bank_name: 'Hostile Bank',
      bank_code: '000',
    },
    reference: id,
    created_at: now,
    expires_at: new Date(Date.now() + 30 * 60_000).toISOString(),
    paid_at: null,
    server_time: now,
  };
}

/** The runner against the backend for `order`: exit code, lines, seconds, peak RSS (Linux, sampled). */
async function conformance(backend: string, sandbox: Sandbox, order: string) {
  const started = Date.now();
  const child = spawn(
    process.execPath,
    // payments never show here: waited for 5 s, not the default 20
    [
      bin,
      '--backend',
      `${backend}/pay`,
      '--sandbox',
      sandbox.url,
      '--order',
      order,
      '--skip-expiry',
      '--pay-timeout',
      '5',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'], timeout: 120_000 },
  );
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  let peakKiB = 0;
  const sampler = setInterval(() => {
    try {
      const rss = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1];
      peakKiB = Math.max(peakKiB, Number(rss ?? 0));
      // a runner reading without a bound would take the shared machine's memory: stopped at 1 GiB
      if (peakKiB > 1024 * 1024) child.kill('SIGKILL');
    } catch {
      // gone, or not Linux
    }
  }, 50);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearInterval(sampler);
  return { code, out, lines: out.trim().split('\n'), seconds: (Date.now() - started) / 1000, peakKiB };
}

describe('pay-conformance against a hostile backend', () => {
  let sandbox: Sandbox;
  let server: Server;
  let backend: string;
  before(async () => {
    sandbox = await startSandbox({ port: 0, clock: createClock() });
    server = hostile();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    backend = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await sandbox.close();
  });

  const cases: [order: string, rule: string, why: RegExp][] = [
    ['huge-json', 'one session per order', /POST \/sessions: answer larger than 4194304 bytes/],
    [
      'huge-event',
      'stream: events named `session`',
      /GET \/sessions\/ses_huge-event\/events: an event larger than 1048576 bytes/,
    ],
    [
      'endless-comments',
      'stream: events named `session`',
      /GET \/sessions\/ses_endless-comments\/events: answer larger than 16777216 bytes/,
    ],
  ];
  for (const [order, rule, why] of cases) {
    it(`fails the rule reading an endless answer (${order}) with its size, and finishes`, async () => {
      const result = await conformance(backend, sandbox, order);
      console.log(`pay-conformance against ${order}: ${result.seconds} s, peak RSS ${result.peakKiB} KiB`);
      assert.equal(result.code, 1, result.out);
      const line = result.lines.find((l) => l.startsWith(`not ok ${rule}`));
      assert.ok(line, `no "not ok ${rule}" in:\n${result.out}`);
      assert.match(line, why);
      assert.match(result.lines.at(-1) ?? '', /^pay-conformance: \d+ rules, /);
    });
  }
});
