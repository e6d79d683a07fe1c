// The demo's links to its hosted pages and its customer's own accounts, on server-example with the
// in-process emulator: /demo-config.json gives the demo invoice's token and the demo customer's funding
// token, which open their pages on the kit; /demo/invoice and /demo/fund redirect to the pages by a
// token signed then; the demo's deposit button pays into the customer's account, which the kit records
// once, onDeposit telling the log; with a real provider and no BVN, no accounts are offered.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FundingView } from '@pay-elements/protocol';
import { DEFAULT_API_KEY, fixtures, startSandbox } from '@pay-elements/sandbox';
import { startApp, type App } from './app.js';
import { readConfig } from './config.js';

interface Started {
  app: App;
  base: string;
  lines: string[];
  /** the provider calls the kit made: method and path */
  calls: string[];
}

/** The built fund.html's shape: its placeholders where the demo's page has them. */
const fundTemplate = `<!doctype html><html lang="en"><head><title>__PAY_TITLE__</title>
<meta name="description" content="__PAY_DESCRIPTION__"></head><body><header>__PAY_MERCHANT__</header>
<h1>__PAY_HEADING__</h1><p>__PAY_LEAD__</p><div id="fund" lang="__PAY_LANG__">__PAY_ELEMENT__</div>
<p>__PAY_BACK__</p></body></html>`;

async function start(env: Record<string, string> = {}): Promise<Started> {
  const lines: string[] = [];
  const write = (message: string) => void lines.push(message);
  const config = readConfig({ PORT: '0', PAY_SANDBOX_PORT: '0', PAY_DB: ':memory:', ...env });
  const staticRoot = mkdtempSync(join(tmpdir(), 'pay-fund-page-'));
  writeFileSync(join(staticRoot, 'fund.html'), fundTemplate);
  const calls: string[] = [];
  const app = await startApp(config, {
    staticRoot,
    providerFetch: (input, init) => {
      calls.push(`${init?.method ?? 'GET'} ${new URL(String(input)).pathname}`);
      return fetch(input, init);
    },
    logger: { debug: write, info: write, warn: write, error: write },
  });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening');
  return { app, base: `http://127.0.0.1:${address.port}`, lines, calls };
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

describe('the hosted page of a customer’s own accounts, /fund/{token}', () => {
  let s: Started;
  let token = '';
  before(async () => {
    s = await start();
    token = ((await (await fetch(`${s.base}/demo-config.json`)).json()) as { fundingToken: string })
      .fundingToken;
  });
  after(() => s.app.close());

  it('writes the accounts and the deposits into the page, readable with no script, in the customer’s language', async () => {
    const first = await fetch(`${s.base}/fund/${token}`);
    assert.equal(first.status, 200);
    const view = FundingView.parse(await (await fetch(`${s.base}/pay/funding/${token}`)).json());
    const page = await first.text();
    for (const account of view.accounts)
      assert.ok(
        page.replace(/\s/g, '').includes(account.account_number),
        `account ${account.account_number} in the page`,
      );
    assert.match(page, /<title>Your accounts with [^<]+<\/title>/);
    assert.match(page, /<pay-funding-account endpoint="\/pay" token="[^"]+">/);
    assert.doesNotMatch(page, /__PAY_/, 'every placeholder filled');
    assert.match(page, /<div id="fund" lang="en">/);

    assert.equal(
      (await post(`${s.base}/demo-api/funding/deposit`, { currency: 'NGN', amount: '25000' })).status,
      200,
    );
    const after = await (
      await fetch(`${s.base}/fund/${token}`, { headers: { 'accept-language': 'fr-FR,fr;q=0.9' } })
    ).text();
    assert.match(after, /<div id="fund" lang="fr">/);
    assert.match(after, /25[\s\u202f\u00a0.,]?000/, 'the deposit in the page');
  });

  it('answers a tampered, a made-up or another page’s token with the not-found page, asking the provider nothing', async () => {
    const callsBefore = s.calls.length;
    const tampered = `${token.slice(0, -2)}${token.endsWith('A') ? 'B' : 'A'}x`;
    const invoiceToken = s.app.pay.invoiceToken('INV-000101');
    for (const bad of [tampered, 'cus_ada_okafor', invoiceToken]) {
      const answer = await fetch(`${s.base}/fund/${encodeURIComponent(bad)}`);
      assert.equal(answer.status, 404, bad);
      assert.match(await answer.text(), /This link has expired or is not valid/);
    }
    assert.deepEqual(s.calls.slice(callsBefore), [], 'no provider call');
  });
});

describe('the demo with a real provider (issue 40 #9)', () => {
  const provider = async (sandboxUrl: string, env: Record<string, string> = {}) =>
    start({
      PAY_API_KEY: DEFAULT_API_KEY,
      PAY_BASE_URL: sandboxUrl,
      PAY_DEMO_CUSTOMER_ID: fixtures.customers.ada.id,
      PAY_TOKEN_SECRET: 'a-secret-of-the-merchant-at-least-32-characters',
      ...env,
    });

  it('hands no visitor a funding or invoice token unless PAY_DEMO_ROUTES=1, and no cache keeps a token', async () => {
    const sandbox = await startSandbox({ port: 0 });
    const off = await provider(sandbox.url, { PAY_DEMO_CUSTOMER_BVN: '22212345678' });
    const on = await provider(sandbox.url, { PAY_DEMO_CUSTOMER_BVN: '22212345678', PAY_DEMO_ROUTES: '1' });
    try {
      // off by default: no token anywhere a visitor can ask
      const config = await fetch(`${off.base}/demo-config.json`);
      assert.equal(config.headers.get('cache-control'), 'no-store');
      const body = (await config.json()) as Record<string, unknown>;
      assert.equal(body['fundingToken'], undefined);
      assert.equal(body['invoice'], undefined);
      assert.ok(Array.isArray(body['orders']), 'the orders are still told');
      for (const path of ['/demo/fund', '/demo/invoice']) {
        const answer = await fetch(`${off.base}${path}`, { redirect: 'manual' });
        assert.equal(answer.status, 404, path);
        assert.equal(answer.headers.get('location'), null, path);
      }
      // asked for: the links work, and nothing that carries a token may be stored by a cache
      const configOn = await fetch(`${on.base}/demo-config.json`);
      assert.equal(configOn.headers.get('cache-control'), 'no-store');
      const bodyOn = (await configOn.json()) as Record<string, unknown>;
      assert.equal(typeof bodyOn['fundingToken'], 'string');
      for (const path of ['/demo/fund', '/demo/invoice']) {
        const answer = await fetch(`${on.base}${path}`, { redirect: 'manual' });
        assert.equal(answer.status, 303, path);
        assert.equal(answer.headers.get('cache-control'), 'no-store', path);
      }
    } finally {
      await off.app.close();
      await on.app.close();
      await sandbox.close();
    }
  });

  it('with PAY_DEMO_ROUTES=1 and no BVN for its customer, offers no own accounts: no funding token, /demo/fund not found', async () => {
    const sandbox = await startSandbox({ port: 0 });
    const s = await provider(sandbox.url, { PAY_DEMO_ROUTES: '1' });
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
