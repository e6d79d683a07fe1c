// The security headers of every kind of answer server-example gives, read over real HTTP: the pages
// (/, /checkout/{id}, /invoices/{token}, the locked-down pages), the 404 pages, the assets, the kit's /pay
// answers (success, error, and the adapter's own 413). HSTS is sent only behind HTTPS: when PUBLIC_URL
// is https, or when TRUST_PROXY=1 and the nearest proxy says `X-Forwarded-Proto: https`.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApp, type App } from './app.js';
import { readConfig } from './config.js';
import {
  contentSecurityPolicy,
  contentSecurityPolicyWith,
  forwardedHttps,
  lockedDownPolicy,
  logoSources,
} from '@pay-elements/service/operations';

/** A stand-in for demo/dist: the pages the app serves, and one asset. */
function staticRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'pay-headers-'));
  const page = (title: string, extra = '') =>
    `<!doctype html><html lang="en"><head><title>${title}</title>${extra}<script type="module" src="/assets/app-1a2b3c.js"></script></head><body></body></html>`;
  writeFileSync(join(root, 'index.html'), page('demo'));
  writeFileSync(join(root, 'checkout.html'), page('checkout'));
  writeFileSync(join(root, 'invoice.html'), page('__PAY_TITLE__'));
  writeFileSync(join(root, 'fund.html'), page('__PAY_TITLE__'));
  writeFileSync(
    join(root, 'locked-down.html'),
    page(
      'locked',
      '<meta property="csp-nonce" nonce="__PAY_NONCE__"><link rel="modulepreload" href="/assets/chunk.js">',
    ),
  );
  writeFileSync(join(root, 'site.css'), 'body{}');
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'assets/app-1a2b3c.js'), 'export {};');
  return root;
}

interface Started {
  app: App;
  /** where the server really listens (PUBLIC_URL may name another origin) */
  base: string;
}

async function start(env: Record<string, string>, root: string): Promise<Started> {
  const config = readConfig({ PORT: '0', PAY_SANDBOX_PORT: '0', PAY_DB: ':memory:', ...env });
  const app = await startApp(config, { staticRoot: root, logger: silent });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening');
  return { app, base: `http://127.0.0.1:${address.port}` };
}

const silent = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

