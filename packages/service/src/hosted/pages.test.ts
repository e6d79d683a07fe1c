// The pages the server writes itself: the nonce put into a built page's script tags, the
// escaping of the values it fills in, and what a hosted page by token shows for each answer of the kit.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { FundingView } from '@pay-elements/protocol';
import { fundingViewFixture } from '@pay-elements/testing/protocol-fixtures';
import { escapeHtml, fillPlaceholders, notFoundPage, viewOrPage, withNonce } from './pages.js';

const built = `<!doctype html><html><head>
<meta property="csp-nonce" nonce="__PAY_NONCE__" />
<link rel="stylesheet" href="/site.css" />
<script type="module" crossorigin src="/assets/page-1.js"></script>
<link rel="modulepreload" crossorigin href="/assets/chunk-2.js">
<LINK REL="modulepreload" href="/assets/chunk-3.js">
</head><body><script src="/a.js" nonce="already"></script></body></html>`;

describe('withNonce', () => {
  it('gives every script and module preload the nonce, and fills the meta Vite reads', () => {
    const html = withNonce(built, 'bm9uY2U+Lw==');
    assert.ok(html.includes('<meta content="" property="csp-nonce" nonce="bm9uY2U+Lw==" />'));
    assert.ok(
      html.includes('<script nonce="bm9uY2U+Lw==" type="module" crossorigin src="/assets/page-1.js">'),
    );
    assert.ok(
      html.includes('<link nonce="bm9uY2U+Lw==" rel="modulepreload" crossorigin href="/assets/chunk-2.js">'),
    );
    assert.ok(html.includes('<link nonce="bm9uY2U+Lw==" REL="modulepreload" href="/assets/chunk-3.js">'));
    assert.ok(html.includes('<link rel="stylesheet" href="/site.css" />'), 'a stylesheet needs none');
    assert.ok(html.includes('<script src="/a.js" nonce="already">'), 'a nonce already there is kept');
    assert.equal(html.match(/nonce=/g)?.length, 5);
  });

  it('gives the csp-nonce meta an empty content, which valid HTML needs, and keeps one it has', () => {
    assert.equal(
      withNonce('<meta property="csp-nonce" nonce="__PAY_NONCE__">', 'bm9uY2U='),
      '<meta content="" property="csp-nonce" nonce="bm9uY2U=">',
    );
    const given = '<meta property="csp-nonce" nonce="__PAY_NONCE__" content="" />';
    assert.equal(withNonce(given, 'bm9uY2U='), given.replace('__PAY_NONCE__', 'bm9uY2U='));
  });

  it('refuses a nonce that is not base64, so nothing can break out of the attribute', () => {
    assert.throws(() => withNonce(built, 'x" onload="alert(1)'), /base64/);
  });
});

describe('server-written pages', () => {
  it('escapes what they fill in', () => {
    const page = notFoundPage({ title: '<b>"x"</b>', message: "it's & more" });
    assert.ok(page.includes('<title>&lt;b&gt;&quot;x&quot;&lt;/b&gt;</title>'));
    assert.ok(page.includes('it&#39;s &amp; more'));
    assert.doesNotMatch(page, /<script|style=/);
    assert.equal(
      fillPlaceholders('<title>__PAY_TITLE__</title><meta content="__PAY_DESCRIPTION__">', {
        __PAY_TITLE__: escapeHtml('A <i> __PAY_DESCRIPTION__'),
        __PAY_DESCRIPTION__: escapeHtml('"q"'),
      }),
      '<title>A &lt;i&gt; __PAY_DESCRIPTION__</title><meta content="&quot;q&quot;">',
      'filled in one pass: a title naming a placeholder stays text',
    );
  });
});

describe('a hosted page by token, from the kit’s answer', () => {
  const wording = {
    missing: { title: 'Link not valid', message: 'Ask the shop for a new one.' },
    unavailable: { title: 'Accounts unavailable', message: 'Please try again in a moment.' },
  };
  const kit = (status: number, body: unknown) =>
    new Response(typeof body === 'string' ? body : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  /** The status, title and cache rule of the page shown instead of the view. */
  async function shown(answer: Response) {
    const found = await viewOrPage(answer, FundingView, wording);
    assert.ok('page' in found, 'a page, not a view');
    const text = await found.page.text();
    return {
      status: found.page.status,
      title: /<h1>(.*)<\/h1>/.exec(text)?.[1],
      cache: found.page.headers.get('cache-control'),
    };
  }

  it('takes the view the kit answers', async () => {
    assert.deepEqual(await viewOrPage(kit(200, fundingViewFixture), FundingView, wording), {
      view: fundingViewFixture,
    });
  });

  it('shows "not valid" (404) for the kit’s 404, and "unavailable" (503) for any answer that is not the view', async () => {
    assert.deepEqual(await shown(kit(404, { error: { code: 'not_found' } })), {
      status: 404,
      title: 'Link not valid',
      cache: 'no-store',
    });
    for (const answer of [
      kit(503, { error: { code: 'provider_unavailable' } }),
      kit(200, { accounts: 'not a list' }),
      kit(200, 'not JSON {'),
    ]) {
      assert.deepEqual(await shown(answer), {
        status: 503,
        title: 'Accounts unavailable',
        cache: 'no-store',
      });
    }
  });
});
