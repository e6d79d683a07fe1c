import { expect } from '../test/testing.js';
import { invoiceViewFixture, linkViewFixture } from '@pay-elements/testing/protocol-fixtures';
import { fetchInvoice, fetchLink } from './backend.js';

const invoice = invoiceViewFixture;
const link = linkViewFixture;

const json = (status: number, body: unknown, headers: Record<string, string> = {}): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

function fakeFetch(respond: () => Response, seen: { url: string; headers: Headers }[] = []): typeof fetch {
  return (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    seen.push({ url, headers: new Headers(init?.headers) });
    return Promise.resolve(respond());
  };
}

describe('invoice and link reads', () => {
  it('parses an invoice view from the encoded route, with its ETag and If-None-Match', async () => {
    const seen: { url: string; headers: Headers }[] = [];
    const answer = await fetchInvoice('/pay/', 'INV/1', {
      etag: '"a"',
      fetch: fakeFetch(() => json(200, invoice, { ETag: '"b"' }), seen),
    });
    expect(answer).to.deep.equal({ kind: 'view', view: invoice, etag: '"b"' });
    expect(seen[0]?.url).to.equal('/pay/invoices/INV%2F1');
    expect(seen[0]?.headers.get('If-None-Match')).to.equal('"a"');
  });

  it('answers not-modified on 304 and reads the protocol error body', async () => {
    const same = await fetchInvoice('/pay', 'INV-1', {
      fetch: fakeFetch(() => new Response(null, { status: 304 })),
    });
    expect(same.kind).to.equal('not-modified');
    const missing = await fetchInvoice('/pay', 'INV-9', {
      fetch: fakeFetch(() => json(404, { error: { code: 'not_found', message: 'No such invoice.' } })),
    });
    expect(missing).to.deep.equal({
      kind: 'error',
      error: { code: 'not_found', message: 'No such invoice.', status: 404 },
    });
  });

  it('refuses an answer that is not an invoice view (an amount as a number)', async () => {
    const answer = await fetchInvoice('/pay', 'INV-1', {
      fetch: fakeFetch(() => json(200, { ...invoice, total: 5 })),
    });
    expect(answer.kind === 'error' && answer.error).to.deep.equal({
      code: 'invalid_response',
      message: 'the answer is not an invoice view',
      status: 200,
    });
  });

  it('derives a code from a bare status, and tells a network failure from an abort', async () => {
    const down = await fetchLink('/pay', 'x', {
      fetch: fakeFetch(() => new Response('bad gateway', { status: 503 })),
    });
    expect(down.kind === 'error' && down.error.code).to.equal('upstream_unavailable');
    const offline = await fetchLink('/pay', 'x', {
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    expect(offline).to.deep.equal({
      kind: 'error',
      error: { code: 'network_error', message: 'Failed to fetch', status: null },
    });
    const aborted = await fetchLink('/pay', 'x', {
      fetch: () => Promise.reject(new DOMException('stop', 'AbortError')),
    });
    expect(aborted.kind).to.equal('aborted');
  });

  it('parses a link view from its route', async () => {
    const seen: { url: string; headers: Headers }[] = [];
    const answer = await fetchLink('/pay', 'lnk_pro_monthly', {
      fetch: fakeFetch(() => json(200, link), seen),
    });
    expect(answer).to.deep.equal({ kind: 'view', view: link, etag: null });
    expect(seen[0]?.url).to.equal('/pay/links/lnk_pro_monthly');
  });
});
