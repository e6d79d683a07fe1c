import { expect } from '../test/testing.js';
import { safeHttpUrl } from './safe-url.js';

describe('safeHttpUrl', () => {
  it('keeps absolute http and https URLs', () => {
    expect(safeHttpUrl('https://pay.sandbox.local/l/pro-monthly')).to.equal(
      'https://pay.sandbox.local/l/pro-monthly',
    );
    expect(safeHttpUrl('http://127.0.0.1:3000/invoices/INV-1')).to.equal(
      'http://127.0.0.1:3000/invoices/INV-1',
    );
  });

  it('refuses script, data and relative URLs', () => {
    for (const bad of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'data:text/html,<b>x</b>',
      '/l/x',
      '',
    ]) {
      expect(safeHttpUrl(bad), bad).to.equal(null);
    }
  });

  it('resolves a relative URL against the base it is given, and still refuses a script URL', () => {
    expect(safeHttpUrl('/receipts/abc', 'https://shop.example/checkout/1')).to.equal(
      'https://shop.example/receipts/abc',
    );
    expect(safeHttpUrl('javascript:alert(1)', 'https://shop.example/')).to.equal(null);
  });
});
