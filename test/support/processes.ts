// Cross-package test support: real processes (the emulator's bin, server-example) started, read and
// killed as an operator would, and small waits that poll rather than sleep a fixed time.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_API_KEY, fixtures } from '@pay-elements/sandbox';

export const root = fileURLToPath(new URL('../..', import.meta.url));
export const sandboxBin = join(root, 'packages/sandbox/bin/pay-sandbox.js');

export interface Running {
  child: ChildProcess;
  /** everything it printed so far, stdout and stderr */
  output(): string;
  exited: Promise<number | null>;
  /** SIGKILL (no chance to clean up), resolved once it is gone */
  kill(): Promise<void>;
}

/** Every process launched, so that a suite's `after` can stop what is left. */
export const launched: Running[] = [];

/** Spawns `node args…` and waits until its output matches `ready` (or it exits first). */
export async function launch(args: string[], env: NodeJS.ProcessEnv, ready: RegExp): Promise<Running> {
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const running: Running = {
    child,
    output: () => out,
    exited,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
  launched.push(running);
  await new Promise<void>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      out += chunk.toString();
      if (ready.test(out)) resolve();
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    void exited.then((code) =>
      reject(new Error(`${args.join(' ')} exited (${code}) before it was ready:\n${out}`)),
    );
  });
  return running;
}

/** Kills whatever `launch` started and is still running. */
export async function killLaunched(): Promise<void> {
  await Promise.all(launched.splice(0).map((running) => running.kill()));
}

/** The environment without any PAY_* or server variable of the shell running the tests. */
export function baseEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(PAY_|PORT$|HOST$|PUBLIC_URL$)/.test(name)),
  );
}

/**
 * The emulator as a process of its own, signing its webhooks with `secret` and sending them to
 * `webhookUrl`: the process, and its URL once it listens.
 */
export async function startEmulator(
  webhookUrl: string,
  secret: string,
): Promise<{ url: string; process: Running }> {
  const sandbox = await launch(
    [sandboxBin, '--port', '0', '--host', '127.0.0.1'],
    { ...baseEnv(), PAY_SANDBOX_WEBHOOK_URL: webhookUrl, PAY_SANDBOX_WEBHOOK_SECRET: secret },
    /listening on http:\/\/127\.0\.0\.1:\d+[\s\S]*webhooks/,
  );
  return {
    url: /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(sandbox.output())?.[1] ?? '',
    process: sandbox,
  };
}

/** The emulator's URL, for a suite that stops what it launched with `killLaunched`. */
export async function launchEmulator(webhookUrl: string, secret: string): Promise<string> {
  return (await startEmulator(webhookUrl, secret)).url;
}

/**
 * server-example as a process of its own on `port`, with the emulator at `providerUrl` as its
 * provider (its full key, the seed customer, webhooks signed with `secret`); `env` adds the store
 * (PAY_DB or PAY_DATABASE_URL) and anything else. Running once it says how to stop it.
 */
export function launchExample(
  port: number,
  providerUrl: string,
  secret: string,
  env: NodeJS.ProcessEnv,
): Promise<Running> {
  return launch(
    ['--import', 'tsx', 'server-example/src/main.ts'],
    {
      ...baseEnv(),
      PORT: String(port),
      HOST: '127.0.0.1',
      PAY_API_KEY: DEFAULT_API_KEY,
      PAY_BASE_URL: providerUrl,
      PAY_DEMO_CUSTOMER_ID: fixtures.customers.ada.id,
      PAY_WEBHOOK_SECRET: secret,
      PAY_TOKEN_SECRET: 'test-token-secret-signing-invoice-and-funding-links',
      ...env,
    },
    /Ctrl-C to stop/,
  );
}

export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** Asks `check` every 50 ms until it answers a value, or fails after `ms`. */
export async function until<T>(what: string, ms: number, check: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** How many lines of `text` say onPaid ran for the order (server-example prints one per delivery). */
export function paidLines(text: string, orderId: string): number {
  return text.split('\n').filter((line) => line.includes(`order ${orderId} paid`)).length;
}

export interface CountingProxy {
  url: string;
  /** every request forwarded, as `METHOD /path`, with ` page0` after a list's first page */
  calls: string[];
  close(): Promise<void>;
}

/** A loopback HTTP proxy in front of `target` that counts what passes: the provider calls of a kit. */
export async function countingProxy(target: string): Promise<CountingProxy> {
  const calls: string[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', target);
      const page = url.searchParams.get('page') === '0' ? ' page0' : '';
      calls.push(`${req.method ?? 'GET'} ${url.pathname}${page}`);
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers))
        if (typeof value === 'string' && name !== 'host' && name !== 'connection') headers.set(name, value);
      const body = chunks.length ? Buffer.concat(chunks) : undefined;
      fetch(url, { method: req.method ?? 'GET', headers, ...(body ? { body } : {}) })
        .then(async (answer) => {
          const text = Buffer.from(await answer.arrayBuffer());
          res.writeHead(answer.status, {
            'content-type': answer.headers.get('content-type') ?? 'text/plain',
          });
          res.end(text);
        })
        .catch(() => res.writeHead(502).end());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
