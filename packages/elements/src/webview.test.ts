// @pay-elements/elements/webview in a real page: the app's side of each WebView channel (React
// Native's ReactNativeWebView, WKWebView's payElements handler, Android's PayElementsAndroid) is
// faked by this page, as an app would install it; the element, its session and the transfer are real
// (the kit and the emulator). The iframe parent is real too: a page on the other loopback host (another
// origin) frames the checkout and hears its outcome only when its origin is among those allowed.
import { expect } from './test/testing.js';
import { createSession, sendTransfer, until } from './test/backend.js';
import { mountAccount } from './test/account.js';
import { allowedOrigins, bridgeToApp, type AppMessage } from './webview.js';

interface Heard {
  reactNative: string[];
  webkit: unknown[];
  android: string[];
}

const CHANNELS = ['ReactNativeWebView', 'webkit', 'PayElementsAndroid'] as const;

/** Installs the three apps' channels on this window (as each WebView does), recording what each hears. */
function installApps(options: { throwing?: (typeof CHANNELS)[number] } = {}): Heard & { remove(): void } {
  const heard: Heard = { reactNative: [], webkit: [], android: [] };
  const saved = CHANNELS.map((name) => [name, Object.getOwnPropertyDescriptor(window, name)] as const);
  const refuse = (name: string) => {
    if (options.throwing === name) throw new Error(`${name} refused`);
  };
  const values = {
    ReactNativeWebView: {
      postMessage: (m: string) => (refuse('ReactNativeWebView'), heard.reactNative.push(m)),
    },
    webkit: {
      messageHandlers: {
        payElements: { postMessage: (m: unknown) => (refuse('webkit'), heard.webkit.push(m)) },
      },
    },
    PayElementsAndroid: { postMessage: (m: string) => (refuse('PayElementsAndroid'), heard.android.push(m)) },
  };
  for (const name of CHANNELS)
    Object.defineProperty(window, name, { value: values[name], configurable: true, writable: true });
  return {
    ...heard,
    remove() {
      for (const [name, descriptor] of saved) {
        if (descriptor) Object.defineProperty(window, name, descriptor);
        else Reflect.deleteProperty(window, name);
      }
    },
  };
}

const parse = (json: string) => JSON.parse(json) as AppMessage;

/** An outcome event as the element fires it (for those this file does not make happen at the bank). */
function fire(el: Element, type: string, detail: unknown): void {
  el.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
}