/** Every kind of answer, by name, with the request that gets it. */
async function everyKind({ app, base }: Started): Promise<Array<{ kind: string; response: Response }>> {
  const invoice = app.pay.invoiceToken('INV-000101');
  const customer = app.pay.fundingToken('cus_ada_okafor');
  const created = await fetch(`${base}/pay/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ order_id: 'demo-1' }),
  });
  assert.equal(created.status, 201);
  const { id } = (await created.json()) as { id: string };
  const get = (path: string, init?: RequestInit) => fetch(`${base}${path}`, init);
  const kinds: Array<[string, Promise<Response>, number]> = [
    ['demo page /', get('/'), 200],
    ['checkout page', get(`/checkout/${id}`), 200],
    ['invoice page', get(`/invoices/${invoice}`), 200],
    ['funding page', get(`/fund/${customer}`), 200],
    ['404 funding page', get('/fund/cus_ada_okafor'), 404],
    ['locked-down checkout', get(`/locked-down/checkout/${id}`), 200],
    ['locked-down gallery', get('/locked-down/gallery'), 200],
    ['404 page', get('/no/such/page'), 404],
    ['404 checkout', get('/checkout/ses_nope'), 404],
    ['404 invoice', get('/invoices/INV-000101'), 404], // the number alone opens nothing
    ['asset', get('/assets/app-1a2b3c.js'), 200],
    ['stylesheet', get('/site.css'), 200],
    ['HEAD of a page', get('/', { method: 'HEAD' }), 200],
    ['405 on a page', get('/', { method: 'DELETE' }), 405],
    ['/pay session', get(`/pay/sessions/${id}`), 200],
    ['/pay 404', get('/pay/sessions/ses_nope'), 404],
    ['/pay invoice', get(`/pay/invoices/${invoice}`), 200],
    ['/pay banks', get('/pay/banks/NG'), 200],
    [
      '/pay 400',
      get('/pay/sessions', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      }),
      400,
    ],
    [
      '/pay 413 from the adapter',
      get('/pay/webhooks', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': String(1024 * 1024) },
        body: 'x'.repeat(1024 * 1024),
      }),
      413,
    ],
  ];
  const out = [];
  for (const [kind, pending, status] of kinds) {
    const response = await pending;
    await response.arrayBuffer();
    assert.equal(response.status, status, `${kind} answers ${status}`);
    out.push({ kind, response });
  }
  return out;
}

function assertBaseHeaders(kind: string, response: Response): void {
  const csp = response.headers.get('content-security-policy') ?? '';
  assert.match(csp, /(^|; )frame-ancestors 'none'(;|$)/, `${kind}: frame-ancestors`);
  assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/, `${kind}: no unsafe source`);
  assert.match(csp, /(^|; )object-src 'none'(;|$)/, `${kind}: object-src`);
  assert.equal(response.headers.get('x-content-type-options'), 'nosniff', `${kind}: nosniff`);
  assert.equal(response.headers.get('referrer-policy'), 'no-referrer', `${kind}: referrer policy`);
  assert.equal(response.headers.get('x-frame-options'), 'DENY', `${kind}: x-frame-options`);
}

describe('security headers on every kind of answer', () => {
  const root = staticRoot();
  after(() => rmSync(root, { recursive: true, force: true }));

  describe('over plain HTTP, no proxy trusted', () => {
    let s: Started;
    before(async () => {
      s = await start({}, root);
    });
    after(async () => {
      await s?.app.close();
    });

    it('sends CSP, frame-ancestors, nosniff and Referrer-Policy everywhere, and no HSTS', async () => {
      const answers = await everyKind(s);
      assert.equal(answers.length, 20);
      for (const { kind, response } of answers) {
        assertBaseHeaders(kind, response);
        assert.equal(response.headers.get('strict-transport-security'), null, `${kind}: no HSTS on http`);
      }
    });

    it('sends the locked-down pages a nonce CSP with Trusted Types and cross-origin isolation', async () => {
      const response = await fetch(`${s.base}/locked-down/gallery`);
      const csp = response.headers.get('content-security-policy') ?? '';
      const nonce = /script-src 'nonce-([^']+)' 'strict-dynamic'/.exec(csp)?.[1];
      assert.ok(nonce);
      assert.match(csp, /require-trusted-types-for 'script'; trusted-types lit-html$/);
      assert.match(csp, /(^|; )style-src 'self'(;|$)/);
      assert.equal(response.headers.get('cross-origin-opener-policy'), 'same-origin');
      assert.equal(response.headers.get('cross-origin-embedder-policy'), 'require-corp');
      assert.equal(response.headers.get('cache-control'), 'no-store', 'a nonce is never cached');
      const html = await response.text();
      assert.ok(html.includes(`<script nonce="${nonce}" type="module"`));
      assert.ok(html.includes(`<link nonce="${nonce}" rel="modulepreload"`));
      assert.ok(html.includes(`<meta content="" property="csp-nonce" nonce="${nonce}">`));
      // valid HTML (the Nu Html Checker): a meta naming a name or property carries content
      for (const [meta] of html.matchAll(/<meta\b[^>]*>/g)) assert.match(meta, /\b(charset|content)=/, meta);
      // the ordinary pages keep the plain policy
      const plain = await fetch(`${s.base}/`);
      assert.doesNotMatch(plain.headers.get('content-security-policy') ?? '', /nonce|trusted-types/);
      assert.equal(plain.headers.get('cross-origin-embedder-policy'), null);
    });

    it('does not believe X-Forwarded-Proto unless told to', async () => {
      const response = await fetch(`${s.base}/`, { headers: { 'x-forwarded-proto': 'https' } });
      assert.equal(response.headers.get('strict-transport-security'), null);
    });
  });

  describe('with PAY_FRAME_ORIGINS', () => {
    let s: Started;
    before(async () => {
      s = await start({ PAY_FRAME_ORIGINS: 'https://shop.example,https://app.shop.example' }, root);
    });
    after(async () => {
      await s?.app.close();
    });

    it('lets those origins frame the hosted checkout, and no other page', async () => {
      for (const { kind, response } of await everyKind(s)) {
        if (kind !== 'checkout page') {
          assertBaseHeaders(kind, response);
          continue;
        }
        const csp = response.headers.get('content-security-policy') ?? '';
        assert.match(csp, /(^|; )frame-ancestors https:\/\/shop\.example https:\/\/app\.shop\.example(;|$)/);
        assert.equal(
          csp.replace(/frame-ancestors [^;]*/, "frame-ancestors 'none'"),
          contentSecurityPolicy,
          'the rest of the policy as on every page',
        );
      }
    });
  });

  describe('with an https PUBLIC_URL', () => {
    let s: Started;
    before(async () => {
      s = await start({ PUBLIC_URL: 'https://shop.example', PAY_DEMO_PUBLIC: '1' }, root);
    });
    after(async () => {
      await s?.app.close();
    });

    it('sends HSTS on every answer as well', async () => {
      for (const { kind, response } of await everyKind(s)) {
        assertBaseHeaders(kind, response);
        assert.equal(
          response.headers.get('strict-transport-security'),
          'max-age=63072000; includeSubDomains',
          `${kind}: HSTS`,
        );
      }
    });
  });

  describe('behind a trusted proxy (TRUST_PROXY=1)', () => {
    let s: Started;
    before(async () => {
      s = await start({ TRUST_PROXY: '1', PAY_DEMO_PUBLIC: '1' }, root);
    });
    after(async () => {
      await s?.app.close();
    });

    it('sends HSTS when the nearest proxy says https (pages, assets, /pay), and not otherwise', async () => {
      const hsts = async (proto?: string) => {
        const response = await fetch(`${s.base}/`, {
          headers: proto === undefined ? {} : { 'x-forwarded-proto': proto },
        });
        return response.headers.get('strict-transport-security');
      };
      assert.match((await hsts('https')) ?? '', /^max-age=63072000/);
      assert.match((await hsts('http, https')) ?? '', /^max-age=/, 'the last proxy said https');
      assert.equal(await hsts('https, http'), null, 'a client-sent https before the proxy’s http');
      assert.equal(await hsts('http'), null);
      assert.equal(await hsts(), null);
      const asset = await fetch(`${s.base}/assets/app-1a2b3c.js`, {
        headers: { 'x-forwarded-proto': 'https' },
      });
      assert.match(asset.headers.get('strict-transport-security') ?? '', /^max-age=/);
      const api = await fetch(`${s.base}/pay/sessions/nope`, { headers: { 'x-forwarded-proto': 'https' } });
      assert.match(api.headers.get('strict-transport-security') ?? '', /^max-age=/);
    });
  });
});

describe('forwardedHttps', () => {
  it('reads the value the nearest proxy set', () => {
    assert.equal(forwardedHttps('https'), true);
    assert.equal(forwardedHttps('HTTPS '), true);
    assert.equal(forwardedHttps('http,https'), true);
    assert.equal(forwardedHttps(['http', 'https']), true);
    assert.equal(forwardedHttps('https, http'), false);
    assert.equal(forwardedHttps(''), false);
    assert.equal(forwardedHttps(undefined), false);
  });
});

describe('TRUST_PROXY', () => {
  it('is off by default and refuses a value it cannot read, naming the variable', () => {
    const base = { PORT: '0', PAY_DEMO_PUBLIC: '1' }; // the emulator behind a proxy, on purpose
    assert.equal(readConfig(base).TRUST_PROXY, false);
    assert.equal(readConfig({ ...base, TRUST_PROXY: '1' }).TRUST_PROXY, true);
    assert.equal(readConfig({ ...base, TRUST_PROXY: 'false' }).TRUST_PROXY, false);
    assert.throws(() => readConfig({ ...base, TRUST_PROXY: 'yes' }), /TRUST_PROXY must be 1 or 0/);
  });
});

describe("a merchant's logo on another site", () => {
  it('is allowed by the hosted and the locked-down policies, and only when it is on another https site', () => {
    assert.deepEqual(logoSources('https://cdn.merchant.example/logo.png', 'http://127.0.0.1:3000'), [
      'https://cdn.merchant.example',
    ]);
    assert.deepEqual(logoSources('http://127.0.0.1:3000/logo.svg', 'http://127.0.0.1:3000'), []);
    assert.deepEqual(logoSources('http://cdn.example/logo.png', 'http://127.0.0.1:3000'), []);
    assert.deepEqual(logoSources('javascript:alert(1)', 'http://127.0.0.1:3000'), []);
    assert.deepEqual(logoSources(undefined, 'http://127.0.0.1:3000'), []);
    assert.match(
      contentSecurityPolicyWith(['https://cdn.merchant.example']),
      /img-src 'self' data: https:\/\/cdn\.merchant\.example;/,
    );
    assert.equal(contentSecurityPolicyWith([]), contentSecurityPolicy);
    assert.match(
      lockedDownPolicy('bm9uY2U=', ['https://cdn.merchant.example']),
      /img-src 'self' data: https:\/\/cdn\.merchant\.example;/,
    );
  });
});
