// The hosted checkout inside a real native WebView, as a mobile app shows it: a WebKitGTK window
// (the same WebKit, and the same `window.webkit.messageHandlers` API, as iOS's WKWebView) driven by
// test/e2e/webview/webkit-app.py, which registers the app's `payElements` handler and prints what
// it receives. pay-service runs as a process with the emulator as its provider; the shopper's
// transfer is made through the emulator's control API, and the app hears `paid` for its session.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fixtures } from '@pay-elements/sandbox';
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

describe('the hosted checkout in a native WebView (WebKitGTK)', { timeout: 180_000 }, () => {
  let stack: Stack;
  let orders = 0;
  before(async () => {
    stack = await startStack();
  });
  after(() => stack?.close());

  /** A new session, as the merchant's server opens it: its id, hosted checkout and account. */
  async function newSession(): Promise<{ id: string; url: string; account: { account_number: string } }> {
    const answer = await stack.api('/api/sessions', {
      body: {
        order_id: `webview-${++orders}`,
        amount: '5000.00',
        currency: 'NGN',
        customer_id: fixtures.customers.ada.id,
      },
    });
    assert.equal(answer.status, 201);
    return (await answer.json()) as { id: string; url: string; account: { account_number: string } };
  }

  it("posts paid, with the session's id, to the app's payElements handler", async () => {
    const session = await newSession();
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
    const session = await newSession();
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