describe('bridgeToApp', () => {
  let apps: ReturnType<typeof installApps> | undefined;
  afterEach(() => apps?.remove());

  it('posts paid, with the session id, to each channel the app gave the page, once', async () => {
    apps = installApps();
    const view = await createSession();
    const { el, clock, log } = await mountAccount(view.id);
    const stop = bridgeToApp(el);
    const paid = log.next('pay-paid');
    await sendTransfer(view.account.account_number, view.amount);
    await clock.advance(2000);
    await paid;
    const expected = {
      source: 'pay-elements',
      version: 1,
      type: 'paid',
      session_id: view.id,
      status: 'paid',
      amount: view.amount,
      currency: view.currency,
    };
    expect(apps.reactNative).to.have.length(1);
    expect(parse(apps.reactNative[0]!)).to.deep.include(expected);
    expect(typeof parse(apps.reactNative[0]!).paid_at).to.equal('string');
    expect(apps.android.map(parse)).to.deep.equal(apps.reactNative.map(parse));
    // WKWebView takes the object itself (the app reads `message.body` as a dictionary)
    expect(apps.webkit).to.deep.equal(apps.reactNative.map(parse));
    await clock.advance(10_000);
    expect(apps.reactNative).to.have.length(1, 'told once, however long the page stays open');
    stop();
  });

  it('tells expired, claimed, renewed and error, and nothing for other status changes', () => {
    apps = installApps();
    const holder = document.createElement('div');
    holder.innerHTML = '<span data-role="element" session="sess_1"></span>';
    document.body.append(holder);
    const el = holder.firstElementChild!;
    // listening on an ancestor: the events bubble out of the element
    const stop = bridgeToApp(holder);
    const session = {
      id: 'sess_1',
      status: 'expired',
      amount: '5000.00',
      currency: 'NGN',
      expires_at: '2026-01-01T00:30:00Z',
    };
    fire(el, 'pay-status-change', {
      status: 'pending',
      previous: null,
      session: { ...session, status: 'pending' },
    });
    fire(el, 'pay-expired', { session });
    fire(el, 'pay-status-change', { status: 'expired', previous: 'pending', session });
    fire(el, 'pay-status-change', {
      status: 'pending',
      previous: 'expired',
      session: { ...session, status: 'pending', expires_at: '2026-01-01T01:00:00Z' },
    });
    fire(el, 'pay-claimed', { session: { ...session, status: 'pending' } });
    fire(el, 'pay-error', { code: 'network_error', message: 'offline', status: null, operation: 'load' });
    stop();
    fire(el, 'pay-expired', { session });
    holder.remove();

    const messages = apps.reactNative.map(parse);
    expect(messages.map((m) => m.type)).to.deep.equal(['expired', 'renewed', 'claimed', 'error']);
    expect(messages[0]).to.deep.include({
      session_id: 'sess_1',
      status: 'expired',
      expires_at: session.expires_at,
    });
    expect(messages[1]).to.deep.include({ status: 'pending', expires_at: '2026-01-01T01:00:00Z' });
    // an error's session is the element's own; its detail is the code, the status and what failed
    expect(messages[3]).to.deep.equal({
      source: 'pay-elements',
      version: 1,
      type: 'error',
      session_id: 'sess_1',
      code: 'network_error',
      http_status: null,
      operation: 'load',
    });
    expect(JSON.stringify(messages)).not.to.include('offline');
  });

  it('still tells the other channels when one throws, and says so on the console', () => {
    apps = installApps({ throwing: 'webkit' });
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args[0]);
    try {
      const el = document.createElement('span');
      const stop = bridgeToApp(el);
      fire(el, 'pay-paid', { session: { id: 'sess_2', status: 'paid', paid_at: '2026-01-01T00:00:00Z' } });
      stop();
    } finally {
      console.error = original;
    }
    expect(apps.reactNative.map(parse).map((m) => m.session_id)).to.deep.equal(['sess_2']);
    expect(apps.android).to.have.length(1);
    expect(errors).to.have.length(1);
  });

  it('takes only real origins as a parent’s: never *, a path or another scheme', () => {
    expect(
      allowedOrigins([
        'https://shop.example',
        'https://shop.example/',
        'http://127.0.0.1:8080',
        '*',
        'https://shop.example/pay',
        'javascript:alert(1)',
        'shop.example',
      ]),
    ).to.deep.equal(['https://shop.example', 'http://127.0.0.1:8080']);
  });
});

describe('bridgeToApp in an iframe', () => {
  /** The other loopback host, so that the framed page is of another origin than this one. */
  const otherHost = location.hostname === '127.0.0.1' ? 'localhost' : '127.0.0.1';

  /** Frames the child page on the other host, allowing `allowed`; the bridge's messages this page heard. */
  async function frameWith(allowed: string[]): Promise<AppMessage[]> {
    const heard: AppMessage[] = [];
    let done = false;
    const listener = (event: MessageEvent) => {
      if (typeof event.data === 'string') heard.push(JSON.parse(event.data) as AppMessage);
      else if ((event.data as { done?: boolean } | null)?.done) done = true;
    };
    window.addEventListener('message', listener);
    const frame = document.createElement('iframe');
    const query = allowed.map((o) => `parent=${encodeURIComponent(o)}`).join('&');
    frame.src = `${location.protocol}//${otherHost}:${location.port}/packages/elements/src/test/webview-child.html?${query}`;
    document.body.append(frame);
    try {
      await until(() => done, 'the framed page to finish', 10_000);
      // a message posted before `done` is delivered before it (same source, same target)
      return heard;
    } finally {
      window.removeEventListener('message', listener);
      frame.remove();
    }
  }

  it('tells the parent on an allowed origin', async () => {
    const heard = await frameWith(['https://elsewhere.example', location.origin]);
    expect(heard).to.have.length(1);
    expect(heard[0]).to.deep.include({ source: 'pay-elements', type: 'paid', session_id: 'sess_framed' });
  });

  it('tells a parent on any other origin nothing', async () => {
    const heard = await frameWith([
      'https://elsewhere.example',
      `${location.protocol}//${otherHost}:${location.port}`,
    ]);
    expect(heard).to.deep.equal([]);
  });
});
