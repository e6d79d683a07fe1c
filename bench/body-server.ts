// A server process of the body bench (bench/body-processes.ts), forked with an IPC channel: `bare`
// is a bare node:http server reading the body with `data` events in a process of its own; `example`
// is server-example (its in-process emulator, a memory store) and, in the same process, that same
// bare node:http server on a port of its own (a baseline that pays for as large a heap). It says
// `{ports}` once listening, and answers each message with its CPU time so far (µs).
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startApp } from 'server-example/app';
import { readConfig } from 'server-example/config';

const bareListener: RequestListener = (req, res) => {
  let bytes = 0;
  req.on('data', (chunk: Buffer) => (bytes += chunk.byteLength));
  req.on('end', () => res.end(String(bytes)));
};

async function listen(listener: RequestListener): Promise<number> {
  const server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

const ports: Record<string, number> = { bare: await listen(bareListener) };
if (process.argv[2] === 'example') {
  const quiet = () => undefined;
  const app = await startApp(readConfig({ PORT: '0', PAY_SANDBOX_PORT: '0', PAY_DB: ':memory:' }), {
    logger: { debug: quiet, info: quiet, warn: quiet, error: quiet },
  });
  ports['example'] = Number(new URL(app.url).port);
}
// `gc`: a full collection first (node runs this with --expose-gc), so that what the requests left
// for a later collection is counted too
const gc = (globalThis as { gc?: () => void }).gc;
process.on('message', (message) => {
  if (message === 'gc') gc?.();
  const { user, system } = process.cpuUsage();
  process.send?.({ cpu: user + system });
});
process.on('disconnect', () => process.exit(0));
process.send?.({ ports });
