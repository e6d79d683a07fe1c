// Tokens in paths masked for log lines: whichever way a path appears in a line (alone, in a URL, in
// a message, quoted, in a stack), the kit's token becomes its fingerprint and nothing else changes;
// the provider's own paths and other parameters are left as they are; masking twice changes nothing.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { tokenFingerprint, tokenPathMasker } from './token-paths.js';

const TOKEN = 'eyJ2IjoxfQ.aW52b2ljZS1JTlYtMDAx.c2lnbmF0dXJl';
const mask = tokenPathMasker(['/pay/invoices/:token', '/pay/receipts/:token', '/pay/sessions/:id']);
const print = tokenFingerprint(TOKEN);

describe('tokenFingerprint', () => {
  it('names a token by 8 characters of its hash, the same each time, different for another', () => {
    assert.match(print, /^tok:[A-Za-z0-9_-]{8}$/);
    assert.equal(tokenFingerprint(TOKEN), print);
    assert.notEqual(tokenFingerprint(`${TOKEN}x`), print);
    assert.ok(!print.includes(TOKEN.slice(0, 8)));
  });
});

describe('tokenPathMasker', () => {
  it('masks the token of a path, in a URL, in a message and quoted, and keeps what follows', () => {
    assert.equal(mask(`/pay/invoices/${TOKEN}`), `/pay/invoices/${print}`);
    assert.equal(mask(`/pay/invoices/${TOKEN}/events`), `/pay/invoices/${print}/events`);
    assert.equal(mask(`/pay/receipts/${TOKEN}?lang=fr`), `/pay/receipts/${print}?lang=fr`);
    assert.equal(
      mask(`https://shop.example/pay/invoices/${TOKEN}`),
      `https://shop.example/pay/invoices/${print}`,
    );
    assert.equal(
      mask(`GET /pay/invoices/${TOKEN} answered 404 (path="/pay/receipts/${TOKEN}")`),
      `GET /pay/invoices/${print} answered 404 (path="/pay/receipts/${print}")`,
    );
    assert.equal(mask(`at handle (/pay/invoices/${TOKEN})`), `at handle (/pay/invoices/${print})`);
  });

  it("leaves other parameters, other routes and the provider's own paths as they are", () => {
    for (const line of [
      '/pay/sessions/ses_XrclolfdS7WDDdgv2',
      `/v1/invoices/${TOKEN}`,
      `https://api.provider.example/v1/pay/invoices-list/${TOKEN}`,
      `/pay/invoicesX/${TOKEN}`,
      'nothing to mask',
    ])
      assert.equal(mask(line), line);
  });

  it('changes nothing the second time', () => {
    const once = mask(`/pay/invoices/${TOKEN}/events`);
    assert.equal(mask(once), once);
  });

  it('masks nothing without a token parameter among its patterns', () => {
    const none = tokenPathMasker(['/pay/sessions/:id', '/pay/banks']);
    assert.equal(none(`/pay/sessions/${TOKEN}`), `/pay/sessions/${TOKEN}`);
  });
});
