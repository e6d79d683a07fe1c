// startSandbox: the emulator on a node:http server, answering its URL.
import { createServer } from 'node:http';
import type { SandboxClock } from './clock.js';
import { toNodeListener } from './node-listener.js';
import { createSandbox, type SandboxOptions } from './sandbox.js';

export const DEFAULT_PORT = 4010;
export const DEFAULT_HOST = '127.0.0.1';

export interface StartOptions extends SandboxOptions {
  /** 0 (the default) picks any free port; the CLI uses 4010 */
  port?: number;
  /** default 127.0.0.1 */
  host?: string;
}

export interface Sandbox {
  /** `http://127.0.0.1:PORT`, no trailing slash */
  url: string;
  clock: SandboxClock;
  /** stops listening, drops open connections, abandons webhook deliveries */
  close(): Promise<void>;
  flushWebhooks(): Promise<void>;
  /** back to the seed fixtures (also clears faults) */
  reset(): void;
  /** the same emulator without the socket */
  handle(request: Request): Promise<Response>;
}

export async function startSandbox(options: StartOptions = {}): Promise<Sandbox> {
  const { port = 0, host = DEFAULT_HOST, ...rest } = options;
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new TypeError('startSandbox: port must be an integer from 0 to 65535');
  const sandbox = createSandbox(rest);
  const hostInUrl = host.includes(':') ? `[${host}]` : host;
  const server = createServer(toNodeListener((request) => sandbox.handle(request)));
  server.keepAliveTimeout = 5_000;
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    sandbox.close(); // the state file's lock goes with it
    throw error;
  }
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('startSandbox: not a TCP server');
  const url = `http://${hostInUrl}:${address.port}`;
  let closed: Promise<void> | undefined;
  return {
    url,
    clock: sandbox.clock,
    handle: (request) => sandbox.handle(request),
    flushWebhooks: () => sandbox.flushWebhooks(),
    reset: () => sandbox.reset(),
    close() {
      closed ??= new Promise<void>((resolve) => {
        sandbox.close();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closed;
    },
  };
}
