// What a body in one-byte chunks costs server-example as it runs, a process of its own (issue 40
// finding 12 measured it so: 200,000 one-byte chunks of chunked encoding, 1,190 ms of CPU, against
// 12 ms for the same body in one piece), against bare node:http reading the same bytes in the same
// run. The route: POST /pay/webhooks, whose 256 KiB limit lets the kit read the whole body (then it
// refuses the signature: 400).
//
// Each server is a forked process serving only the requests measured on it and telling its own CPU
// time (process.cpuUsage, over IPC) before and after each request; the client, this process, writes
// a request built beforehand on a raw socket and waits until the server has closed the connection.
// A body in one-byte chunks costs mostly garbage (node's parser makes a Buffer for each chunk), and
// what a request leaves is collected later: each server's figure is the sum of its requests' CPU
// time and of a full collection after the last one, divided by the requests. Two baselines: bare
// node:http in a small process, and bare node:http in a process running server-example (its heap as
// large), the one to hold server-example to.
import { fork, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { ratio, table } from './lib.js';

const CHUNKS = 200_000;
const ROUNDS = 15;
const serverScript = fileURLToPath(new URL('./body-server.ts', import.meta.url));

interface Forked {
  child: ChildProcess;
  ports: Record<string, number>;
  /** the process's CPU time so far (µs), after a full collection when asked */
  cpu(collect?: 'gc'): Promise<number>;
}

async function start(kind: 'bare' | 'example'): Promise<Forked> {
  // the bench's own execArgv (tsx, the source condition), and gc() for the measures
  const child = fork(serverScript, [kind], {
    execArgv: [...process.execArgv, '--expose-gc'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const ports = await new Promise<Record<string, number>>((resolve, reject) => {
    child.once('message', (message) => resolve((message as { ports: Record<string, number> }).ports));
    child.once('exit', (code) => reject(new Error(`the ${kind} server exited (${code})`)));
  });
  const cpu = (collect?: 'gc') =>
    new Promise<number>((resolve) => {
      child.once('message', (message) => resolve((message as { cpu: number }).cpu));
      child.send(collect ?? 'cpu');
    });
  return { child, ports, cpu };
}

/** The raw request: the body in one piece with a Content-Length, or in one-byte chunks. */
function rawRequest(path: string, chunked: boolean): Buffer {
  const head = (extra: string) =>
    `POST ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\n${extra}connection: close\r\n\r\n`;
  if (!chunked)
    return Buffer.concat([Buffer.from(head(`content-length: ${CHUNKS}\r\n`)), Buffer.alloc(CHUNKS, 120)]);
  return Buffer.concat([
    Buffer.from(head('transfer-encoding: chunked\r\n')),
    Buffer.from('1\r\nx\r\n'.repeat(CHUNKS)),
    Buffer.from('0\r\n\r\n'),
  ]);
}

/** Sends `raw`; the status line once the server has closed the connection. */
function send(port: number, raw: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(raw));
    let answer = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(answer.split('\r\n', 1)[0] ?? ''));
  });
}

export async function bodyProcessesBench(): Promise<void> {
  const [small, beside, example] = await Promise.all([start('bare'), start('example'), start('example')]);
  const servers = [
    {
      name: 'baseline: bare node:http, a small process',
      at: small,
      port: small.ports['bare']!,
      path: '/body',
    },
    {
      name: 'baseline: bare node:http, a process running server-example',
      at: beside,
      port: beside.ports['bare']!,
      path: '/body',
    },
    {
      name: 'server-example, POST /pay/webhooks (the kit reads it all)',
      at: example,
      port: example.ports['example']!,
      path: '/pay/webhooks',
    },
  ];
  const rows: Array<Record<string, string | number>> = [];
  try {
    for (const chunked of [false, true]) {
      const requests = servers.map(({ path }) => rawRequest(path, chunked));
      for (const [i, { port }] of servers.entries()) await send(port, requests[i]!); // warm-up
      for (const { at } of servers) await at.cpu('gc');
      const used = servers.map(() => 0);
      const statuses: string[] = [];
      // in turn, round after round, so that other load on the machine slows each alike
      for (let round = 0; round < ROUNDS; round++) {
        for (const [i, { at, port }] of servers.entries()) {
          const before = await at.cpu();
          statuses[i] = await send(port, requests[i]!);
          used[i]! += (await at.cpu()) - before;
        }
      }
      for (const [i, { at }] of servers.entries()) {
        const before = await at.cpu();
        used[i]! += (await at.cpu('gc')) - before;
      }
      const each = used.map((us) => us / 1000 / ROUNDS);
      for (const [i, { name }] of servers.entries()) {
        rows.push({
          body: chunked
            ? `${CHUNKS.toLocaleString('en')} 1-byte chunks`
            : `${CHUNKS.toLocaleString('en')} B in one piece`,
          server: name,
          answer: statuses[i]?.slice('HTTP/1.1 '.length) ?? '',
          'CPU ms': each[i]!.toFixed(1),
          'vs bare, small process': ratio(each[i]!, each[0]!),
          'vs bare, beside server-example': ratio(each[i]!, each[1]!),
        });
      }
    }
  } finally {
    for (const { child } of [small, beside, example]) child.disconnect();
  }
  table(
    `Reading a request body in server processes (CPU per request, ${ROUNDS} rounds and a full collection after them, loopback)`,
    rows,
  );
}
