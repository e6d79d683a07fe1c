// First paint: the time from the tap to the account number on screen on the hosted checkout
// (/checkout/{id}) in Chromium with a cold cache, on 3G and slow 4G emulated through the DevTools
// protocol (Network.emulateNetworkConditions), with the bytes and requests it took; beside it the
// physical floor of that network: two round trips and the HTML's bytes at the link's speed.
// server-example with its in-process emulator, on loopback; a few trials per network, the median kept.
import type { CDPSession, Page } from 'playwright-core';
import { startHarness } from '../test/e2e/harness.js';
import { kB, table } from './lib.js';

const TRIALS = 3;
const networks = [
  { name: '3G', latency: 300, kbps: 400 },
  { name: 'slow 4G', latency: 150, kbps: 1600 },
] as const;

/**
 * Runs in the page before its own scripts: on every frame until found, looks through the rendered tree
 * (an element's shadow root in place of its children, as the browser renders it) for the account
 * number, and keeps the time (ms after navigation start) with the requests and bytes by then. A string,
 * so that tsx's helpers are not compiled into what the page runs.
 */
const watchForAccount = (digits: string) => `(() => {
  const rendered = (node) => {
    if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
    if (node instanceof HTMLScriptElement || node instanceof HTMLTemplateElement) return '';
    const root = node instanceof Element && node.shadowRoot ? node.shadowRoot : node;
    let text = '';
    for (const child of Array.from(root.childNodes)) text += rendered(child);
    return text;
  };
  const found = { at: 0, requests: 0, bytes: 0 };
  Object.defineProperty(window, '__firstPaint', { value: found });
  const look = () => {
    if (document.body && rendered(document.body).replace(/\\s/g, '').includes(${JSON.stringify(digits)})) {
      const navigation = performance.getEntriesByType('navigation')[0];
      const resources = performance.getEntriesByType('resource');
      found.at = performance.now();
      found.requests = 1 + resources.length;
      found.bytes = (navigation?.transferSize ?? 0) + resources.reduce((sum, r) => sum + r.transferSize, 0);
      return;
    }
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})();`;

interface Trial {
  ms: number;
  requests: number;
  bytes: number;
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
  await page.addInitScript({ content: watchForAccount(digits) });
  await page.goto(url);
  await page.waitForFunction(
    () => (window as unknown as { __firstPaint: { at: number } }).__firstPaint.at > 0,
    undefined,
    { timeout: 30_000, polling: 50 },
  );
  const found = await page.evaluate(
    () =>
      (window as unknown as { __firstPaint: { at: number; requests: number; bytes: number } }).__firstPaint,
  );
  return { ms: found.at, requests: found.requests, bytes: found.bytes, htmlBytes };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

export async function firstPaintBench(): Promise<void> {
  const h = await startHarness();
  try {
    const rows: Array<Record<string, string | number>> = [];
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
      const html = median(trials.map((t) => t.htmlBytes));
      const floor = 2 * network.latency + (html / ((network.kbps * 1000) / 8)) * 1000;
      rows.push({
        network: `${network.name} (${network.latency} ms, ${network.kbps} kbit/s)`,
        'account on screen (median)': `${Math.round(median(trials.map((t) => t.ms)))} ms`,
        trials: trials.map((t) => Math.round(t.ms)).join(' / '),
        requests: median(trials.map((t) => t.requests)),
        'bytes by then': kB(median(trials.map((t) => t.bytes))),
        'HTML bytes': kB(html),
        'floor (2 RTT + HTML)': `${Math.round(floor)} ms`,
      });
    }
    table(`first paint: the account number on the hosted checkout, cold cache, ${TRIALS} trials each`, rows);
  } finally {
    await h.close();
  }
}
