// The hosted pages and the gallery as a shopper sees them, at 320, 375, 540, 768, 1280 and 1920 px in
// Chromium, Firefox and WebKit, with six- and seven-figure amounts (₦125,000.00, ₦1,250,000.00): every
// amount, account number and reference on one line, no sideways scroll, labels apart from their values,
// and a QR code drawn wherever its caption shows (geometry.ts measures it). server-example's pages (the
// demo's shells and site.css) and pay-service's (its own shells, hosted.css and its esbuild-split
// scripts). WebKit's MiniBrowser cannot make its viewport narrower than about 447 px: there the
// phones' widths are not measured, and the run says so.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PayClient } from '@pay-elements/api';
import { fixtures } from '@pay-elements/sandbox';
import { createSession, SECRET_KEY, startServer, type Server } from './harness.js';
import { engines, launch, waitForText, type EngineBrowser, type Path, type Tab } from './engines.js';
import { measure, type Seen } from './geometry.js';
import { startStack, type Stack } from './service-harness.js';
import { invoicePath } from './shopper-flows.js';
import { until } from '../support/processes.js';

const widths = [320, 375, 540, 768, 1280, 1920] as const;

interface Visit {
  name: string;
  /** the page's URL, once the world is made */
  url: () => string;
  /** what shows once the element has run */
  ready: Path;
  /** whether the page draws a QR code */
  qr: boolean;
  /** what is no shopper's to read (the gallery's event log: a developer's JSON in a scrolling box) */
  ignored?: string;
}

const urls = new Map<string, string>();
const at = (name: string) => () => {
  const url = urls.get(name);
  if (!url) throw new Error(`no page ${name}`);
  return url;
};

const checkout: Path = ['pay-dynamic-account', '[part="amount"]'];
const invoice: Path = ['pay-invoice-view', '[part="total"]'];
const fund: Path = ['pay-funding-account', '[part="accounts"]'];
const receipt: Path = ['.receipt-details'];

const visits: readonly Visit[] = [
  {
    name: 'server-example: the gallery',
    url: at('gallery'),
    ready: ['pay-invoice-view', '[part="total"]'],
    qr: false,
    ignored: '.event-log',
  },
  {
    name: 'server-example: checkout of NGN 1,250,000.00',
    url: at('se-checkout-7'),
    ready: checkout,
    qr: true,
  },
  { name: 'server-example: checkout of NGN 125,000.00', url: at('se-checkout-6'), ready: checkout, qr: true },
  { name: 'server-example: invoice of NGN 1,250,000.00', url: at('se-invoice-7'), ready: invoice, qr: true },
  { name: 'server-example: invoice of NGN 287,625.00', url: at('se-invoice-6'), ready: invoice, qr: true },
  {
    name: 'server-example: own accounts, a deposit of NGN 1,250,000.00',
    url: at('se-fund'),
    ready: fund,
    qr: true,
  },
  { name: 'server-example: receipt', url: at('se-receipt'), ready: receipt, qr: false },
  { name: 'pay-service: checkout of NGN 1,250,000.00', url: at('ps-checkout-7'), ready: checkout, qr: true },
  { name: 'pay-service: checkout of NGN 125,000.00', url: at('ps-checkout-6'), ready: checkout, qr: true },
  { name: 'pay-service: invoice of NGN 1,250,000.00', url: at('ps-invoice-7'), ready: invoice, qr: true },
  {
    name: 'pay-service: own accounts, a deposit of NGN 1,250,000.00',
    url: at('ps-fund'),
    ready: fund,
    qr: true,
  },
  { name: 'pay-service: receipt of NGN 1,250,000.00', url: at('ps-receipt'), ready: receipt, qr: false },
];

const sevenFigures = {
  email: 'buyer@example.com',
  items: [
    { name: 'Solar installation', unit_price: 1_250_000, quantity: 1, currency: 'NGN', total: 1_250_000 },
  ],
  payment_schedule: { type: 'one_time', due_date: '2030-01-31T00:00:00Z', send_date: '2030-01-01T00:00:00Z' },
};

async function receiptOf(read: () => Promise<{ status: string; receipt_url?: string }>): Promise<string> {
  return until('the receipt', 15_000, async () => {
    const view = await read();
    return view.status === 'paid' ? view.receipt_url : undefined;
  });
}

/** server-example's pages: its orders (demo-3 is NGN 125,000.00; seven-figures, 1,250,000.00). */
async function shopPages(shop: Server): Promise<void> {
  urls.set('gallery', `${shop.url}/`);
  urls.set('se-checkout-7', `${shop.url}/checkout/${(await createSession(shop.url, 'seven-figures')).id}`);
  urls.set('se-checkout-6', `${shop.url}/checkout/${(await createSession(shop.url, 'demo-3')).id}`);
  const client = new PayClient({ apiKey: SECRET_KEY, baseUrl: shop.app.sandbox?.url ?? '' });
  const big = await client.invoices.create(sevenFigures);
  urls.set('se-invoice-7', `${shop.url}${invoicePath(shop, big.invoice_number)}`);
  urls.set('se-invoice-6', `${shop.url}${invoicePath(shop, fixtures.invoices.websiteRedesign.number)}`);
  const { fundingToken } = (await (await fetch(`${shop.url}/demo-config.json`)).json()) as {
    fundingToken: string;
  };
  const funding = (await (await fetch(`${shop.url}/pay/funding/${fundingToken}`)).json()) as {
    accounts: { currency: string; account_number: string }[];
  };
  const naira = funding.accounts.find((a) => a.currency === 'NGN');
  assert.ok(naira, 'a naira account');
  await shop.control.transfer({ account_number: naira.account_number, amount: 1_250_000 });
  urls.set('se-fund', `${shop.url}/fund/${fundingToken}`);
  const paid = await createSession(shop.url, 'demo-2');
  await shop.control.transfer({ account_number: paid.account.account_number, amount: 18_500.5 });
  await shop.app.sandbox?.flushWebhooks();
  urls.set(
    'se-receipt',
    await receiptOf(async () => (await fetch(`${shop.url}/pay/sessions/${paid.id}`)).json() as never),
  );
}

