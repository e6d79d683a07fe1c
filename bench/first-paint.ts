// First paint and "alive" on the hosted checkout (/checkout/{id}) in Chromium with a cold cache, on 3G
// and slow 4G emulated through the DevTools protocol (Network.emulateNetworkConditions): the time from
// the tap to the account number on screen, then to the page being alive (see `watchPage`), with the
// requests and the bytes on the wire by each; beside them the physical floor of that network: two round
// trips and the HTML's bytes at the link's speed. server-example with its in-process emulator, on
// loopback; a few trials per network, the median kept.
import type { CDPSession, Page } from 'playwright-core';
import { startHarness } from '../test/e2e/harness.js';
import { kB, table } from './lib.js';

const TRIALS = 5;
const networks = [
  { name: '3G', latency: 300, kbps: 400 },
  { name: 'slow 4G', latency: 150, kbps: 1600 },
] as const;

/** A moment of the page's load: when (ms after navigation start), and the requests and bytes by then. */
interface Moment {
  at: number;
  requests: number;
  bytes: number;
}

interface Watched {
  /** the account number in the rendered tree (the server-written fallback counts) */
  account: Moment;
  /** the running element's countdown rendered in its shadow root (its timer set) */
  countdown: number;
  /** the countdown's text first changed (the next whole second of the time left: the clock's phase, not the network's) */
  tick: number;
  /** the element upgraded, its copy buttons rendered by it in its shadow root (their click handlers attached) */
  copy: number;
  /** the session's status stream open: the EventSource of `/events` fired `open` (the kit's 200 headers arrived) */
  stream: number;
  /** alive: countdown, copy buttons and stream, all three (the latest of them) */
  alive: Moment;
}

/**
 * Runs in the page before its own scripts. Watches on every frame the rendered tree (an element's
 * shadow root in place of its children, as the browser renders it) for the account number, and the
 * element's shadow root for its countdown and copy buttons; wraps EventSource to see the status
 * stream open. "Alive" is the first moment the countdown, a copy button and the stream all are: what a
 * shopper needs of the page besides reading it. Requests and bytes are the navigation's and every
 * resource finished by then (transferSize: headers and encoded body, what crossed the wire). A string,
 * so that tsx's helpers are not compiled into what the page runs.
 */
const watchPage = (digits: string) => `(() => {
  const moment = () => {
    const navigation = performance.getEntriesByType('navigation')[0];
    const resources = performance.getEntriesByType('resource');
    return {
      at: performance.now(),
      requests: 1 + resources.length,
      bytes: (navigation?.transferSize ?? 0) + resources.reduce((sum, r) => sum + r.transferSize, 0),
    };
  };
  const seen = { account: null, countdown: 0, tick: 0, copy: 0, stream: 0, alive: null };
  Object.defineProperty(window, '__watched', { value: seen });
  let firstCountdown = null;
  const settle = () => {
    if (!seen.alive && seen.countdown && seen.copy && seen.stream) seen.alive = moment();
  };
  const Native = window.EventSource;
  window.EventSource = class extends Native {
    constructor(url, init) {
      super(url, init);
      if (new URL(String(url), location.href).pathname.endsWith('/events'))
        this.addEventListener('open', () => { seen.stream ||= performance.now(); settle(); });
    }
  };
  const rendered = (node) => {
    if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
    if (node instanceof HTMLScriptElement || node instanceof HTMLTemplateElement) return '';
    const root = node instanceof Element && node.shadowRoot ? node.shadowRoot : node;
    let text = '';
    for (const child of Array.from(root.childNodes)) text += rendered(child);
    return text;
  };
  const look = () => {
    if (!seen.account && document.body && rendered(document.body).replace(/\\s/g, '').includes(${JSON.stringify(digits)}))
      seen.account = moment();
    const element = document.querySelector('pay-dynamic-account');
    const root = customElements.get('pay-dynamic-account') ? element?.shadowRoot : null;
    const countdown = root?.querySelector('[part="countdown-text"]')?.textContent;
    if (countdown && firstCountdown === null) { firstCountdown = countdown; seen.countdown = performance.now(); }
    else if (countdown && countdown !== firstCountdown && !seen.tick) seen.tick = performance.now();
    if (!seen.copy && root?.querySelector('button[part~="copy-button"]')) seen.copy = performance.now();
    settle();
    if (!seen.account || !seen.alive || !seen.tick) requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})();`;

