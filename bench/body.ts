// What reading a request body costs the server, by how it arrives: 256 KiB in one piece, and the same
// 256 KiB as one-byte chunks of chunked transfer encoding (1.5 MB on the wire, 262,144 chunks: what a
// hostile client sends to make a server work). Against bare node:http reading it with `data` events,
// in the same run: the node adapter with the one body reader (`readBytes`), and the adapter under a
// Hono route with Hono's body limit, as the kit's POST routes read it. The client writes a request
// built beforehand on a raw socket, in this process, so the CPU time is the server's.
import { createServer, type RequestListener, type Server } from 'node:http';
import { connect } from 'node:net';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { readBytes } from '@pay-elements/http';
import { toNodeListener } from '@pay-elements/http/node';
import { bodyProcessesBench } from './body-processes.js';
import { ratio, table } from './lib.js';

const BODY_BYTES = 256 * 1024;
const ROUNDS = 7;

/** The raw request: one piece with a Content-Length, or one-byte chunks. */
function rawRequest(chunked: boolean): Buffer {
  const head = (extra: string) =>
    `POST /body HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/octet-stream\r\n${extra}connection: close\r\n\r\n`;
  if (!chunked)
    return Buffer.concat([
      Buffer.from(head(`content-length: ${BODY_BYTES}\r\n`)),
      Buffer.alloc(BODY_BYTES, 120),
    ]);
  return Buffer.concat([
    Buffer.from(head('transfer-encoding: chunked\r\n')),
    Buffer.from('1\r\nx\r\n'.repeat(BODY_BYTES)),
    Buffer.from('0\r\n\r\n'),
  ]);
}

/** Sends `raw`, resolves with the wall and CPU milliseconds until the answer's end, and the answer. */
function send(port: number, raw: Buffer): Promise<{ wallMs: number; cpuMs: number; answer: string }> {
  return new Promise((resolve, reject) => {
    const cpu = process.cpuUsage();
    const started = process.hrtime.bigint();
    const socket = connect(port, '127.0.0.1', () => socket.end(raw));
    let answer = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const used = process.cpuUsage(cpu);
      resolve({
        wallMs: Number(process.hrtime.bigint() - started) / 1e6,
        cpuMs: (used.user + used.system) / 1000,
        answer,
      });
    });
  });
}

async function listen(listener: RequestListener): Promise<{ server: Server; port: number }> {
  const server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return { server, port: address.port };
}

export async function bodyBench(): Promise<void> {
  const bare = await listen((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => res.end(String(Buffer.concat(chunks).byteLength)));
  });
  const adapter = await listen(
    toNodeListener(
      async (request) => new Response(String((await readBytes(request, 1024 * 1024)).byteLength)),
    ),
  );
  const hono = new Hono();
  hono.post('/body', bodyLimit({ maxSize: 1024 * 1024 }), async (c) =>
    c.text(String((await c.req.raw.arrayBuffer()).byteLength)),
  );
  const router = await listen(toNodeListener(hono));
  const servers = [
    { name: 'baseline: bare node:http, data events', ...bare },
    { name: 'the node adapter, readBytes', ...adapter },
    { name: 'the node adapter, a Hono route with bodyLimit', ...router },
  ];

  const rows: Array<Record<string, string | number>> = [];
  for (const chunked of [false, true]) {
    const raw = rawRequest(chunked);
    for (const { port } of servers) await send(port, raw); // warm-up
    const wall: number[][] = servers.map(() => []);
    const cpu: number[][] = servers.map(() => []);
    // in turn, round after round, so that other load on the machine slows each alike
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, { port }] of servers.entries()) {
        const result = await send(port, raw);
        if (!result.answer.endsWith(`\r\n\r\n${BODY_BYTES}`))
          throw new Error(`unexpected answer: ${result.answer}`);
        wall[i]?.push(result.wallMs);
        cpu[i]?.push(result.cpuMs);
      }
    }
    const median = (values: number[]) =>
      [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    const baseline = median(cpu[0] ?? []);
    for (const [i, { name }] of servers.entries()) {
      rows.push({
        body: chunked ? '256 KiB in 1-byte chunks' : '256 KiB in one piece',
        server: name,
        'CPU ms': median(cpu[i] ?? []).toFixed(1),
        'wall ms': median(wall[i] ?? []).toFixed(1),
        'CPU vs baseline': ratio(median(cpu[i] ?? []), baseline),
      });
    }
  }
  table(
    `Reading a request body (medians of ${ROUNDS} rounds, client and servers in one process, loopback)`,
    rows,
  );
  for (const { server } of servers) await new Promise((resolve) => server.close(resolve));
  await bodyProcessesBench();
}
