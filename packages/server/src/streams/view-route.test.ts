// The stream route of a view read by a token, over a real hub on a manual scheduler: the token's
// view first, then each change pushed, the end after a final view; 204 for a client that holds the
// final view already (EventSource stops); the token's 404 before any stream is opened.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { SseReader } from '@pay-elements/testing/sse';
import { HttpError } from '../errors.js';
import type { Logger } from '../log.js';
import { ManualScheduler } from '../testing/scheduler.js';
import { StreamAdmission } from './admission.js';
import { viewVersion } from './event-stream.js';
import { StreamOptionsSchema } from './options.js';
import { ViewHub } from './view-hub.js';
import { viewStreamRoute } from './view-route.js';

interface InvoiceView {
  number: string;
  status: string;
}

const quiet: Logger = { debug() {}, info() {}, warn() {}, error() {} };

function setup() {
  const views = new Map<string, InvoiceView>([['INV-1', { number: 'INV-1', status: 'unpaid' }]]);
  const scheduler = new ManualScheduler();
  const config = { ...StreamOptionsSchema.parse({}), retryMs: 1500, scheduler };
  const final = (view: InvoiceView) => view.status === 'paid';
  const read = (number: string) => {
    const view = views.get(number);
    if (!view) return Promise.reject(new HttpError('not_found', 'No such invoice.'));
    return Promise.resolve({ view: { ...view }, now: Date.parse('2026-11-21T10:00:00.000Z') });
  };
  const hub = new ViewHub<InvoiceView>({
    event: 'invoice',
    viewOf: read,
    final,
    logger: quiet,
    streams: config,
    checkIntervalMs: 5000,
  });
  const admission = new StreamAdmission(10, 5);
  const route = viewStreamRoute<InvoiceView>({
    endpoint: { method: 'GET', path: '/invoices/:token/events' },
    hub,
    // the token stands for its invoice number: `tok-INV-1`
    subjectOf: (token) => {
      if (!token.startsWith('tok-')) throw new HttpError('not_found', 'No such invoice.');
      return token.slice(4);
    },
    viewOf: (subject) => read(subject),
    final,
    streams: { config, admission, clientKey: () => 'client' },
    maxBodyBytes: 0,
  });
  const ask = (token: string, lastEventId?: string) =>
    route.handle({
      request: new Request(`https://shop.example/pay/invoices/${token}/events`, {
        headers: lastEventId ? { 'last-event-id': lastEventId } : {},
      }),
      params: { token },
      log: quiet,
    });
  return { views, hub, admission, ask };
}

describe('viewStreamRoute', () => {
  it("streams the token's view, then each change, and ends after the final view", async () => {
    const t = setup();
    const response = await t.ask('tok-INV-1');
    assert.equal(response.status, 200);
    const reader = new SseReader(response.body!);
    const first = await reader.nextEvent();
    assert.equal(first?.type, 'invoice');
    assert.deepEqual(JSON.parse(first.data), {
      number: 'INV-1',
      status: 'unpaid',
      server_time: '2026-11-21T10:00:00.000Z',
    });
    assert.equal(t.admission.size, 1);
    t.views.set('INV-1', { number: 'INV-1', status: 'paid' });
    t.hub.changed('INV-1');
    const paid = await reader.nextEvent();
    assert.equal((JSON.parse(paid!.data) as InvoiceView).status, 'paid');
    assert.equal(paid?.id, viewVersion({ number: 'INV-1', status: 'paid' }));
    assert.equal(await reader.nextEvent(), null, 'the stream ended');
    assert.equal(t.admission.size, 0, 'its place given back');
    assert.equal(t.hub.keys, 0);
  });

  it('answers 204 to a client that holds the final view already, and opens no stream', async () => {
    const t = setup();
    t.views.set('INV-1', { number: 'INV-1', status: 'paid' });
    const held = viewVersion({ number: 'INV-1', status: 'paid' });
    const response = await t.ask('tok-INV-1', held);
    assert.equal(response.status, 204);
    assert.equal(t.admission.size, 0);
    assert.equal(t.hub.keys, 0);
  });

  it('sends nothing new to a client that holds the current view, until it changes', async () => {
    const t = setup();
    const held = viewVersion({ number: 'INV-1', status: 'unpaid' });
    const response = await t.ask('tok-INV-1', held);
    const reader = new SseReader(response.body!);
    t.views.set('INV-1', { number: 'INV-1', status: 'paid' });
    t.hub.changed('INV-1');
    const next = await reader.nextEvent();
    assert.equal(
      (JSON.parse(next!.data) as InvoiceView).status,
      'paid',
      'the unpaid view was not sent again',
    );
  });

  it('refuses a token that stands for nothing, or an invoice the provider does not know, with 404', async () => {
    const t = setup();
    for (const token of ['INV-1', 'tok-INV-404'])
      await assert.rejects(
        t.ask(token),
        (error: unknown) => error instanceof HttpError && error.status === 404,
      );
    assert.equal(t.admission.size, 0);
    assert.equal(t.hub.keys, 0);
  });
});
