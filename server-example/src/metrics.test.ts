// The kit's Prometheus metrics as server-example serves them on their own loopback listener: they
// move as sessions are created, paid and expire, as webhooks arrive (accepted, duplicate, refused),
// as streams open and close, and as the provider is asked; the process defaults are there; the
// public port does not serve them.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_API_KEY } from '@pay-elements/sandbox';
import { startApp, type App } from './app.js';
import { readConfig } from './config.js';

const silent = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

describe('server-example metrics', () => {
  let app: App;
  let base = '';
  before(async () => {
    app = await startApp(
      readConfig({ PORT: '0', PAY_SANDBOX_PORT: '0', PAY_DB: ':memory:', PAY_METRICS_PORT: '0' }),
      { logger: silent },
    );
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('not listening');
    base = `http://127.0.0.1:${address.port}`;
  });
  after(() => app.close());

  /** The value of one series (`name{labels}` exactly as exposed, labels in declaration order), 0 when absent. */
  async function value(series: string): Promise<number> {
    const text = await (await fetch(app.metricsUrl ?? '')).text();
    const line = text.split('\n').find((l) => l.startsWith(`${series} `));
    return line ? Number(line.slice(series.length + 1)) : 0;
  }

  async function post(path: string, body: unknown): Promise<Response> {
    return fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  }

  it('serves the process defaults on its own loopback listener, not on the public port', async () => {
    assert.match(app.metricsUrl ?? '', /^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    const response = await fetch(app.metricsUrl ?? '');
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^text\/plain/);
    const text = await response.text();
    assert.match(text, /^process_cpu_user_seconds_total /m);
    assert.match(text, /^pay_breaker_open 0$/m);
    assert.equal((await fetch(`${base}/metrics`)).status, 404);
  });

  it('counts sessions created, paid and expired, webhooks, onPaid, streams and provider requests', async () => {
    const created = await post('/pay/sessions', { order_id: 'demo-1' });
    assert.equal(created.status, 201);
    const { id } = (await created.json()) as { id: string };
    assert.equal(await value('pay_flow_events_total{flow="sessions",event="created"}'), 1);
    assert.ok(
      (await value(
        'pay_provider_requests_total{operation="POST /v1/virtual-accounts/dynamic",outcome="ok"}',
      )) >= 1,
    );

    const stream = await fetch(`${base}/pay/sessions/${id}/events`);
    assert.equal(stream.status, 200);
    assert.equal(await value('pay_streams_open'), 1);

    assert.equal((await post(`/demo-api/sessions/${id}/transfer`, {})).status, 200);
    assert.equal(await value('pay_flow_events_total{flow="sessions",event="paid"}'), 1);
    assert.equal(await value('pay_webhooks_total{outcome="accepted"}'), 1);
    assert.equal(
      await value('pay_delivery_duration_seconds_count{topic="sessions.paid",outcome="delivered"}'),
      1,
    );
    // 0.1.0's names, deprecated aliases for a release (CHANGELOG.md): an alert on them still watches
    assert.equal(await value('pay_sessions_paid_total'), 1);
    assert.equal(await value('pay_onpaid_duration_seconds_count{outcome="delivered"}'), 1);
    await stream.text(); // a paid session's stream ends
    assert.equal(await value('pay_streams_open'), 0);

    // the same event again, then one with no valid signature
    const sandbox = app.sandbox?.url ?? '';
    const logged = (await (
      await fetch(`${sandbox}/_sandbox/webhooks`, { headers: { 'x-api-key': DEFAULT_API_KEY } })
    ).json()) as { data: Array<{ id: string }> };
    const delivery = logged.data[0]?.id ?? '';
    const again = await fetch(`${sandbox}/_sandbox/webhooks/${delivery}/redeliver`, {
      method: 'POST',
      headers: { 'x-api-key': DEFAULT_API_KEY },
    });
    assert.equal(again.status, 200);
    await app.sandbox?.flushWebhooks();
    assert.equal(await value('pay_webhooks_total{outcome="duplicate"}'), 1);
    const forged = await fetch(`${base}/pay/webhooks`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'webhook-id': 'msg_forged',
        'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
        'webhook-signature': 'v1,AAAA',
      },
      body: '{}',
    });
    assert.equal(forged.status, 400);
    assert.equal(await value('pay_webhooks_total{outcome="refused"}'), 1);

    // a session left unpaid past its lifespan
    const unpaid = await post('/pay/sessions', { order_id: 'demo-2' });
    const { id: late } = (await unpaid.json()) as { id: string };
    assert.equal((await post('/demo-api/clock', { minutes: 31 })).status, 200);
    const view = (await (await fetch(`${base}/pay/sessions/${late}`)).json()) as { status: string };
    assert.equal(view.status, 'expired');
    assert.equal(await value('pay_flow_events_total{flow="sessions",event="expired"}'), 1);
    assert.equal(await value('pay_flow_events_total{flow="sessions",event="created"}'), 2);
  });
});
