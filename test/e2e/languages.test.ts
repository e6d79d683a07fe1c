// An Arabic shopper's hosted checkout at 320 px: in Chromium on server-example (the language from the
// browser's Accept-Language) and on pay-service (from ?lang=ar, the browser asking for French), with
// script and without, and in Firefox and WebKit on pay-service (WebKit at 480 px, its narrowest): the
// page is `<html lang="ar" dir="rtl">`, its heading, lead and element read and line up from the right,
// nothing is wider than the viewport (no box past either edge, no sideways scroll, every figure on
// one line: geometry.ts), and axe finds nothing. And a language ?lang= chose stays on the receipt
// link the checkout shows once paid.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { chromium, type Browser } from 'playwright-core';
import { fixtures } from '@pay-elements/sandbox';
import {
  axeViolations,
  chromiumArgs,
  chromiumPath,
  createSession,
  startServer,
  type Server,
} from './harness.js';
import { launch, waitForText } from './engines.js';
import { measure, type Seen } from './geometry.js';
import { startStack, type Stack } from './service-harness.js';
import { until } from '../support/processes.js';

const WIDTH = 320;

/** `() => Layout`: the page's direction, and where its text lines up; every box past an edge. */
const layout = `() => {
  const width = document.documentElement.clientWidth;
  const all = [];
  const walk = (root) => {
    for (const el of root.querySelectorAll('*')) {
      all.push(el);
      if (el.shadowRoot) walk(el.shadowRoot);
    }
  };
  walk(document);
  const hidden = (el) => {
    for (let n = el; n; n = n.parentElement || (n.getRootNode() && n.getRootNode().host) || null) {
      const style = getComputedStyle(n);
      if (style.display === 'none' || style.visibility === 'hidden') return true;
      // visually hidden text for screen readers (clipped to nothing) is not laid out for the eye
      if (style.clipPath === 'inset(50%)' || style.clip === 'rect(0px, 0px, 0px, 0px)') return true;
    }
    return false;
  };
  const outside = [];
  for (const el of all) {
    if (el.localName === 'style' || el.localName === 'script') continue;
    const r = el.getBoundingClientRect();
    if (r.width <= 1 || r.height <= 1 || hidden(el)) continue;
    if (r.left < -0.5 || r.right > width + 0.5)
      outside.push((el.getAttribute('part') || el.id || el.className || el.localName) + ' [' + Math.round(r.left) + ', ' + Math.round(r.right) + ']');
  }
  // where a block's text lines up: its gap to the block's start edge and to its end edge
  const gaps = (el) => {
    if (!el) return null;
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    const range = document.createRange();
    range.selectNodeContents(el);
    const text = range.getBoundingClientRect();
    return {
      left: text.left - box.left - parseFloat(style.paddingLeft),
      right: box.right - parseFloat(style.paddingRight) - text.right,
      direction: style.direction,
    };
  };
  const account = document.querySelector('pay-dynamic-account');
  const title = account && account.shadowRoot ? account.shadowRoot.querySelector('[part="title"]') : null;
  return {
    lang: document.documentElement.lang,
    dir: document.documentElement.dir,
    heading: document.querySelector('h1').textContent.trim(),
    lines: { heading: gaps(document.querySelector('h1')), lead: gaps(document.querySelector('#lead')), title: gaps(title || document.querySelector('.pay-fallback h2, .pay-fallback [class*="title"]')) },
    outside,
    scrollWidth: document.documentElement.scrollWidth,
    width,
  };
}`;

interface Line {
  left: number;
  right: number;
  direction: string;
}
interface Layout {
  lang: string;
  dir: string;
  heading: string;
  lines: Record<'heading' | 'lead' | 'title', Line | null>;
  outside: string[];
  scrollWidth: number;
  width: number;
}

/** The Arabic checkout as it should be: rtl, lined up on the right, nothing past the viewport. */
function assertRightToLeft(shown: Layout, seen: Seen, engine = 'chromium'): void {
  assert.deepEqual([shown.lang, shown.dir], ['ar', 'rtl'], engine);
  assert.equal(shown.heading, 'الدفع إلى Acme Stores', engine);
  for (const [which, line] of Object.entries(shown.lines)) {
    assert.ok(line, `${engine}: ${which} shown`);
    assert.equal(line.direction, 'rtl', `${engine}: ${which} is right to left`);
    // its text starts at the right edge; the room it leaves is on the left
    assert.ok(
      Math.abs(line.right) < 2,
      `${engine}: ${which} lines up on the right (${line.right.toFixed(1)} px off)`,
    );
    assert.ok(line.left >= line.right, `${engine}: ${which}: room left on the left, not the right`);
  }
  assert.deepEqual(
    seen.problems,
    [],
    `${engine}: figures on one line, inside the viewport, no sideways scroll`,
  );
  assert.ok(
    seen.figures.some((f) => f.text.includes('1,250,000.00')),
    `${engine}: the amount read`,
  );
  assert.deepEqual(shown.outside, [], `${engine}: no box past an edge of the ${shown.width} px viewport`);
  assert.ok(
    shown.scrollWidth <= shown.width,
    `${engine}: no sideways scroll (${shown.scrollWidth} > ${shown.width})`,
  );
}

