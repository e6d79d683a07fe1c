// server-example's hosted checkout with script off: the "I've sent the money" form claims the session
// through the kit (303 back to the page), and the page then shows the confirming words in place of the
// expiry, in the shopper's language. The real app with its emulator, over loopback.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApp, type App } from './app.js';
import { readConfig } from './config.js';

/** A stand-in for demo/dist's checkout shell: where the page writes the element. */
const root = mkdtempSync(join(tmpdir(), 'pay-claim-form-'));
writeFileSync(
  join(root, 'checkout.html'),
  '<!doctype html><html lang="__PAY_LANG__"><head><title>checkout</title></head><body>__PAY_ELEMENT__</body></html>',
);

describe("server-example's no-script claim form", () => {
  let app: App;
  let base: string;
  before(async () => {
    const silent = () => undefined;
    app = await startApp(readConfig({ PORT: '0', PAY_SANDBOX_PORT: '0', PAY_DB: ':memory:' }), {
      staticRoot: root,
      logger: { debug: silent, info: silent, warn: silent, error: silent },
    });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('not listening');
    base = `http://127.0.0.1:${address.port}`;
  });
  after(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('claims from the form and shows the session confirming, in English and Arabic', async () => {
    const created = await fetch(`${base}/pay/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ order_id: 'demo-1' }),
    });
    assert.equal(created.status, 201);
    const { id } = (await created.json()) as { id: string };
    const page = async (language: string) =>
      (await fetch(`${base}/checkout/${id}`, { headers: { 'accept-language': language } })).text();
    const before = await page('en');
    assert.ok(before.includes(`<form method="post" action="/checkout/${id}/claim">`));
    assert.ok(before.includes('I&#39;ve sent the money'));
    // a page on another site cannot make a shopper's browser claim
    const forged = await fetch(`${base}/checkout/${id}/claim`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' },
      body: '',
    });
    assert.equal(forged.status, 403);
    assert.equal(
      ((await (await fetch(`${base}/pay/sessions/${id}`)).json()) as { claimed_at: unknown }).claimed_at,
      null,
    );
    const posted = await fetch(`${base}/checkout/${id}/claim`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    assert.equal(posted.status, 303);
    assert.equal(posted.headers.get('location'), `/checkout/${id}`);
    const after = await page('en');
    assert.ok(after.includes('We&#39;re confirming your transfer — this usually takes a few minutes'));
    assert.ok(!after.includes('pay-fallback-expiry'), 'no countdown once claimed');
    assert.ok((await page('ar')).includes('نحن نتحقق من تحويلك'));
    const view = (await (await fetch(`${base}/pay/sessions/${id}`)).json()) as { claimed_at: string | null };
    assert.match(view.claimed_at ?? '', /^\d{4}-\d{2}-\d{2}T/);
  });
});
