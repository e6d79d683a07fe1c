import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PayClient } from '../client.js';
import {
  failure,
  json,
  ok,
  paymentParams,
  paymentResult,
  recordingSleep,
  scriptedFetch,
  type Step,
} from '../internal/fake-fetch.js';
import {
  ApiError,
  AuthenticationError,
  ConnectionError,
  InternalServerError,
  NotFoundError,
  RateLimitError,
  RequestAbortedError,
  TimeoutError,
  UnexpectedResponseError,
  ValidationError,
} from './error.js';

const KEY = 'sk_live_do_not_leak_1234';
const wallets = [{ id: 'w_ngn', currency: 'NGN', balance: '5000.00', status: 'active' }];
const invoiceParams = {
  email: 'a@example.com',
  items: [{ name: 'Tea', unit_price: 10, quantity: 2, currency: 'NGN', total: 20 }],
  payment_schedule: { type: 'one_time', due_date: '2026-12-01T00:00:00Z' },
};

function client(...steps: Step[]) {
  const { fetch, calls } = scriptedFetch(...steps);
  const { sleep, waits } = recordingSleep();
  const pay = new PayClient({
    apiKey: KEY,
    baseUrl: 'https://pay.example/api/',
    fetch,
    sleep,
    random: () => 0.5,
  });
  return { pay, calls, waits };
}

function referenceOf(body: unknown): unknown {
  return typeof body === 'object' && body !== null && 'reference' in body ? body.reference : undefined;
}

function neverShowsKey(error: unknown): boolean {
  return error instanceof Error && !`${error.message} ${String(error.stack)}`.includes(KEY);
}

describe('transport: the request', () => {
  it('sends the key as X-API-KEY, JSON headers, to the base URL with its path', async () => {
    const { pay, calls } = client(ok(wallets));
    assert.deepEqual(await pay.wallets.list(), wallets);
    const [call] = calls;
    assert.ok(call);
    assert.equal(call.url.href, 'https://pay.example/api/v1/wallets');
    assert.equal(call.headers.get('x-api-key'), KEY);
    assert.equal(call.headers.get('accept'), 'application/json');
    assert.match(call.headers.get('user-agent') ?? '', /^pay-elements-api\/0\.1\.0 node\/v\d+/);
    assert.equal(call.url.search, '');
  });
});

describe('transport: retries', () => {
  it('repeats a GET after 503s with backoff, then answers', async () => {
    const { pay, calls, waits } = client(
      failure('unavailable', 503),
      failure('unavailable', 503),
      ok(wallets),
    );
    assert.deepEqual(await pay.wallets.list(), wallets);
    assert.equal(calls.length, 3);
    assert.deepEqual(waits, [250, 500]); // random 0.5 × 500 ms, × 1000 ms
  });

  it('gives up after maxRetries with the last error, and honours a per-call maxRetries', async () => {
    const first = client(failure('unavailable', 503));
    await assert.rejects(first.pay.wallets.list(), InternalServerError);
    assert.equal(first.calls.length, 3);
    const second = client(failure('unavailable', 503));
    await assert.rejects(second.pay.wallets.list({ maxRetries: 0 }), InternalServerError);
    assert.equal(second.calls.length, 1);
  });

  it('waits what Retry-After asks, and does not wait past 60 s', async () => {
    const polite = client(failure('slow down', 429, { 'retry-after': '3' }), ok(wallets));
    await polite.pay.wallets.list();
    assert.deepEqual(polite.waits, [3000]);
    const greedy = client(failure('slow down', 429, { 'retry-after': '120' }));
    const error = await greedy.pay.wallets.list().catch((e: unknown) => e);
    assert.ok(error instanceof RateLimitError);
    assert.equal(error.retryAfter, 120);
    assert.equal(greedy.calls.length, 1);
  });

  it('repeats a GET after a connection error', async () => {
    const { pay, calls } = client(new TypeError('fetch failed'), ok(wallets));
    assert.deepEqual(await pay.wallets.list(), wallets);
    assert.equal(calls.length, 2);
  });

  it('never repeats a POST without a reference: one attempt on 503 or a dropped connection', async () => {
    const on503 = client(failure('unavailable', 503), ok({}));
    await assert.rejects(on503.pay.invoices.create(invoiceParams), InternalServerError);
    assert.equal(on503.calls.length, 1);
    const onDrop = client(new TypeError('fetch failed'), ok({}));
    await assert.rejects(onDrop.pay.invoices.create(invoiceParams), ConnectionError);
    assert.equal(onDrop.calls.length, 1);
    const freeze = client(failure('unavailable', 503), ok({}));
    await assert.rejects(freeze.pay.cards.freeze('card_1'), InternalServerError);
    assert.equal(freeze.calls.length, 1);
  });

  it('sends one generated reference on every attempt of a payment', async () => {
    const { pay, calls } = client(
      new TypeError('fetch failed'),
      failure('unavailable', 503),
      ok(paymentResult),
    );
    assert.deepEqual(await pay.payments.send(paymentParams), paymentResult);
    assert.equal(calls.length, 3);
    const references = calls.map((c) => referenceOf(c.body));
    assert.match(
      String(references[0]),
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    assert.deepEqual(references, [references[0], references[0], references[0]]);
  });

  it('keeps the caller’s reference, and makes a new one per call otherwise', async () => {
    const { pay, calls } = client(ok(paymentResult));
    await pay.payments.send({ ...paymentParams, reference: 'order-42' });
    await pay.payments.send(paymentParams);
    await pay.payments.send(paymentParams);
    const refs = calls.map((c) => referenceOf(c.body));
    assert.equal(refs[0], 'order-42');
    assert.notEqual(refs[1], refs[2]);
  });
});

describe('transport: time and network', () => {
  it('ends an attempt that gets no answer with TimeoutError, repeating a GET first', async () => {
    const { pay, calls } = client('hang');
    const started = Date.now();
    const error = await pay.wallets.list({ timeout: 20, maxRetries: 1 }).catch((e: unknown) => e);
    assert.ok(error instanceof TimeoutError);
    assert.ok(error instanceof ConnectionError);
    assert.match(error.message, /GET \/v1\/wallets: no answer within 20 ms/);
    assert.equal(calls.length, 2);
    assert.ok(Date.now() - started < 2000);
  });

  it('answers a dropped connection with ConnectionError that never shows the key', async () => {
    const refused = Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } });
    const { pay } = client(refused);
    const error = await pay.customers.retrieve('cus_1', { maxRetries: 0 }).catch((e: unknown) => e);
    assert.ok(error instanceof ConnectionError && !(error instanceof TimeoutError));
    assert.match(error.message, /ECONNREFUSED/);
    assert.ok(neverShowsKey(error));
  });

  it('stops at once when the caller aborts, without repeating', async () => {
    const { pay, calls } = client('hang');
    const controller = new AbortController();
    const pending = pay.wallets.list({ signal: controller.signal });
    controller.abort();
    await assert.rejects(pending, RequestAbortedError);
    assert.equal(calls.length, 1);
    await assert.rejects(pay.wallets.list({ signal: controller.signal }), RequestAbortedError);
    assert.equal(calls.length, 1);
  });
});