/** pay-service's pages, made through its API with any amount. */
async function servicePages(stack: Stack): Promise<void> {
  const open = async (order: string, amount: string) =>
    (await (
      await stack.api('/api/sessions', {
        body: { order_id: order, amount, currency: 'NGN', customer_id: fixtures.customers.ada.id },
      })
    ).json()) as { id: string; url: string; account: { account_number: string } };
  urls.set('ps-checkout-7', (await open('geometry-7', '1250000.00')).url);
  urls.set('ps-checkout-6', (await open('geometry-6', '125000.00')).url);
  const client = new PayClient({ apiKey: SECRET_KEY, baseUrl: stack.emulatorUrl });
  const big = await client.invoices.create(sevenFigures);
  const link = (await (
    await stack.api('/api/invoice-links', { body: { invoice_number: big.invoice_number } })
  ).json()) as { url: string };
  urls.set('ps-invoice-7', link.url);
  const customer = fixtures.customers.ada.id;
  const funding = (await (
    await stack.api('/api/funding-links', { body: { customer_id: customer, id_number: '22212345678' } })
  ).json()) as { url: string; token: string };
  const view = (await (await fetch(`${stack.url}/pay/funding/${funding.token}`)).json()) as {
    accounts: { currency: string; account_number: string }[];
  };
  const naira = view.accounts.find((a) => a.currency === 'NGN');
  assert.ok(naira, 'a naira account');
  await stack.control.transfer({ account_number: naira.account_number, amount: 1_250_000 });
  urls.set('ps-fund', funding.url);
  const paid = await open('geometry-paid', '1250000.00');
  await stack.control.transfer({ account_number: paid.account.account_number, amount: 1_250_000 });
  urls.set(
    'ps-receipt',
    await receiptOf(async () => (await stack.api(`/api/sessions/${paid.id}`)).json() as never),
  );
}

/** Where a figure broke across lines, by engine and width: the run's last lines. */
const wrapped: string[] = [];
const unmeasured: string[] = [];

/** The page at `width`, measured until it has settled (fonts, the QR code's lazy chunk), or its last problems. */
async function seenAt(tab: Tab, visit: Visit): Promise<Seen> {
  let last: Seen | undefined;
  try {
    return await until('a settled page', 3000, async () => {
      last = await tab.evaluate<Seen>(measure, [visit.qr, visit.ignored ?? null]);
      return last.problems.length === 0 ? last : undefined;
    });
  } catch {
    if (!last) throw new Error('nothing measured');
    return last;
  }
}

describe('what a shopper sees, from a phone to a desktop', { timeout: 900_000 }, () => {
  let shop: Server;
  let stack: Stack;
  before(async () => {
    [shop, stack] = await Promise.all([startServer(), startStack()]);
    await Promise.all([shopPages(shop), servicePages(stack)]);
  });
  after(async () => {
    await stack?.close();
    await shop?.close();
    console.log(`amounts wrapped at: ${wrapped.length === 0 ? 'none' : wrapped.join('; ')}`);
    console.log(`not measured: ${unmeasured.join('; ') || 'none'}`);
  });

  for (const engine of engines) {
    describe(engine, () => {
      let browser: EngineBrowser;
      before(async () => {
        browser = await launch(engine);
      });
      after(async () => {
        await browser?.close();
      });

      for (const visit of visits) {
        it(`${engine}: ${visit.name}: figures on one line, labels apart, no sideways scroll, the QR drawn`, async () => {
          const tab = await browser.open();
          const problems: string[] = [];
          try {
            await tab.resize(1280, 900);
            await tab.goto(visit.url());
            await waitForText(tab, visit.ready, /\d/, 15_000);
            for (const width of widths) {
              if (!(await tab.resize(width, 900))) {
                unmeasured.push(`${engine} ${width}px ${visit.name} (no viewport of that width)`);
                continue;
              }
              const seen = await seenAt(tab, visit);
              for (const figure of seen.figures)
                if (figure.lines > 1) wrapped.push(`${engine} ${width}px ${visit.name}: "${figure.text}"`);
              problems.push(...seen.problems.map((p) => `${width}px: ${p}`));
              assert.ok(seen.figures.length > 0, `${width}px: no figures read`);
            }
          } finally {
            await tab.close();
          }
          assert.deepEqual(problems, []);
        });
      }
    });
  }
});