describe('an Arabic shopper’s hosted checkout at 320 px', { timeout: 300_000 }, () => {
  let shop: Server;
  let stack: Stack;
  let browser: Browser;
  const urls = new Map<string, string>();

  before(async () => {
    [shop, stack] = await Promise.all([startServer(), startStack()]);
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
    // the seven-figure order: the widest amount a checkout shows
    urls.set('server-example', `${shop.url}/checkout/${(await createSession(shop.url, 'seven-figures')).id}`);
    const created = (await (
      await stack.api('/api/sessions', {
        body: {
          order_id: 'arabic-1',
          amount: '1250000.00',
          currency: 'NGN',
          customer_id: fixtures.customers.ada.id,
        },
      })
    ).json()) as { url: string };
    urls.set('pay-service', `${created.url}?lang=ar`);
  });
  after(async () => {
    await browser?.close();
    await stack?.close();
    await shop?.close();
  });

  it('keeps a language ?lang= chose on the receipt link the checkout shows once paid, live', async () => {
    const sites = [
      {
        name: 'server-example',
        control: shop.control,
        open: async () => {
          const created = await createSession(shop.url, 'demo-2');
          return {
            url: `${shop.url}/checkout/${created.id}`,
            account: created.account.account_number,
            amount: 18_500.5,
          };
        },
      },
      {
        name: 'pay-service',
        control: stack.control,
        open: async () => {
          const created = (await (
            await stack.api('/api/sessions', {
              body: {
                order_id: 'french-1',
                amount: '5000.00',
                currency: 'NGN',
                customer_id: fixtures.customers.ada.id,
              },
            })
          ).json()) as { url: string; account: { account_number: string } };
          return { url: created.url, account: created.account.account_number, amount: 5000 };
        },
      },
    ];
    for (const site of sites) {
      const session = await site.open();
      // the browser asks for English; the link the shopper was sent says French
      const context = await browser.newContext({ locale: 'en-GB' });
      try {
        const page = await context.newPage();
        await page.goto(`${session.url}?lang=fr`);
        await page.locator('pay-dynamic-account [part="amount"]').waitFor({ timeout: 15_000 });
        await site.control.transfer({ account_number: session.account, amount: session.amount });
        const link = page.locator('pay-dynamic-account [part="receipt-link"]');
        await link.waitFor({ timeout: 20_000 });
        await link.click();
        await page.waitForURL(/\/receipts\//);
        assert.equal(new URL(page.url()).searchParams.get('lang'), 'fr', site.name);
        assert.equal(await page.locator('html').getAttribute('lang'), 'fr', site.name);
        assert.equal(await page.locator('h1').innerText(), 'Paiement reçu', site.name);
      } finally {
        await context.close();
      }
    }
  });

  // Firefox and WebKit through engines.ts; WebKit's MiniBrowser stops at about 447 px, where it is measured
  for (const engine of ['firefox', 'webkit'] as const) {
    it(`${engine}: the Arabic checkout right to left, nothing wider than the viewport`, async (t) => {
      const other = await launch(engine);
      const tab = await other.open();
      try {
        await tab.goto(urls.get('pay-service') ?? '');
        await waitForText(tab, ['pay-dynamic-account', '[part="amount"]'], /1,250,000/, 15_000);
        if (!(await tab.resize(WIDTH, 800))) {
          assert.ok(await tab.resize(480, 800), `${engine}: a 480 px viewport`);
          t.diagnostic(`${engine}: no ${WIDTH} px viewport, measured at 480 px`);
        }
        const seen = await until('a settled page', 5000, async () => {
          const now = await tab.evaluate<Seen>(measure, [true, null]);
          return now.problems.length === 0 ? now : undefined;
        }).catch(async () => tab.evaluate<Seen>(measure, [true, null]));
        assertRightToLeft(await tab.evaluate<Layout>(layout, []), seen, engine);
      } finally {
        await tab.close();
        await other.close();
      }
    });
  }

  const cases = [
    { name: 'server-example, Accept-Language ar', site: 'server-example', locale: 'ar-EG', script: true },
    { name: 'pay-service, ?lang=ar over French', site: 'pay-service', locale: 'fr-FR', script: true },
    { name: 'server-example with script off', site: 'server-example', locale: 'ar', script: false },
    { name: 'pay-service with script off', site: 'pay-service', locale: 'fr-FR', script: false },
  ] as const;

  for (const c of cases) {
    it(`${c.name}: right to left, nothing wider than the viewport`, async () => {
      const context = await browser.newContext({
        locale: c.locale,
        viewport: { width: WIDTH, height: 800 },
        javaScriptEnabled: c.script,
      });
      try {
        const page = await context.newPage();
        assert.equal((await page.goto(urls.get(c.site) ?? ''))?.status(), 200);
        if (c.script)
          // the element has run, in Arabic, with its amount
          await page
            .locator('pay-dynamic-account [part="amount"]')
            .filter({ hasText: /1,250,000/ })
            .waitFor({ timeout: 15_000 });
        const seen = await until('a settled page', 5000, async () => {
          const now = await page.evaluate<Seen>(`(${measure})(${c.script}, null)`);
          return now.problems.length === 0 ? now : undefined;
        }).catch(async () => page.evaluate<Seen>(`(${measure})(${c.script}, null)`));
        assertRightToLeft(await page.evaluate<Layout>(`(${layout})()`), seen);
        if (c.script) assert.deepEqual(await axeViolations(page), [], 'axe');
      } finally {
        await context.close();
      }
    });
  }
});
