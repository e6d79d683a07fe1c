// Issue 40 #1, reproduced against a server started as a process (server-example or pay-service):
//
//   share: at PAY_MAX_CONNECTIONS=100, one client (127.0.0.1) holds 100 keep-alive sockets, each
//          asking GET /healthz every 4 s; another client (127.0.0.2) asks for a page every 200 ms
//          on a new connection. Counts what the other client got, and what /readyz said.
//   descriptors: under `ulimit -n 1024` and the default cap, one client opens 1,002 idle sockets;
//          another opens a new connection for GET /healthz every 250 ms. Counts answers and resets.
//   spread: the same with the 1,002 idle sockets spread over 120 addresses (127.0.2.1 …), 8 or 9
//          each, so that no client is past its share: the cap itself is what holds.
// Issue 46 #12:
//   pollers N: the default cap (900), the server otherwise idle; N shoppers behind one address
//          (127.0.0.1, as a carrier's NAT makes them) each poll one session's status 100 times on a
//          keep-alive agent, all at once. Counts the polls answered and the polls reset.
//
// node --import tsx packages/service/src/testing/repro-connection-cap.ts <share|descriptors|spread|pollers N> -- node <args…>
// (the server's command: it is started on a free port with the emulator and PAY_DB=:memory:)
import { spawn } from 'node:child_process';
import { connect, type Socket } from 'node:net';
import { Agent, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

const [mode = 'share', ...rest] = process.argv.slice(2);
const separator = rest.indexOf('--');
const pollers = Number(rest[0] ?? 0);
const command = rest.slice(separator + 1);
if (separator < 0 || command.length === 0 || (mode === 'pollers' && !(pollers > 0))) {
  console.error('usage: repro-connection-cap.ts <share|descriptors|spread|pollers N> -- <server command…>');
  process.exit(2);
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** One request on a new connection from `from`: the status line's code, or the error. */
function once(port: number, path: string, from: string, timeoutMs = 3000): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    const socket = connect({ port, host: '127.0.0.1', localAddress: from }, () =>
      socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`),
    );
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(text ? (/^HTTP\/1\.1 (\d+)/.exec(text)?.[1] ?? 'garbled') : 'timeout');
    }, timeoutMs);
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      resolve(error.code ?? 'error');
    });
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(/^HTTP\/1\.1 (\d+)/.exec(text)?.[1] ?? 'closed');
    });
  });
}

/** One GET on `agent` (keep-alive, from 127.0.0.1): the status code, or the error's code. */
function poll(agent: Agent, port: number, path: string): Promise<string> {
  return new Promise((resolve) => {
    const req = request({ agent, host: '127.0.0.1', port, path, localAddress: '127.0.0.1' }, (res) => {
      res.resume();
      res.on('end', () => resolve(String(res.statusCode)));
      res.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    req.end();
  });
}

/** `count` keep-alive pollers from one address, 100 polls each of one session's status, at once. */
async function pollTogether(port: number, count: number): Promise<void> {
  const created = await fetch(`http://127.0.0.1:${port}/pay/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ order_id: 'demo-1' }),
  });
  const { id } = (await created.json()) as { id: string };
  const agent = new Agent({ keepAlive: true });
  const results: string[] = [];
  const started = Date.now();
  await Promise.all(
    Array.from({ length: count }, async () => {
      for (let i = 0; i < 100; i++) results.push(await poll(agent, port, `/pay/sessions/${id}`));
    }),
  );
  agent.destroy();
  const answered = results.filter((r) => /^\d+$/.test(r)).length;
  console.log(`pollers ${count}: ${results.length} polls in ${Date.now() - started} ms: ${tally(results)}`);
  console.log(`pollers ${count}: ${results.length - answered} of ${results.length} polls reset or failed`);
}

function tally(results: string[]): string {
  const counts = new Map<string, number>();
  for (const r of results) counts.set(r, (counts.get(r) ?? 0) + 1);
  return [...counts].map(([k, v]) => `${k}×${v}`).join(' ');
}

