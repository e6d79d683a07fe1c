import { expect } from '../test/testing.js';
import type { SessionView } from '@pay-elements/protocol';
import { codeForStatus, endpointUrl, fetchSession, renewSession } from './backend.js';

const view: SessionView = {
  id: 'ses_1',
  status: 'pending',
  amount: '5000.00',
  currency: 'NGN',
  account: { account_name: 'Shop - Ada', account_number: '9912345678', bank_name: 'Wema Bank' },
  reference: 'ref_1',
  created_at: '2025-01-01T09:00:00Z',
  expires_at: '2025-01-01T09:30:00Z',
  paid_at: null,
  server_time: '2025-01-01T09:00:05Z',
};

interface Seen {
  url: string;
  method: string;
  headers: Headers;
}

function fakeFetch(respond: () => Response, seen: Seen[] = []): typeof fetch {
  return (input, init) => {
    seen.push({
      url: typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
    });
    return Promise.resolve(respond());
  };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

describe('backend fetch wrapper', () => {
  it('joins the endpoint and the protocol route, encoding the id', () => {
    expect(endpointUrl('/pay/', '/sessions/a%2Fb')).to.equal('/pay/sessions/a%2Fb');
    expect(endpointUrl('https://shop.example/pay', '/sessions/x')).to.equal(
      'https://shop.example/pay/sessions/x',
    );
  });

  it('parses a session view and keeps its ETag; sends If-None-Match when it has one', async () => {
    const seen: Seen[] = [];
    const answer = await fetchSession('/pay', 'ses/1', {
      etag: '"v1"',
      fetch: fakeFetch(() => json(200, view, { ETag: '"v2"' }), seen),
    });
    expect(answer).to.deep.equal({ kind: 'view', view, etag: '"v2"' });
    expect(seen[0]?.url).to.equal('/pay/sessions/ses%2F1');
    expect(seen[0]?.headers.get('If-None-Match')).to.equal('"v1"');
  });

  it('answers not-modified on 304', async () => {
    const answer = await fetchSession('/pay', 'ses_1', {
      etag: '"v1"',
      fetch: fakeFetch(() => new Response(null, { status: 304 })),
    });
    expect(answer.kind).to.equal('not-modified');
  });

  it('reads the protocol error body', async () => {
    const answer = await fetchSession('/pay', 'nope', {
      fetch: fakeFetch(() => json(404, { error: { code: 'not_found', message: 'session not found' } })),
    });
    expect(answer).to.deep.equal({
      kind: 'error',
      error: { code: 'not_found', message: 'session not found', status: 404 },
    });
  });

  it('derives a code from the status when the error body is not the protocol’s', async () => {
    const answer = await fetchSession('/pay', 'x', {
      fetch: fakeFetch(() => new Response('<h1>Bad gateway</h1>', { status: 503 })),
    });
    expect(answer).to.deep.equal({
      kind: 'error',
      error: { code: 'upstream_unavailable', message: 'HTTP 503', status: 503 },
    });
    expect(codeForStatus(502)).to.equal('internal');
    expect(codeForStatus(418)).to.equal('invalid_request');
  });

  it('refuses an answer that is not a session view', async () => {
    const answer = await fetchSession('/pay', 'x', {
      fetch: fakeFetch(() => json(200, { ...view, amount: 5000 })),
    });
    expect(answer.kind === 'error' && answer.error.code).to.equal('invalid_response');
  });

  it('reports a network failure and an abort apart', async () => {
    const failing: typeof fetch = () => Promise.reject(new TypeError('Failed to fetch'));
    const failed = await fetchSession('/pay', 'x', { fetch: failing });
    expect(failed).to.deep.equal({
      kind: 'error',
      error: { code: 'network_error', message: 'Failed to fetch', status: null },
    });
    const aborting: typeof fetch = () => Promise.reject(new DOMException('stop', 'AbortError'));
    expect((await fetchSession('/pay', 'x', { fetch: aborting })).kind).to.equal('aborted');
  });

  it('posts a renewal as JSON', async () => {
    const seen: Seen[] = [];
    const answer = await renewSession('/pay', 'ses_1', { fetch: fakeFetch(() => json(201, view), seen) });
    expect(answer.kind).to.equal('view');
    expect(seen[0]).to.include({ url: '/pay/sessions/ses_1/renew', method: 'POST' });
    expect(seen[0]?.headers.get('Content-Type')).to.equal('application/json');
  });
});
