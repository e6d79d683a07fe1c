// The hosted checkout inside a merchant's iframe (PAY_FRAME_ORIGINS): unset, no page may frame it
// (`frame-ancestors 'none'`, as every other page); set, the checkout's policy names those origins
// instead, and the page hands them to its script (#checkout's data-frame-origins), which tells the
// outcome to a parent window on those origins only (elements' webview.ts). `*`, a path or another
// scheme is refused at start, naming the variable.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { fixtures } from '@pay-elements/sandbox';
import { ConfigError, readServiceConfig } from '../config.js';
import { KEY, startTestService, type Started } from '../testing/service.js';

let orders = 0;

/** A new session's hosted checkout, as a shopper's browser gets it. */
async function checkout(s: Started): Promise<{ csp: string; xfo: string | null; html: string }> {
  const created = (await (
    await s.api('/api/sessions', {
      body: {
        order_id: `framed-${++orders}`,
        amount: '5000.00',
        currency: 'NGN',
        customer_id: fixtures.customers.ada.id,
      },
    })
  ).json()) as { url: string };
  const page = await fetch(created.url);
  assert.equal(page.status, 200);
  return {
    csp: page.headers.get('content-security-policy') ?? '',
    xfo: page.headers.get('x-frame-options'),
    html: await page.text(),
  };
}

const directive = (csp: string, name: string) =>
  csp
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `));

const problemsOf = (value: string): readonly string[] => {
  try {
    readServiceConfig({ PAY_SERVICE_KEYS: KEY, PAY_FRAME_ORIGINS: value });
    return [];
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return error.problems;
  }
};

describe('PAY_FRAME_ORIGINS', () => {
  it('takes comma-separated origins, http or https', () => {
    const config = readServiceConfig({
      PAY_SERVICE_KEYS: KEY,
      PAY_FRAME_ORIGINS: 'https://shop.example, http://127.0.0.1:8081',
    });
    assert.deepEqual(config.PAY_FRAME_ORIGINS, ['https://shop.example', 'http://127.0.0.1:8081']);
    assert.deepEqual(readServiceConfig({ PAY_SERVICE_KEYS: KEY }).PAY_FRAME_ORIGINS, []);
  });

  it('refuses *, a path, another scheme or a bare host, naming the variable', () => {
    for (const value of [
      '*',
      'https://shop.example/pay',
      'file:///tmp',
      'shop.example',
      'https://a.example,*',
    ]) {
      const [problem, ...rest] = problemsOf(value);
      assert.deepEqual(rest, [], value);
      assert.match(
        problem ?? '',
        /^PAY_FRAME_ORIGINS each must be an origin such as https:\/\/shop\.example/,
        value,
      );
    }
  });
});

describe('the hosted checkout without PAY_FRAME_ORIGINS', () => {
  let s: Started;
  before(async () => {
    s = await startTestService();
  });
  after(() => s.close());

  it('may not be framed, and its script is told no parent origin', async () => {
    const page = await checkout(s);
    assert.equal(directive(page.csp, 'frame-ancestors'), "frame-ancestors 'none'");
    assert.equal(page.xfo, 'DENY');
    assert.match(page.html, /<div id="checkout" lang="en" data-frame-origins="">/);
  });
});

describe('the hosted checkout with PAY_FRAME_ORIGINS', () => {
  let s: Started;
  let plain: Started;
  before(async () => {
    s = await startTestService({ PAY_FRAME_ORIGINS: 'https://shop.example,http://127.0.0.1:8081' });
    plain = await startTestService();
  });
  after(async () => {
    await s.close();
    await plain.close();
  });

  it('may be framed by those origins only, the rest of its policy unchanged', async () => {
    const page = await checkout(s);
    assert.equal(
      directive(page.csp, 'frame-ancestors'),
      'frame-ancestors https://shop.example http://127.0.0.1:8081',
    );
    const others = (csp: string) =>
      csp
        .split(';')
        .map((part) => part.trim())
        .filter((part) => !part.startsWith('frame-ancestors'));
    assert.deepEqual(others(page.csp), others((await checkout(plain)).csp));
    assert.match(
      page.html,
      /<div id="checkout" lang="en" data-frame-origins="https:\/\/shop\.example http:\/\/127\.0\.0\.1:8081">/,
    );
  });

  it('leaves every other page unframeable', async () => {
    const invoice = (await (
      await s.api('/api/invoice-links', { body: { invoice_number: 'INV-000101' } })
    ).json()) as { url: string };
    for (const url of [invoice.url, `${s.base}/checkout/ses_unknown`, `${s.base}/no-such-page`]) {
      const answer = await fetch(url);
      await answer.body?.cancel();
      const csp = answer.headers.get('content-security-policy') ?? '';
      assert.equal(directive(csp, 'frame-ancestors'), "frame-ancestors 'none'", url);
    }
  });
});
