import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PayClient } from './client.js';
import { PayError, UnexpectedResponseError, ValidationError } from './core/error.js';
import {
  json,
  ok,
  paymentParams as payment,
  paymentResult,
  scriptedFetch,
  type Step,
} from './internal/fake-fetch.js';

const emptyPage = {
  items: [],
  page: 0,
  size: 20,
  max_page: 0,
  total_pages: 1,
  total: 0,
  last: true,
  first: true,
  visible: 0,
};

function make(conventions: ConstructorParameters<typeof PayClient>[0]['conventions'], ...steps: Step[]) {
  const { fetch, calls } = scriptedFetch(...steps);
  const pay = new PayClient({ apiKey: 'k', baseUrl: 'http://127.0.0.1:9', fetch, conventions });
  return { pay, calls };
}

async function localError(promise: Promise<unknown>): Promise<ValidationError> {
  const error = await promise.catch((e: unknown) => e);
  assert.ok(error instanceof ValidationError, `expected ValidationError, got ${String(error)}`);
  assert.equal(error.status, 0);
  return error;
}

describe('PayClient options', () => {
  it('refuses bad options at construction, naming the option but never the key', () => {
    assert.throws(() => new PayClient({ apiKey: '', baseUrl: 'http://x' }), /apiKey/);
    assert.throws(
      () => new PayClient({ apiKey: 'sk_secret', baseUrl: 'ftp://x' }),
      (e: unknown) => {
        return e instanceof PayError && /baseUrl/.test(e.message) && !e.message.includes('sk_secret');
      },
    );
    assert.throws(() => new PayClient({ apiKey: 'k', baseUrl: 'http://x', maxRetries: -1 }), /maxRetries/);
    assert.throws(
      () => new PayClient({ apiKey: 'k', baseUrl: 'http://x', conventions: { pageSize: { max: 0 } } }),
      /conventions\.pageSize\.max/,
    );
  });
});

describe('conventions', () => {
  it('deep-merges overrides: renamed list parameters, the rest kept', async () => {
    const { pay, calls } = make({ query: { page: 'p', customerId: 'cust' } }, ok(emptyPage));
    assert.equal(pay.conventions.query.size, 'size');
    assert.equal(pay.conventions.pageSize.max, 100);
    await pay.transactions.list({ page: 2, size: 5, sort: 'created_at,desc', customer_id: 'cus_1' });
    const query = Object.fromEntries(calls[0]?.url.searchParams ?? []);
    assert.deepEqual(query, { p: '2', size: '5', sort: 'created_at,desc', cust: 'cus_1' });
  });

  it('names the CSV flag and the virtual account filters as configured', async () => {
    const csv = 'id,amount\ntrx_1,10.00\n';
    const { pay, calls } = make(
      { query: { export: 'format', exportCsv: 'text/csv', currency: 'ccy' } },
      new Response(csv, { headers: { 'content-type': 'text/csv' } }),
      ok([]),
    );
    assert.equal(await pay.transactions.exportCsv({ customer_id: 'cus_1' }), csv);
    assert.equal(calls[0]?.url.searchParams.get('format'), 'text/csv');
    assert.equal(calls[0]?.url.searchParams.get('customer_id'), 'cus_1');
    assert.equal(calls[0]?.headers.get('accept'), 'text/csv');
    await pay.virtualAccounts.list({ currency: 'USD', customer_id: 'cus_1' });
    assert.equal(calls[1]?.url.search, '?ccy=USD&customer_id=cus_1');
  });

  it('puts document and approval under the configured names on the wire', async () => {
    const { pay, calls } = make({ paymentFields: { approval: 'approver' } }, ok(paymentResult));
    await pay.payments.send({ ...payment, document: 'SGVsbG8=', approval: 'uid_7' });
    const body = calls[0]?.body;
    assert.ok(typeof body === 'object' && body !== null);
    assert.equal('document' in body && body.document, 'SGVsbG8=');
    assert.equal('approver' in body && body.approver, 'uid_7');
    assert.equal('approval' in body, false);
  });

  it('accepts the configured third-party methods and only those', async () => {
    const { pay, calls } = make({ thirdPartyMethods: ['acmepay'] }, ok(paymentResult));
    await pay.payments.send({ ...payment, payment_method: 'acmepay', info: { phone: '+2348000' } });
    assert.equal(calls.length, 1);
    const error = await localError(
      pay.payments.send({ ...payment, payment_method: 'third_party_service_1' }),
    );
    assert.match(error.fields?.payment_method?.[0] ?? '', /must be one of/);
    assert.equal(calls.length, 1);
  });

  it('bounds page size and lifespan by the configured values', async () => {
    const { pay, calls } = make(
      { pageSize: { default: 5, max: 10 }, dynamicAccount: { maxLifespanMinutes: 30 } },
      ok(emptyPage),
    );
    const size = await localError(pay.invoices.list({ size: 11 }));
    assert.ok(size.fields?.size);
    const lifespan = await localError(
      pay.virtualAccounts.createDynamic({ customer_id: 'c', amount: 10, lifespan_minutes: 31 }),
    );
    assert.ok(lifespan.fields?.lifespan_minutes);
    assert.equal(calls.length, 0);
  });
});

