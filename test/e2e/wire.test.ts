// The hosted pages on the wire, in Chromium through server-example: the page, its scripts and its
// stylesheet arrive brotli-compressed (what Chromium asks for), the status stream as it is sent; and
// every script the page needs to come alive is asked for by the page's HTML (a module preload), so it
// is fetched beside the entry rather than a round trip after it: the only scripts a script asks for
// are the QR code's, which the element loads when it first draws one.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { PayClient } from '@pay-elements/api';
import { createSession, SECRET_KEY, startHarness, type Harness } from './harness.js';
import { invoicePath } from './shopper-flows.js';

interface Seen {
  url: string;
  /** who asked: `parser` (the HTML), `script` (a script's import), … */
  initiator: string;
  type: string;
  headers: Record<string, string>;
}

/** The QR code's chunks (<pay-qr>, its strings, the encoder and the bundler's runtime it needs). */
const qrChunk = /\/assets\/(pay-qr|qr|browser|rolldown-runtime)-[\w-]+\.js$/;

/** Compressed, or too small to be made smaller (a re-export of a few dozen bytes). */
function assertCompressed(file: Seen): void {
  const size = Number(file.headers['content-length']);
  if (file.headers['content-encoding'] === undefined && size < 150) return;
  assert.equal(file.headers['content-encoding'], 'br', `${file.url} (${size} bytes)`);
}

/** Opens `path` and records every request the page makes: who asked for it, and its answer's headers. */
async function visit(h: Harness, path: string, alive: (page: Page) => Promise<void>): Promise<Seen[]> {
  const { page, context } = await h.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const seen = new Map<string, Seen>();
  cdp.on('Network.requestWillBeSent', (event) => {
    seen.set(event.requestId, {
      url: event.request.url,
      initiator: event.initiator.type,
      type: event.type ?? '',
      headers: {},
    });
  });
  cdp.on('Network.responseReceived', (event) => {
    const entry = seen.get(event.requestId);
    if (!entry) return;
    for (const [name, value] of Object.entries(event.response.headers))
      entry.headers[name.toLowerCase()] = String(value);
  });
  // watched from before the navigation: the checkout opens its stream as its entry runs
  const living = alive(page);
  await page.goto(`${h.url}${path}`);
  await living;
  await context.close();
  return [...seen.values()];
}

describe('the hosted pages on the wire', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(async () => {
    await h?.close();
  });

  it('checkout: page, scripts and styles compressed, the stream not, the element’s code all preloaded', async () => {
    const session = await createSession(h.url, 'demo-1');
    const seen = await visit(h, `/checkout/${session.id}`, async (page) => {
      // alive: the stream open (by the page's script, before the element), the QR code drawn
      await page.waitForResponse((r) => r.url().endsWith(`/pay/sessions/${session.id}/events`));
      await page.locator('pay-dynamic-account pay-qr').locator('svg').waitFor();
    });
    const page = seen.find((s) => s.type === 'Document');
    assert.equal(page?.headers['content-encoding'], 'br', 'the page');
    const files = seen.filter((s) => s.type === 'Script' || s.type === 'Stylesheet');
    assert.ok(files.length >= 4, `${files.length} scripts and stylesheets`);
    for (const file of files) assertCompressed(file);
    const stream = seen.find((s) => s.url.endsWith('/events'));
    assert.equal(stream?.headers['content-type'], 'text/event-stream; charset=utf-8');
    assert.equal(stream?.headers['content-encoding'], undefined, 'the stream as it is sent');

    const late = files.filter((f) => f.type === 'Script' && f.initiator !== 'parser' && !qrChunk.test(f.url));
    assert.deepEqual(
      late.map((f) => f.url),
      [],
      'scripts a script asked for: the page should have preloaded them (vite.config.ts)',
    );
    assert.ok(
      files.some((f) => qrChunk.test(f.url)),
      'the QR code’s chunks are still loaded lazily, by the element',
    );
  });

  it('invoice: the element’s code and its stream’s all preloaded by the page', async () => {
    const client = new PayClient({ apiKey: SECRET_KEY, baseUrl: h.app.sandbox?.url ?? '' });
    const invoice = await client.invoices.create({
      email: 'buyer@example.com',
      note: '',
      items: [{ name: 'Consulting', unit_price: 5000, quantity: 1, currency: 'NGN', total: 5000 }],
      charges: {},
      payment_schedule: { type: 'one_time', due_date: new Date(Date.now() + 7 * 86_400_000).toISOString() },
    });
    const seen = await visit(h, invoicePath(h, invoice.invoice_number), async (page) => {
      // alive: the stream open (so its code and the element's have arrived), the QR code drawn
      await page.waitForResponse((r) => r.url().endsWith('/events'));
      await page.locator('pay-invoice-view pay-qr').locator('svg').waitFor({ state: 'attached' });
    });
    const scripts = seen.filter((s) => s.type === 'Script');
    for (const file of scripts) assertCompressed(file);
    const late = scripts.filter((f) => f.initiator !== 'parser' && !qrChunk.test(f.url));
    assert.deepEqual(
      late.map((f) => f.url),
      [],
      'scripts a script asked for: the page should have preloaded them',
    );
  });
});
