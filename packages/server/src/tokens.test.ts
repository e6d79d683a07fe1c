// Invoice and funding handles: what one opens, and everything that must open nothing.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Logger } from './log.js';
import { TokenSigner } from './tokens.js';

function recording(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const write = (level: string) => (message: string) => lines.push(`${level} ${message}`);
  return { lines, debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}

const SECRET = 'a shop secret of at least thirty-two characters';

describe('TokenSigner', () => {
  it('opens its subject for its purpose only, and nothing once tampered with', () => {
    const signer = new TokenSigner(SECRET, recording());
    const token = signer.sign('invoice', 'INV-000101');
    assert.match(token, /^[A-Za-z0-9_-]+\.\.[A-Za-z0-9_-]{22}$/, 'URL-safe, 128-bit signature');
    assert.equal(signer.verify('invoice', token, 0), 'INV-000101');
    assert.equal(signer.verify('funding', token, 0), null, 'an invoice token is no funding token');
    assert.equal(
      new TokenSigner(`${SECRET}!`, recording()).verify('invoice', token, 0),
      null,
      'another secret',
    );
    const [subject, , signature = ''] = token.split('.');
    for (const forged of [
      'INV-000101',
      `${Buffer.from('INV-000102').toString('base64url')}..${signature}`,
      `${subject}..${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`,
      `${subject}.zz.${signature}`,
      `${subject}..${signature}.`,
      `${subject}=..${signature}`,
      '',
      'x'.repeat(10_000),
    ])
      assert.equal(signer.verify('invoice', forged, 0), null, forged.slice(0, 40));
  });

  it('carries any printable subject, and ends at its expiry', () => {
    const signer = new TokenSigner(SECRET, recording());
    const subject = 'cus_ünïcode/with.dots-and_marks';
    const token = signer.sign('funding', subject, 90_000);
    assert.equal(signer.verify('funding', token, 89_999), subject);
    assert.equal(signer.verify('funding', token, 90_000), null, 'expired');
    const [s, , sig] = token.split('.');
    const later = (1_000_000).toString(36);
    assert.equal(
      signer.verify('funding', `${s}.${later}.${sig}`, 0),
      null,
      'an expiry pushed back is tampering',
    );
    assert.throws(() => signer.sign('invoice', ''), RangeError);
  });

  it('opens every subject it agrees to sign, up to 256 bytes of UTF-8, and signs nothing longer', () => {
    const signer = new TokenSigner(SECRET, recording());
    for (const subject of ['c'.repeat(256), 'é'.repeat(128), '€'.repeat(85), '😀'.repeat(64)]) {
      const token = signer.sign('funding', subject, 8_000_000_000_000);
      assert.equal(signer.verify('funding', token, 0), subject, `${subject.length} × ${subject[0]}`);
    }
    for (const subject of ['c'.repeat(257), 'é'.repeat(129), '€'.repeat(86)])
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