interface Trial extends Watched {
  htmlBytes: number;
}

async function trial(page: Page, cdp: CDPSession, url: string, digits: string): Promise<Trial> {
  let htmlBytes = 0;
  let documentId = '';
  cdp.on('Network.requestWillBeSent', (event) => {
    if (event.type === 'Document') documentId = event.requestId;
  });
  cdp.on('Network.loadingFinished', (event) => {
    if (event.requestId === documentId) htmlBytes = event.encodedDataLength;
  });
  await page.addInitScript({ content: watchPage(digits) });
  await page.goto(url);
  await page.waitForFunction(
    () => {
      const seen = (window as unknown as { __watched: { account: unknown; alive: unknown; tick: number } })
        .__watched;
      return seen.account !== null && seen.alive !== null && seen.tick > 0;
    },
    undefined,
    { timeout: 30_000, polling: 50 },
  );
  const watched = await page.evaluate(() => (window as unknown as { __watched: Watched }).__watched);
  return { ...watched, htmlBytes };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const ms = (value: number) => `${Math.round(value)} ms`;

export async function firstPaintBench(): Promise<void> {
  const h = await startHarness();
  try {
    const paint: Array<Record<string, string | number>> = [];
    const alive: Array<Record<string, string | number>> = [];
    // one of the shop's orders; each trial opens its session's page afresh
    const answer = await fetch(`${h.url}/pay/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ order_id: 'demo-1' }),
    });
    const session = (await answer.json()) as { id: string; account: { account_number: string } };
    for (const network of networks) {
      const trials: Trial[] = [];
      for (let i = 0; i < TRIALS; i++) {
        // a new context each time: an empty cache, no open connection
        const context = await h.browser.newContext({
          locale: 'en-GB',
          viewport: { width: 400, height: 800 },
        });
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
        const bytesPerSecond = (network.kbps * 1000) / 8;
        await cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: network.latency,
          downloadThroughput: bytesPerSecond,
          uploadThroughput: bytesPerSecond,
        });
        trials.push(
          await trial(page, cdp, `${h.url}/checkout/${session.id}`, session.account.account_number),
        );
        await context.close();
      }
      const label = `${network.name} (${network.latency} ms, ${network.kbps} kbit/s)`;
      const html = median(trials.map((t) => t.htmlBytes));
      const floor = 2 * network.latency + (html / ((network.kbps * 1000) / 8)) * 1000;
      paint.push({
        network: label,
        'account on screen (median)': ms(median(trials.map((t) => t.account.at))),
        trials: trials.map((t) => Math.round(t.account.at)).join(' / '),
        requests: median(trials.map((t) => t.account.requests)),
        'bytes by then': kB(median(trials.map((t) => t.account.bytes))),
        'HTML bytes': kB(html),
        'floor (2 RTT + HTML)': ms(floor),
      });
      alive.push({
        network: label,
        'alive (median)': ms(median(trials.map((t) => t.alive.at))),
        trials: trials.map((t) => Math.round(t.alive.at)).join(' / '),
        countdown: ms(median(trials.map((t) => t.countdown))),
        'copy buttons': ms(median(trials.map((t) => t.copy))),
        'stream open': ms(median(trials.map((t) => t.stream))),
        'first tick seen': ms(median(trials.map((t) => t.tick))),
        requests: median(trials.map((t) => t.alive.requests)),
        'bytes on the wire by then': kB(median(trials.map((t) => t.alive.bytes))),
      });
    }
    table(`first paint: the account number on the hosted checkout, cold cache, ${TRIALS} trials each`, paint);
    table(
      `alive: countdown running, copy buttons working, status stream open (the latest of the three), ${TRIALS} trials each`,
      alive,
    );
  } finally {
    await h.close();
  }
}