describe('local validation (status 0, nothing sent)', () => {
  it('checks a payment and the recipient its method needs', async () => {
    const { pay, calls } = make(undefined, ok(paymentResult));
    const error = await localError(
      pay.payments.send({ ...payment, from_amount: 0, info: { account_number: '1', account_name: 'A' } }),
    );
    assert.deepEqual(Object.keys(error.fields ?? {}).sort(), ['from_amount', 'info.bank_code']);
    const tag = await localError(pay.payments.send({ ...payment, payment_method: 'tag_transfer', info: {} }));
    assert.ok(tag.fields?.['info.tag_id']);
    assert.equal(calls.length, 0);
  });

  it('checks list parameters, bodies and identifiers', async () => {
    const { pay, calls } = make(undefined, ok(emptyPage));
    assert.ok((await localError(pay.links.list({ sort: 'amount' }))).fields?.sort);
    assert.ok((await localError(pay.customers.list({ filter: 'no-colon' }))).fields?.filter);
    assert.ok((await localError(pay.customers.list({ page: -1 }))).fields?.page);
    assert.ok((await localError(pay.banks.list('NGA'))).fields?.country_code);
    assert.ok((await localError(pay.banks.suggest({ account_number: '' }))).fields?.account_number);
    assert.ok((await localError(pay.cards.reveal('..'))).fields?.card_id);
    assert.ok((await localError(pay.cards.withdraw('c1', { currency: 'usd', amount: -1 }))).fields?.amount);
    const invoice = await localError(
      pay.invoices.create({
        email: 'nope',
        items: [],
        payment_schedule: { type: 'one_time', due_date: 'x' },
      }),
    );
    assert.deepEqual(Object.keys(invoice.fields ?? {}).sort(), [
      'email',
      'items',
      'payment_schedule.due_date',
    ]);
    assert.equal(calls.length, 0);
  });
});

describe('resources', () => {
  it('walks every page with the largest page size unless told otherwise', async () => {
    const link = (id: string) => ({
      id,
      title: id,
      description: '',
      amount: 10,
      url: `https://pay.example/l/${id}`,
      status: 1,
      expires_at: '2026-12-01T00:00:00Z',
      created_at: '2026-11-01T00:00:00Z',
      updated_at: '2026-11-01T00:00:00Z',
    });
    const pageOf = (page: number, ids: string[], last: boolean) =>
      ok({
        ...emptyPage,
        items: ids.map(link),
        page,
        max_page: 1,
        total_pages: 2,
        total: 3,
        last,
        first: page === 0,
      });
    const { pay, calls } = make(undefined, pageOf(0, ['a', 'b'], false), pageOf(1, ['c'], true));
    const ids: string[] = [];
    for await (const item of pay.links.iterate()) ids.push(item.id);
    assert.deepEqual(ids, ['a', 'b', 'c']);
    assert.deepEqual(
      calls.map((c) => c.url.search),
      ['?page=0&size=100', '?page=1&size=100'],
    );
  });

  it('answers freeze and unfreeze with nothing, on PUT', async () => {
    const { pay, calls } = make(undefined, ok({}));
    assert.equal(await pay.cards.freeze('card/1'), undefined);
    assert.equal(await pay.cards.unfreeze('card/1'), undefined);
    assert.deepEqual(
      calls.map((c) => `${c.method} ${c.url.pathname}`),
      ['PUT /v1/cards/card%2F1/freeze', 'PUT /v1/cards/card%2F1/unfreeze'],
    );
  });

  it('refuses a CSV export answered with JSON data', async () => {
    const { pay } = make(undefined, ok({ items: [] }));
    await assert.rejects(pay.transactions.exportCsv(), UnexpectedResponseError);
    const refused = make(undefined, json({ status: false, data: {}, error: [], message: 'nope' }, 400));
    await assert.rejects(refused.pay.transactions.exportCsv(), ValidationError);
  });
});

describe('what a refusal repeats', () => {
  it('masks the id_number it was sent (a BVN) and the key in the error: message, fields, body and stack', async () => {
    const bvn = '22212345678';
    const echo = json(
      {
        status: false,
        message: `id_number ${bvn} could not be verified with key k-secret-key`,
        error: { id_number: [`${bvn} is not on record`] },
      },
      400,
    );
    const { fetch } = scriptedFetch(echo);
    const pay = new PayClient({ apiKey: 'k-secret-key', baseUrl: 'http://127.0.0.1:9', fetch });
    const error = await pay.virtualAccounts
      .create({ customer_id: 'cus_1', currency: 'NGN', id_number: bvn })
      .catch((e: unknown) => e);
    assert.ok(error instanceof ValidationError);
    const seen = JSON.stringify([error.message, error.fields, error.raw, error.stack]);
    assert.ok(!seen.includes(bvn) && !seen.includes('k-secret-key'), seen);
    assert.deepEqual(Object.keys(error.fields ?? {}), ['id_number'], 'the field is still named');
  });
});