describe('transport: reading the answer', () => {
  it('unwraps failure envelopes by message, even on a 200', async () => {
    const notFound = client(failure('customer was not found', 200));
    const error = await notFound.pay.customers.retrieve('cus_x').catch((e: unknown) => e);
    assert.ok(error instanceof NotFoundError);
    assert.equal(error.status, 200);
    assert.equal(error.message, 'customer was not found');
    const other = client(failure('something else', 200));
    const plain = await other.pay.wallets.list().catch((e: unknown) => e);
    assert.ok(plain instanceof ApiError && plain.constructor === ApiError);
  });

  it('turns the validation body into ValidationError.fields', async () => {
    const body = { error: { email: ['This field is required'], items: ['This field is required'] } };
    const { pay } = client(json(body, 400, { 'x-request-id': 'req_9' }));
    const error = await pay.invoices.create(invoiceParams).catch((e: unknown) => e);
    assert.ok(error instanceof ValidationError);
    assert.equal(error.status, 400);
    assert.deepEqual(error.fields, body.error);
    assert.equal(error.requestId, 'req_9');
    assert.match(error.message, /email: This field is required/);
  });

  it('maps 401 to AuthenticationError without the key anywhere in it', async () => {
    const { pay } = client(failure('unauthorized access', 401));
    const error = await pay.wallets.list().catch((e: unknown) => e);
    assert.ok(error instanceof AuthenticationError);
    assert.ok(neverShowsKey(error));
    assert.ok(!JSON.stringify(error.raw).includes(KEY));
  });

  it('refuses a body that is not JSON or does not fit, keeping it as raw', async () => {
    const html = client(new Response('<html>hi</html>', { status: 200 }));
    const notJson = await html.pay.wallets.list().catch((e: unknown) => e);
    assert.ok(notJson instanceof UnexpectedResponseError);
    assert.equal(notJson.raw, '<html>hi</html>');
    const shape = client(ok([{ id: 'w', currency: 'NGN', balance: 5000, status: 'active' }]));
    const misfit = await shape.pay.wallets.list().catch((e: unknown) => e);
    assert.ok(misfit instanceof UnexpectedResponseError);
    assert.match(misfit.message, /0\.balance/);
    const bare = client(json({ wallets }));
    await assert.rejects(bare.pay.wallets.list(), UnexpectedResponseError);
  });

  it('gives an error status with an unreadable body its class by status', async () => {
    const { pay } = client(new Response('Bad gateway', { status: 502 }));
    const error = await pay.wallets.list({ maxRetries: 0 }).catch((e: unknown) => e);
    assert.ok(error instanceof InternalServerError);
    assert.equal(error.raw, 'Bad gateway');
  });
});