const port = await freePort();
const files = mode === 'share' || mode === 'pollers' ? 4096 : 1024;
const env: NodeJS.ProcessEnv = {
  ...Object.fromEntries(Object.entries(process.env).filter(([n]) => !/^(PAY_|PORT$|HOST$)/.test(n))),
  PORT: String(port),
  PAY_SANDBOX_PORT: '0',
  PAY_DB: ':memory:',
  PAY_SERVICE_KEYS: 'repro-key-0123456789abcdef0123456789abcdef',
  ...(mode === 'share' ? { PAY_MAX_CONNECTIONS: '100' } : {}),
};
const child = spawn('sh', ['-c', `ulimit -n ${files} && exec "$0" "$@"`, ...command], {
  env,
  stdio: ['ignore', 'pipe', 'pipe'],
});
let output = '';
child.stdout.on('data', (c: Buffer) => (output += c.toString()));
child.stderr.on('data', (c: Buffer) => (output += c.toString()));
for (let i = 0; i < 600 && !/Ctrl-C to stop|is running/.test(output); i++)
  await new Promise((r) => setTimeout(r, 100));
if (!/Ctrl-C to stop|is running/.test(output)) throw new Error(`did not start:\n${output}`);

const held: Socket[] = [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
try {
  if (mode === 'pollers') {
    await pollTogether(port, pollers);
  } else if (mode === 'share') {
    // the one client: 100 keep-alive sockets, one cheap request each 4 s
    for (let i = 0; i < 100; i++) {
      const socket = connect({ port, host: '127.0.0.1', localAddress: '127.0.0.1' });
      socket.on('error', () => undefined);
      socket.on('data', () => undefined);
      held.push(socket);
      await new Promise((r) => socket.once('connect', r).once('close', r));
    }
    const ask = () => {
      for (const s of held) if (!s.destroyed) s.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    };
    ask();
    const timer = setInterval(ask, 4000);
    await sleep(300);
    const other: string[] = [];
    const ready: string[] = [];
    for (let i = 0; i < 40; i++) {
      other.push(await once(port, '/', '127.0.0.2'));
      if (i % 10 === 0) ready.push(await once(port, '/readyz', '127.0.0.3'));
      await sleep(200);
    }
    clearInterval(timer);
    const alive = held.filter((s) => !s.destroyed).length;
    console.log(`share: the one client's sockets still open ${alive}/100`);
    console.log(`share: the other client's 40 requests: ${tally(other)}`);
    console.log(`share: /readyz during the run: ${tally(ready)}`);
  } else {
    for (let i = 0; i < 1002; i++) {
      const from = mode === 'spread' ? `127.0.2.${(i % 120) + 1}` : '127.0.0.1';
      const socket = connect({ port, host: '127.0.0.1', localAddress: from });
      socket.on('error', () => undefined);
      held.push(socket);
    }
    await sleep(500);
    const started = Date.now();
    const results: Array<{ at: number; result: string }> = [];
    while (Date.now() - started < 15_000) {
      results.push({ at: Date.now() - started, result: await once(port, '/healthz', '127.0.0.2', 2000) });
      await sleep(250);
    }
    const firstOk = results.find((r) => r.result === '200');
    const failing = results.filter((r) => r.result !== '200');
    console.log(`${mode}: 1002 idle sockets; open now ${held.filter((s) => !s.destroyed).length}`);
    console.log(`${mode}: health checks over 15 s: ${tally(results.map((r) => r.result))}`);
    console.log(
      `${mode}: first answered after ${firstOk ? `${firstOk.at} ms` : 'never'}; ` +
        `failing for ${failing.length ? `${(failing.at(-1)?.at ?? 0) - (failing[0]?.at ?? 0)} ms` : '0 ms'}`,
    );
  }
} finally {
  for (const s of held) s.destroy();
  child.kill('SIGKILL');
}
