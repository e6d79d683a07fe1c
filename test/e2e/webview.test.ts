// The hosted checkout inside a real native WebView, as a mobile app shows it: a WebKitGTK window
// (the same WebKit, and the same `window.webkit.messageHandlers` API, as iOS's WKWebView) driven by
// test/e2e/webview/webkit-app.py, which registers the app's `payElements` handler and prints what
// it receives. pay-service runs as a process with the emulator as its provider; the shopper's
// transfer is made through the emulator's control API, and the app hears `paid` for its session.
// And in a merchant's iframe (Chromium): a parent page on an origin PAY_FRAME_ORIGINS names shows the
// checkout and hears `paid`; one on another origin is refused the frame (and told nothing).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { fixtures } from '@pay-elements/sandbox';
import { chromiumArgs, chromiumPath } from '../support/chromium.js';
import { engines, launch, type EngineBrowser } from './engines.js';
import { root } from '../support/processes.js';
import { eventually, startStack, type Stack } from './service-harness.js';

/** The Python with PyGObject: Debian's (python3-gi), not a pyenv one on the PATH. */
const PYTHON = process.env['WEBVIEW_PYTHON'] ?? '/usr/bin/python3';

interface App {
  lines: string[];
  messages(): Record<string, unknown>[];
  close(): Promise<void>;
}

/** The app's WebView on `url` (under its own X display), its lines kept as they come. */
function openApp(url: string): App {
  const child: ChildProcess = spawn(
    'xvfb-run',
    ['-a', PYTHON, join(root, 'test/e2e/webview/webkit-app.py'), url, '120'],
    // stdin open: the app quits when it closes, and xvfb-run then stops its display; a group of its
    // own, so that a hung one can be stopped with its display
    { stdio: ['pipe', 'pipe', 'pipe'], detached: true },
  );
  const lines: string[] = [];
  let rest = '';
  let errors = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    rest += chunk.toString();
    const parts = rest.split('\n');
    rest = parts.pop() ?? '';
    lines.push(...parts);
  });
  child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    lines,
    messages: () =>
      lines
        .filter((line) => line.startsWith('message '))
        .map((line) => JSON.parse(line.slice('message '.length)) as Record<string, unknown>),
    async close() {
      child.stdin?.end();
      const stopped = await Promise.race([
        exited.then(() => true),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 5000)),
      ]);
      if (!stopped && child.pid) process.kill(-child.pid, 'SIGKILL');
      if (lines.some((line) => line.startsWith('failed'))) console.error(errors);
    },
  };
}

interface Session {
  id: string;
  url: string;
  account: { account_number: string };
}

let orders = 0;

/** A new session, as the merchant's server opens it: its id, hosted checkout and account. */
async function newSession(stack: Stack): Promise<Session> {
  const answer = await stack.api('/api/sessions', {
    body: {
      order_id: `webview-${++orders}`,
      amount: '5000.00',
      currency: 'NGN',
      customer_id: fixtures.customers.ada.id,
    },
  });
  assert.equal(answer.status, 201);
  return (await answer.json()) as Session;
}

describe('the hosted checkout in a native WebView (WebKitGTK)', { timeout: 180_000 }, () => {
  let stack: Stack;
  before(async () => {
    stack = await startStack();
  });
  after(() => stack?.close());

  it("posts paid, with the session's id, to the app's payElements handler", async () => {
    const session = await newSession(stack);
    const app = openApp(session.url);
    try {
      await eventually('the checkout to load in the WebView', 60_000, () =>
        Promise.resolve(app.lines.find((line) => line === 'ready' || line.startsWith('failed'))),
      );
      assert.deepEqual(app.lines, ['ready'], 'loaded, nothing posted while the account is open');
      const started = Date.now();
      await stack.control.transfer({ account_number: session.account.account_number, amount: 5000 });
      const paid = await eventually('the app to hear paid', 30_000, () =>
        Promise.resolve(app.messages().find((message) => message['type'] === 'paid')),
      );
      console.log(`the app heard paid ${Date.now() - started} ms after the transfer`);
      assert.deepEqual(
        { source: paid['source'], version: paid['version'], session_id: paid['session_id'] },
        { source: 'pay-elements', version: 1, session_id: session.id },
      );
      assert.equal(paid['status'], 'paid');
      assert.equal(paid['amount'], '5000.00');
      assert.equal(typeof paid['paid_at'], 'string');
      assert.deepEqual(
        app.messages().map((message) => message['type']),
        ['paid'],
        'told once',
      );
    } finally {
      await app.close();
    }
  });

  it('tells an app that opens a checkout already paid at once', async () => {
    const session = await newSession(stack);
    await stack.control.transfer({ account_number: session.account.account_number, amount: 5000 });
    await eventually('the session to be paid', 15_000, async () => {
      const view = (await (await stack.api(`/api/sessions/${session.id}`)).json()) as { status: string };
      return view.status === 'paid' ? true : undefined;
    });
    const app = openApp(session.url);
    try {
      const paid = await eventually('the app to hear paid', 60_000, () =>
        Promise.resolve(app.messages().find((message) => message['type'] === 'paid')),
      );
      assert.equal(paid['session_id'], session.id);
    } finally {
      await app.close();
    }
  });
});

/** The merchant's page: frames the checkout its query names, keeps every message it is posted in `heard`. */
function shopServer(): Server {
  return createServer((req, res) => {
    const target = new URL(req.url ?? '/', 'http://shop').searchParams.get('checkout') ?? '';
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><title>Shop</title><script>window.heard = [];` +
        `addEventListener('message', (e) => heard.push({ origin: e.origin, data: e.data }));</script>` +
        `<iframe src="${target.replace(/"/g, '&quot;')}" width="400" height="800"></iframe>`,
    );
  });
}

