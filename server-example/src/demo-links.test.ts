// The demo's links to its hosted pages and its customer's own accounts, on server-example with the
// in-process emulator: /demo-config.json gives the demo invoice's token and the demo customer's funding
// token, which open their pages on the kit; /demo/invoice and /demo/fund redirect to the pages by a
// token signed then; the demo's deposit button pays into the customer's account, which the kit records
// once, onDeposit telling the log; with a real provider and no BVN, no accounts are offered.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { FundingView } from '@pay-elements/protocol';
import { DEFAULT_API_KEY, fixtures, startSandbox } from '@pay-elements/sandbox';
import { startApp, type App } from './app.js';
import { readConfig } from './config.js';

interface Started {
  app: App;
  base: string;
  lines: string[];
}

async function start(env: Record<string, string> = {}): Promise<Started> {
  const lines: string[] = [];
  const write = (message: string) => void lines.push(message);
  const config = readConfig({ PORT: '0', PAY_SANDBOX_PORT: '0', PAY_DB: ':memory:', ...env });
  const app = await startApp(config, { logger: { debug: write, info: write, warn: write, error: write } });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening');
  return { app, base: `http://127.0.0.1:${address.port}`, lines };
}

const post = (url: string, body: unknown) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('the demo’s links and its customer’s own accounts', () => {
  let s: Started;
  before(async () => {
    s = await start();
  });
  after(() => s.app.close());

  it('gives the demo pages the invoice’s token and the customer’s funding token, each opening its view', async () => {
    const config = (await (await fetch(`${s.base}/demo-config.json`)).json()) as {
      invoice: { number: string; token: string };
      fundingToken: string;
    };
    assert.equal(config.invoice.number, 'INV-000101');
    const invoice = await fetch(`${s.base}/pay/invoices/${config.invoice.token}`);
    assert.equal(invoice.status, 200);
    assert.equal(((await invoice.json()) as { number: string }).number, 'INV-000101');
    const funding = await fetch(`${s.base}/pay/funding/${config.fundingToken}`);
    assert.equal(funding.status, 200);
    const view = FundingView.parse(await funding.json());
    assert.deepEqual(view.accounts.map((a) => a.currency).sort(), ['NGN', 'USD']);
  });

  it('redirects /demo/invoice and /demo/fund to the hosted pages by a token', async () => {
    const invoice = await fetch(`${s.base}/demo/invoice`, { redirect: 'manual' });
    assert.equal(invoice.status, 303);
    const token = /^\/invoices\/([\w.-]+)$/.exec(invoice.headers.get('location') ?? '')?.[1];
    assert.ok(token, invoice.headers.get('location') ?? 'no location');
    assert.equal((await fetch(`${s.base}/pay/invoices/${token}`)).status, 200);
    const fund = await fetch(`${s.base}/demo/fund`, { redirect: 'manual' });
    assert.equal(fund.status, 303);
    const fundToken = /^\/fund\/([\w.-]+)$/.exec(fund.headers.get('location') ?? '')?.[1];
    assert.ok(fundToken, fund.headers.get('location') ?? 'no location');
    assert.equal((await fetch(`${s.base}/pay/funding/${fundToken}`)).status, 200);
  });

  it('pays into the customer’s dollar account from the demo’s button: one deposit, credited once', async () => {
    const { fundingToken } = (await (await fetch(`${s.base}/demo-config.json`)).json()) as {
      fundingToken: string;
    };
    await fetch(`${s.base}/pay/funding/${fundingToken}`); // the accounts opened at the first visit
    const sent = await post(`${s.base}/demo-api/funding/deposit`, { currency: 'usd', amount: '150.25' });
    assert.equal(sent.status, 200, await sent.clone().text());
    const view = FundingView.parse(await (await fetch(`${s.base}/pay/funding/${fundingToken}`)).json());
    assert.deepEqual(
      view.deposits.map((d) => [d.amount, d.currency]),
      [['150.25', 'USD']],
    );
    const credited = s.lines.filter((line) => /^customer \S+ credited 150\.25 USD/.test(line));
    assert.equal(credited.length, 1, s.lines.join('\n'));
    const bad = await post(`${s.base}/demo-api/funding/deposit`, { currency: 'dollars' });
    assert.equal(bad.status, 400);
    const none = await post(`${s.base}/demo-api/funding/deposit`, { currency: 'EUR' });
    assert.equal(none.status, 404);
  });
});

describe('the demo with a real provider and no BVN for its customer', () => {
  it('offers no own accounts: no funding token, /demo/fund not found', async () => {
    const sandbox = await startSandbox({ port: 0 });
    const s = await start({
      PAY_API_KEY: DEFAULT_API_KEY,
      PAY_BASE_URL: sandbox.url,
      PAY_DEMO_CUSTOMER_ID: fixtures.customers.ada.id,
      PAY_TOKEN_SECRET: 'a-secret-of-the-merchant-at-least-32-characters',
    });
    try {
      const config = (await (await fetch(`${s.base}/demo-config.json`)).json()) as Record<string, unknown>;
      assert.equal(config['fundingToken'], undefined);
      assert.ok(config['invoice'], 'the invoice is still linked');
      assert.equal((await fetch(`${s.base}/demo/fund`, { redirect: 'manual' })).status, 404);
    } finally {
      await s.app.close();
      await sandbox.close();
    }
  });
});
