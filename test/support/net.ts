// Sockets for tests that must know a port before the server under test takes it.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A loopback port that was free a moment ago. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
