// pay-service end to end: the emulator and the service as processes of their own, as an operator runs
// them (the service with the emulator as its provider, a SQLite file, its key and notification
// secret), a merchant's endpoint in between that can fail on purpose, and other programs (a Python or
// PHP shop) started and read the same way.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DEFAULT_API_KEY, DEFAULT_WEBHOOK_SECRET, SandboxControl } from '@pay-elements/sandbox';
import { buildElements } from './harness.js';
import { baseEnv, freePort, launch, root, startEmulator, type Running } from '../support/processes.js';

export const SERVICE_KEY = 'sk_test_e2e_service_key_0123456789abcdef';
export const NOTIFY_SECRET = 'whsec_ZTJlIG5vdGlmaWNhdGlvbiBzZWNyZXQgb2YgdGhlIHNob3A=';

let built: Promise<unknown> | undefined;
/** The elements (for /cdn/) and the service's hosted scripts (for /hosted/), built once per process. */
export function buildServiceAssets(): Promise<unknown> {
  built ??= buildElements().then(() =>
    promisify(execFile)(process.execPath, [
      join(root, 'packages/service/scripts/build-browser.mjs'),
      '--quiet',
    ]),
  );
  return built;
}

export interface Stack {
  /** the service's URL */
  url: string;
  port: number;
  emulatorUrl: string;
  control: SandboxControl;
  service: Running;
  /** the service's environment, to start it again as it was */
  env: NodeJS.ProcessEnv;
  /** the merchant's API with the key (`key: null` for none) */
  api(path: string, init?: { method?: string; body?: unknown; key?: string | null }): Promise<Response>;
  /** starts the service again with the same environment (after a kill), on the same port */
  restart(): Promise<Running>;
  close(): Promise<void>;
}

/** Starts the service as `node packages/service/src/main.ts` and waits for its "running" line. */
export function launchService(env: NodeJS.ProcessEnv): Promise<Running> {
  return launch(['--import', 'tsx', 'packages/service/src/main.ts'], env, /pay-service is running/);
}

/**
 * The emulator, then the service with it as its provider (its webhooks to the service), a SQLite file
 * in a folder of its own, `env` added (PAY_NOTIFY_URL, PAY_ALLOWED_ORIGINS…).
 */
export async function startStack(env: Record<string, string> = {}): Promise<Stack> {
  await buildServiceAssets();
  const port = await freePort();
  const emulator = await startEmulator(`http://127.0.0.1:${port}/pay/webhooks`, DEFAULT_WEBHOOK_SECRET);
  const emulatorUrl = emulator.url;
  const folder = mkdtempSync(join(tmpdir(), 'pay-service-e2e-'));
  const serviceEnv: NodeJS.ProcessEnv = {
    ...baseEnv(),
    PORT: String(port),
    HOST: '127.0.0.1',
    PAY_API_KEY: DEFAULT_API_KEY,
    PAY_BASE_URL: emulatorUrl,
    PAY_WEBHOOK_SECRET: DEFAULT_WEBHOOK_SECRET,
    PAY_TOKEN_SECRET: 'e2e-token-secret-signing-the-links-of-the-shop',
    PAY_DB: join(folder, 'pay.sqlite'),
    PAY_SERVICE_KEYS: SERVICE_KEY,
    PAY_MERCHANT_NAME: 'Acme Stores',
    PAY_SWEEP_INTERVAL_MS: '500',
    ...env,
  };
  let service = await launchService(serviceEnv);
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    port,
    emulatorUrl,
    control: new SandboxControl(emulatorUrl, DEFAULT_API_KEY),
    get service() {
      return service;
    },
    env: serviceEnv,
    api(path, init = {}) {
      const key = init.key === undefined ? SERVICE_KEY : init.key;
      return fetch(`${url}${path}`, {
        method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
        headers: {
          ...(key === null ? {} : { authorization: `Bearer ${key}` }),
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      });
    },
    async restart() {
      service = await launchService(serviceEnv);
      return service;
    },
    async close() {
      await Promise.all([service.kill(), emulator.process.kill()]);
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

export interface Program {
  child: ChildProcess;
  output(): string;
  kill(): Promise<void>;
}

/** Starts `command args…` (a shop in another language) and waits until its output matches `ready`. */
export async function launchProgram(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  ready: RegExp,
  cwd = root,
): Promise<Program> {
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      out += chunk.toString();
      if (ready.test(out)) resolve();
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('error', reject);
    void exited.then(() => reject(new Error(`${command} exited before it was ready:\n${out}`)));
  });
  return {
    child,
    output: () => out,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

export interface Forwarded {
  id: string;
  status: number;
}

export interface FailingProxy {
  url: string;
  /** each notification that passed: its webhook-id and the status the shop (or the proxy) answered */
  seen: Forwarded[];
  /** the statuses to answer instead of forwarding, one per notification */
  failNext: number[];
  close(): Promise<void>;
}

/** In front of the shop's notification endpoint: answers `failNext` first, forwards the rest. */
export async function failingProxy(target: () => string): Promise<FailingProxy> {
  const seen: Forwarded[] = [];
  const failNext: number[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const id = String(req.headers['webhook-id'] ?? '');
      const fail = failNext.shift();
      if (fail !== undefined) {
        seen.push({ id, status: fail });
        res.writeHead(fail).end('not now');
        return;
      }
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers))
        if (typeof value === 'string' && name !== 'host' && name !== 'connection') headers[name] = value;
      fetch(target(), { method: 'POST', headers, body: Buffer.concat(chunks) })
        .then(async (answer) => {
          seen.push({ id, status: answer.status });
          res.writeHead(answer.status).end(await answer.text());
        })
        .catch(() => {
          seen.push({ id, status: 502 });
          res.writeHead(502).end();
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/pay`,
    seen,
    failNext,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Asks `check` every 100 ms until it answers a value, or fails after `ms`. */
export async function eventually<T>(
  what: string,
  ms: number,
  check: () => Promise<T | undefined>,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
