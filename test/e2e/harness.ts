// End-to-end harness: builds the demo once, starts server-example (kit + in-process emulator on a
// shared clock) on free loopback ports (`startServer`), and opens Debian's Chromium through
// playwright-core (`startHarness`). Every response the browser receives is kept, status, headers and
// body, so a test can scan them for the secret key and card numbers (test/security/leaks.ts). The
// shopper flows in Firefox and WebKit drive their browsers through ./engines.ts instead.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { createClock, SandboxControl, type SandboxClock, DEFAULT_API_KEY } from '@pay-elements/sandbox';
import { startApp, type App } from 'server-example/app';
import { readConfig } from 'server-example/config';
import { chromiumArgs, chromiumPath } from '../support/chromium.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const require = createRequire(import.meta.url);

export const SECRET_KEY = DEFAULT_API_KEY;

export { chromiumArgs, chromiumPath };

const elementsDir = `${root}packages/elements`;

/** The newest modification time of `path`, a file or every file below a folder. */
function newest(path: string): number {
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

/** Whether the elements' build output is older than their sources (or missing). */
function elementsStale(): boolean {
  const outputs = [`${elementsDir}/dist/cdn/manifest.json`, `${elementsDir}/custom-elements.json`];
  if (!outputs.every((file) => existsSync(file))) return true;
  const sources = Math.max(
    newest(`${elementsDir}/src`),
    newest(`${elementsDir}/package.json`),
    newest(`${elementsDir}/scripts`),
  );
  return Math.min(...outputs.map((file) => statSync(file).mtimeMs)) < sources;
}

let elementsBuilt: Promise<unknown> | undefined;
/**
 * Builds the elements (`npm run build -w @pay-elements/elements`: dist/cdn/ for the script-tag page,
 * custom-elements.json for the reference page) once per process, and only when their sources changed
 * since the last build (about 4 s when it runs).
 */
export function buildElements(): Promise<unknown> {
  // npm test built everything first (scripts/test.mjs), and another stage may be reading it
  if (process.env['PAY_TEST_BUILT'] === '1') return Promise.resolve();
  elementsBuilt ??= elementsStale()
    ? promisify(execFile)(process.execPath, [`${elementsDir}/scripts/build.mjs`], { cwd: elementsDir })
    : Promise.resolve();
  return elementsBuilt;
}

let built: Promise<unknown> | undefined;
/** Builds the elements when needed, then demo/dist, once per process (about a second). */
export function buildDemo(): Promise<unknown> {
  if (process.env['PAY_TEST_BUILT'] === '1') return Promise.resolve();
  // vite is imported only when it builds: in npm test, every e2e process would load it for nothing
  built ??= buildElements().then(async () => {
    const { build } = await import('vite');
    return build({ configFile: `${root}vite.config.ts`, logLevel: 'warn' });
  });
  return built;
}

export interface RecordedResponse {
  url: string;
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** server-example with its in-process emulator on a shared clock, on free loopback ports. */
export interface Server {
  app: App;
  url: string;
  clock: SandboxClock;
  control: SandboxControl;
  /** server log lines */
  logs: string[];
  close(): Promise<void>;
}

/**
 * Builds the demo when needed and starts server-example on free ports, its log lines kept. `env`
 * adds to its configuration (a shorter PAY_POLL_INTERVAL_MS, say).
 */
export async function startServer(env: Record<string, string> = {}): Promise<Server> {
  await buildDemo();
  const clock = createClock();
  const logs: string[] = [];
  const collect =
    (level: string) =>
    (message: string, fields?: Record<string, unknown>): void => {
      logs.push(`${level} ${message} ${JSON.stringify(fields ?? {})}`);
    };
  const config = readConfig({ PORT: '0', PAY_SANDBOX_PORT: '0', PAY_DB: ':memory:', ...env });
  const app = await startApp(config, {
    clock,
    logger: {
      debug: collect('debug'),
      info: collect('info'),
      warn: collect('warn'),
      error: collect('error'),
    },
  });
  if (!app.sandbox) throw new Error('the harness expects the emulator');
  const control = new SandboxControl(app.sandbox.url, SECRET_KEY);
  return {
    app,
    url: app.url,
    clock,
    control,
    logs,
    async close() {
      await app.close();
    },
  };
}

export interface Harness extends Server {
  browser: Browser;
  /** every response the pages received: URL, status, headers and body */
  bodies: RecordedResponse[];
  newPage(options?: { locale?: string }): Promise<{ page: Page; context: BrowserContext }>;
}

/** server-example (`env` added to its configuration, as `startServer`'s) and a Chromium to visit it. */
export async function startHarness(env: Record<string, string> = {}): Promise<Harness> {
  const server = await startServer(env);
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  const bodies: Harness['bodies'] = [];
  return {
    ...server,
    browser,
    bodies,
    async newPage(options = {}) {
      const context = await browser.newContext({
        locale: options.locale ?? 'en-GB',
        viewport: { width: 900, height: 1000 },
      });
      const page = await context.newPage();
      await page.addInitScript(() => {
        const seen: string[] = [];
        Object.defineProperty(window, '__cspViolations', { value: seen });
        document.addEventListener('securitypolicyviolation', (event) =>
          seen.push(`${event.violatedDirective} ${event.blockedURI}`),
        );
      });
      page.on('response', (response) => {
        const url = response.url();
        const status = response.status();
        void Promise.all([response.allHeaders(), response.text().catch(() => '')])
          .then(([headers, body]) => bodies.push({ url, status, headers, body }))
          .catch(() => undefined);
      });
      return { page, context };
    },
    async close() {
      await browser.close();
      await server.close();
    },
  };
}

const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** Runs axe-core in the page (through the debugger protocol, so the page's CSP is not loosened). */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(`${axeSource}\n;0`);
  const result = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run(): Promise<{ violations: Array<{ id: string; help: string; nodes: unknown[] }> }> };
      }
    ).axe;
    const { violations } = await axe.run();
    return violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`);
  });
  return result;
}

export async function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => [
    ...((window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []),
  ]);
}

/** Creates a checkout session the way a merchant's page would, through the kit. */
export async function createSession(
  url: string,
  orderId: string,
): Promise<{ id: string; account: { account_number: string } }> {
  const response = await fetch(`${url}/pay/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ order_id: orderId }),
  });
  if (response.status !== 201) throw new Error(`session create answered ${response.status}`);
  return (await response.json()) as { id: string; account: { account_number: string } };
}