describe("the hosted checkout in a merchant's iframe (Chromium)", { timeout: 180_000 }, () => {
  let stack: Stack;
  let shop: Server;
  let browser: Browser;
  let shopPort = 0;
  before(async () => {
    shop = shopServer();
    await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
    shopPort = (shop.address() as AddressInfo).port;
    stack = await startStack({ PAY_FRAME_ORIGINS: `http://127.0.0.1:${shopPort}` });
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  });
  after(async () => {
    await browser?.close();
    await stack?.close();
    await new Promise<void>((resolve) => shop.close(() => resolve()));
  });

  /** The shop's page on `host` framing the session's checkout; what it heard, once `ready` says so. */
  async function shopPage(host: string, session: Session) {
    const page = await browser.newPage();
    await page.goto(`http://${host}:${shopPort}/?checkout=${encodeURIComponent(session.url)}`);
    const heard = () =>
      page.evaluate(() => (window as unknown as { heard: { origin: string; data: unknown }[] }).heard);
    return { page, heard };
  }

  it('shows the checkout to a parent on an allowed origin, and tells it paid', async () => {
    const session = await newSession(stack);
    const { page, heard } = await shopPage('127.0.0.1', session);
    try {
      const frame = await eventually('the checkout to load in the frame', 30_000, () =>
        Promise.resolve(page.frames().find((f) => f.url() === session.url)),
      );
      await frame.locator('pay-dynamic-account').waitFor();
      await frame.waitForFunction(() => customElements.get('pay-dynamic-account') !== undefined);
      await stack.control.transfer({ account_number: session.account.account_number, amount: 5000 });
      const paid = await eventually('the parent to hear paid', 30_000, async () => (await heard())[0]);
      assert.equal(paid.origin, new URL(stack.url).origin);
      const message = JSON.parse(String(paid.data)) as Record<string, unknown>;
      assert.deepEqual(
        [message['source'], message['version'], message['type'], message['session_id']],
        ['pay-elements', 1, 'paid', session.id],
      );
      assert.equal((await heard()).length, 1, 'told once');
    } finally {
      await page.close();
    }
  });

  it('refuses the frame to a parent on another origin, which hears nothing', async () => {
    const session = await newSession(stack);
    // localhost: the same shop, another origin than the one allowed
    const { page, heard } = await shopPage('localhost', session);
    try {
      await page.waitForLoadState('load');
      // Chromium shows its error page in a frame the policy refuses (under load, after the parent's load)
      const frame = await eventually('Chromium to refuse the frame', 15_000, () =>
        Promise.resolve(page.frames().find((f) => /^chrome-error:/.test(f.url()))),
      );
      assert.equal(
        await frame.evaluate(() => document.querySelector('pay-dynamic-account')).catch(() => null),
        null,
        'the checkout is not shown in it',
      );
      await stack.control.transfer({ account_number: session.account.account_number, amount: 5000 });
      await eventually('the session to be paid', 15_000, async () => {
        const view = (await (await stack.api(`/api/sessions/${session.id}`)).json()) as { status: string };
        return view.status === 'paid' ? true : undefined;
      });
      assert.deepEqual(await heard(), []);
    } finally {
      await page.close();
    }
  });
});

describe("the hosted checkout in a merchant's iframe, in each engine", { timeout: 240_000 }, () => {
  let stack: Stack;
  let shop: Server;
  let shopPort = 0;
  before(async () => {
    shop = shopServer();
    await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
    shopPort = (shop.address() as AddressInfo).port;
    stack = await startStack({ PAY_FRAME_ORIGINS: `http://127.0.0.1:${shopPort}` });
  });
  after(async () => {
    await stack?.close();
    await new Promise<void>((resolve) => shop.close(() => resolve()));
  });

  const heardSource = `() => window.heard.map((m) => ({ origin: m.origin, data: String(m.data) }))`;

  for (const engine of engines) {
    it(`${engine}: a parent on the allowed origin hears paid, one on another origin nothing`, async () => {
      const browser: EngineBrowser = await launch(engine);
      // WebKitWebDriver holds one session at a time: the second parent gets a browser of its own
      const other: EngineBrowser = engine === 'webkit' ? await launch(engine) : browser;
      try {
        const session = await newSession(stack);
        const query = `?checkout=${encodeURIComponent(session.url)}`;
        // the refused parent first: by the time the allowed one has heard, it would have too
        const refused = await browser.open();
        await refused.goto(`http://localhost:${shopPort}/${query}`);
        const allowed = await other.open();
        await allowed.goto(`http://127.0.0.1:${shopPort}/${query}`);
        await stack.control.transfer({ account_number: session.account.account_number, amount: 5000 });
        const heard = await eventually(`${engine}: the allowed parent to hear paid`, 60_000, async () => {
          const messages = await allowed.evaluate<{ origin: string; data: string }[]>(heardSource, []);
          return messages.length > 0 ? messages : undefined;
        });
        assert.equal(heard.length, 1);
        assert.equal(heard[0]?.origin, new URL(stack.url).origin);
        const message = JSON.parse(heard[0]?.data ?? '{}') as Record<string, unknown>;
        assert.deepEqual([message['type'], message['session_id']], ['paid', session.id]);
        assert.deepEqual(await refused.evaluate(heardSource, []), [], 'the refused parent heard nothing');
        await refused.close();
        await allowed.close();
      } finally {
        await browser.close();
        if (other !== browser) await other.close();
      }
    });
  }
});
