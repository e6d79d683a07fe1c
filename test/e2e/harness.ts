// End-to-end harness: builds the demo once, starts server-example (kit + in-process emulator on a
// shared clock) on free loopback ports, and opens Debian's Chromium through playwright-core. Every
// response body the browser receives is kept, so a test can scan them for the secret key.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { createClock, SandboxControl, type SandboxClock } from '@pay-elements/sandbox';
import { startApp, type App } from '../../server-example/src/app.js';
import { readConfig } from '../../server-example/src/config.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const require = createRequire(import.meta.url);

export const SECRET_KEY = 'sk_sandbox_local';

export const chromiumPath =
  process.env['CHROME_PATH'] ??
  (existsSync('/usr/lib/chromium/chromium') ? '/usr/lib/chromium/chromium' : '/usr/bin/chromium');
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

let built: Promise<unknown> | undefined;
/** Builds demo/dist once per process (about a second). */
export function buildDemo(): Promise<unknown> {
  built ??= build({ configFile: `${root}vite.config.ts`, logLevel: 'warn' });
  return built;
}

export interface Harness {
  app: App;
  url: string;
  clock: SandboxClock;
  control: SandboxControl;
  browser: Browser;
  /** every response body the pages received, with its URL */
  bodies: Array<{ url: string; body: string }>;
  /** server log lines */
  logs: string[];
  newPage(options?: { locale?: string }): Promise<{ page: Page; context: BrowserContext }>;
  close(): Promise<void>;
}

export async function startHarness(): Promise<Harness> {
  await buildDemo();
  const clock = createClock();
  const logs: string[] = [];
  const collect =
    (level: string) =>
    (message: string, fields?: Record<string, unknown>): void => {
      logs.push(`${level} ${message} ${JSON.stringify(fields ?? {})}`);
    };
  const config = readConfig({ PORT: '0', PAY_SANDBOX_PORT: '0', PAY_DB: ':memory:' });
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
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  const bodies: Harness['bodies'] = [];
  return {
    app,
    url: app.url,
    clock,
    control,
    browser,
    bodies,
    logs,
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
        void response
          .text()
          .then((body) => bodies.push({ url: response.url(), body }))
          .catch(() => undefined);
      });
      return { page, context };
    },
    async close() {
      await browser.close();
      await app.close();
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
