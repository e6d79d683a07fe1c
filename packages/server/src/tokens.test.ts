// Invoice, funding and receipt handles: what one opens, what it shows to whoever reads it (nothing of
// its subject), and everything that must open nothing.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Logger } from './log.js';
import { TokenSigner } from './tokens.js';
import { tokenFingerprint, tokenPathMasker } from './http/token-paths.js';

function recording(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const write = (level: string) => (message: string) => lines.push(`${level} ${message}`);
  return { lines, debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}

const SECRET = 'a shop secret of at least thirty-two characters';
const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * Where `subject` can be read in `token`: as it is, in base64url or base64 at any of the three byte
 * alignments (the longest run of whole characters), in hex, or among the token's decoded bytes.
 */
function readings(token: string, subject: string): string[] {
  const bytes = Buffer.from(subject, 'utf8');
  const found: string[] = [];
  if (token.includes(subject)) found.push('as it is');
  for (let skip = 0; skip < 3; skip++) {
    const aligned = bytes.subarray(skip, skip + Math.floor((bytes.length - skip) / 3) * 3);
    if (aligned.length < 3) continue;
    if (token.includes(aligned.toString('base64url'))) found.push(`base64url from byte ${skip}`);
    if (token.includes(aligned.toString('base64'))) found.push(`base64 from byte ${skip}`);
  }
  if (token.toLowerCase().includes(bytes.toString('hex'))) found.push('hex');
  for (const part of token.split(/[^A-Za-z0-9_-]+/))
    if (Buffer.from(part, 'base64url').includes(bytes)) found.push('decoded bytes');
  return found;
}

describe('TokenSigner', () => {
  it('shows nothing of its subject: no customer id or invoice number readable, in any script', () => {
    const signer = new TokenSigner(SECRET, recording());
    for (const subject of [
      'INV-000101',
      'cus_9f8e7d6c5b4a3f2e1d0c',
      'customer-42@shop.example',
      'клиент-сорок-два',
      '顧客番号四十二',
      'عميل-٤٢',
      '😀 customer',
    ]) {
      for (const [purpose, expiresAt] of [
        ['invoice', undefined],
        ['funding', 8_000_000_000_000],
      ] as const) {
        const token = signer.sign(purpose, subject, expiresAt);
        assert.deepEqual(readings(token, subject), [], `${subject} in ${token}`);
        assert.equal(signer.verify(purpose, token, 0), subject);
      }
    }
  });

  it('opens its subject for its purpose only, with its secret only', () => {
    const signer = new TokenSigner(SECRET, recording());
    const token = signer.sign('invoice', 'INV-000101');
    assert.match(token, /^[A-Za-z0-9_-]{43}$/, 'URL-safe, one piece');
    assert.equal(signer.verify('invoice', token, 0), 'INV-000101');
    assert.equal(signer.verify('funding', token, 0), null, 'an invoice token is no funding token');
    assert.equal(signer.verify('receipt', token, 0), null, 'nor a receipt token');
    assert.equal(
      new TokenSigner(`${SECRET}!`, recording()).verify('invoice', token, 0),
      null,
      'another secret',
    );
    assert.equal(signer.sign('invoice', 'INV-000101'), token, 'the same handle each time it is made');
    assert.notEqual(signer.sign('receipt', 'INV-000101'), token, 'another purpose, another handle');
    assert.notEqual(signer.sign('invoice', 'INV-000102'), token);
  });

  it('takes any flow’s purpose name, and refuses one that is not a plain name', () => {
    const signer = new TokenSigner(SECRET, recording());
    const token = signer.sign('store-credit_2', 'cus_1');
    assert.equal(signer.verify('store-credit_2', token, 0), 'cus_1');
    assert.equal(signer.verify('store-credit', token, 0), null);
    for (const purpose of ['', 'Invoice', 'in voice', 'invoice\ntoken', '2fa', 'x'.repeat(33)]) {
      assert.throws(() => signer.sign(purpose, 'INV-1'), RangeError, JSON.stringify(purpose));
      assert.throws(() => signer.verify(purpose, token, 0), RangeError, JSON.stringify(purpose));
    }
  });

  it('opens nothing once tampered with anywhere: any character, any bit, cut or lengthened', () => {
    const signer = new TokenSigner(SECRET, recording());
    for (const [purpose, subject, expiresAt] of [
      ['invoice', 'INV-000101', undefined],
      ['funding', 'cus_ünïcode/with.dots-and_marks', 8_000_000_000_000],
    ] as const) {
      const token = signer.sign(purpose, subject, expiresAt);
      assert.equal(signer.verify(purpose, token, 0), subject);
      const forged = new Set<string>();
      // every other character at every place, the non-canonical spellings of the last one included
      for (let i = 0; i < token.length; i++)
        for (const c of `${BASE64URL}.=`)
          if (c !== token[i]) forged.add(`${token.slice(0, i)}${c}${token.slice(i + 1)}`);
      // every bit of what the token carries
      const bytes = Buffer.from(token, 'base64url');
      for (let bit = 0; bit < bytes.length * 8; bit++) {
        const flipped = Buffer.from(bytes);
        flipped[bit >> 3]! ^= 0x80 >> (bit & 7);
        forged.add(flipped.toString('base64url'));
      }
      for (let n = 1; n < token.length; n++) forged.add(token.slice(0, n));
      for (const more of ['A', 'AAAA', '=', '.', 'A'.repeat(22), token]) forged.add(`${token}${more}`);
      forged.add(token.slice(1));
      forged.add(`${token.slice(0, 22)}${token.slice(43)}`);
      forged.add(subject);
      forged.add(Buffer.from(subject).toString('base64url'));
      forged.add('');
      forged.add('x'.repeat(10_000));
      forged.delete(token);
      for (const guess of forged) assert.equal(signer.verify(purpose, guess, 0), null, guess.slice(0, 60));
    }
  });

  it('ends at its expiry, and a later expiry cannot be put in', () => {
    const signer = new TokenSigner(SECRET, recording());
    const subject = 'cus_ünïcode/with.dots-and_marks';
    const token = signer.sign('funding', subject, 90_000);
    assert.equal(signer.verify('funding', token, 89_999), subject);
    assert.equal(signer.verify('funding', token, 90_000), null, 'expired');
    assert.equal(signer.verify('funding', signer.sign('funding', subject, 0), 0), null, 'expired at once');
    assert.notEqual(signer.sign('funding', subject, 91_000), token, 'the expiry is sealed in');
    const never = signer.sign('funding', subject);
    assert.equal(signer.verify('funding', never, 8_000_000_000_000), subject, 'no expiry: never');
    assert.throws(() => signer.sign('funding', subject, Number.NaN), RangeError);
    assert.throws(() => signer.sign('invoice', ''), RangeError);
  });

  it('opens every subject it agrees to sign, up to 256 bytes of UTF-8, in at most 384 characters', () => {
    const signer = new TokenSigner(SECRET, recording());
    for (const subject of ['c', 'c'.repeat(256), 'é'.repeat(128), '€'.repeat(85), '😀'.repeat(64)]) {
      const token = signer.sign('funding', subject, 8_000_000_000_000);
      assert.ok(token.length <= 384, `${token.length} characters`);
      assert.equal(signer.verify('funding', token, 0), subject, `${subject.length} × ${subject[0]}`);
    }
    for (const subject of ['c'.repeat(257), 'é'.repeat(129), '€'.repeat(86), 'lone \ud800 surrogate'])
      assert.throws(() => signer.sign('funding', subject), RangeError);
  });

  it('works without a secret for one process only, and says so once', () => {
    const logger = recording();
    const signer = new TokenSigner(undefined, logger);
    const token = signer.sign('invoice', 'INV-1');
    signer.sign('invoice', 'INV-2');
    assert.equal(signer.verify('invoice', token, 0), 'INV-1');
    assert.equal(
      new TokenSigner(undefined, recording()).verify('invoice', token, 0),
      null,
      'another process',
    );
    assert.equal(
      logger.lines.filter((l) => l.startsWith('warn tokens are signed with a random secret')).length,
      1,
    );
  });
});

describe('tokenPathMasker', () => {
  const mask = tokenPathMasker(['/pay/invoices/:token', '/pay/sessions/:id', '/fund/:token']);
  const token = new TokenSigner(SECRET, recording()).sign('funding', 'cus_1');
  const tok = tokenFingerprint(token);

  it('writes the token of a path by token as its fingerprint, wherever the path is in the text', () => {
    assert.match(tok, /^tok:[A-Za-z0-9_-]{8}$/);
    assert.equal(tokenFingerprint(token), tok, 'the same token, the same fingerprint');
    for (const [text, masked] of [
      [`/pay/invoices/${token}`, `/pay/invoices/${tok}`],
      [`/pay/invoices/${token}/events?x=1`, `/pay/invoices/${tok}/events?x=1`],
      [`path=/fund/${token} status=503`, `path=/fund/${tok} status=503`],
      [`"http://shop.example:3000/fund/${token}#top"`, `"http://shop.example:3000/fund/${tok}#top"`],
      [`at (/fund/${token}), [/fund/${token}]`, `at (/fund/${tok}), [/fund/${tok}]`],
    ] as const)
      assert.equal(mask(text), masked);
  });

  it('leaves alone other parameters, other paths, the provider’s own, and a fingerprint', () => {
    for (const text of [
      '/pay/sessions/ses_123',
      'GET /v1/invoices/view/INV-000101',
      '/pay/invoicesx/abc',
      '/fund/',
      `/pay/invoices/${tok}`,
    ])
      assert.equal(mask(text), text);
  });
});
