// The merchant's API over real HTTP, the service in this process with its emulator: the service key
// (401 with the error body otherwise, the key never echoed or logged), one session per order (201,
// then 200, 409 for another amount, currency or customer), the widget's routes opening no session from
// an order id, the session paid when the shopper pays, and the invoice and funding links
// opening their hosted pages.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { fixtures } from '@pay-elements/sandbox';
import { KEY, startTestService, type Started } from '../testing/service.js';

const ada = fixtures.customers.ada.id;
const order = (id: string, extra: Record<string, unknown> = {}) => ({
  order_id: id,
  amount: '5000.00',
  currency: 'ngn',
  customer_id: ada,
  order: { title: 'Ankara tote bag', reference: '#1001' },
  ...extra,
});

interface SessionBody {
  id: string;
  order_id: string;
  status: string;
  amount: string;
  currency: string;
  account: { account_number: string; bank_name: string };
  expires_at: string;
  paid_at: string | null;
  transfer_reference: string | null;
  url: string;
  email?: string;
  metadata?: Record<string, string>;
}

describe('the merchant API', () => {
  let s: Started;
  before(async () => {
    s = await startTestService({ PAY_SERVICE_KEYS: `${KEY},sk_test_the_next_key_ZYXWVUTSRQ9876543210` });
  });
  after(() => s.close());

  it('answers 401 with the error body without one of its keys, and never echoes or logs the key sent', async () => {
    const wrong = 'sk_test_wrong_key_but_long_enough_to_look_real';
    for (const headers of [
      {} as Record<string, string>,
      { authorization: `Bearer ${wrong}` },
      { authorization: `Basic ${Buffer.from(`${KEY}:`).toString('base64')}` },
      { authorization: `Bearer ${KEY}x` },
    ]) {
      const answer = await fetch(`${s.base}/api/sessions/ses_1`, { headers });
      assert.equal(answer.status, 401, JSON.stringify(headers));
      assert.equal(answer.headers.get('www-authenticate'), 'Bearer realm="pay-service"');
      const text = await answer.text();
      assert.equal((JSON.parse(text) as { error: { code: string } }).error.code, 'unauthorized');
      assert.ok(!text.includes(wrong) && !text.includes(KEY), 'no key in the answer');
    }
    const posted = await s.api('/api/sessions', { body: order('o-401'), key: null });
    assert.equal(posted.status, 401);
    assert.ok(!s.lines.join('\n').includes(wrong), 'no key in a log line');
  });

  it('takes any of PAY_SERVICE_KEYS, so that a key can be rotated', async () => {
    const answer = await s.api('/api/sessions/ses_missing', {
      key: 'sk_test_the_next_key_ZYXWVUTSRQ9876543210',
    });
    assert.equal(answer.status, 404);
  });

  it("opens the order's session (201): the account, its expiry and the hosted checkout", async () => {
    const answer = await s.api('/api/sessions', {
      body: order('o-1', { email: 'ada@example.com', metadata: { cart: 'c-9' } }),
    });
    assert.equal(answer.status, 201);
    assert.equal(answer.headers.get('cache-control'), 'no-store');
    const session = (await answer.json()) as SessionBody;
    assert.match(session.id, /^ses_/);
    assert.equal(session.order_id, 'o-1');
    assert.equal(session.status, 'pending');
    assert.equal(session.amount, '5000.00');
    assert.equal(session.currency, 'NGN');
    assert.match(session.account.account_number, /^\d{10}$/);
    assert.ok(Date.parse(session.expires_at) > Date.now());
    assert.equal(session.url, `${s.base}/checkout/${session.id}`);
    assert.equal(session.email, 'ada@example.com');
    assert.deepEqual(session.metadata, { cart: 'c-9' });
    // kept with the kit's session alone: nothing beside it
    assert.equal(await s.service.kit.state.records.get('service.orders', 'o-1'), null);
    const again = (await (await s.api(`/api/sessions/${session.id}`)).json()) as SessionBody;
    assert.deepEqual([again.email, again.metadata], ['ada@example.com', { cart: 'c-9' }]);
    // the hosted checkout has the account in its HTML, readable with no script
    const page = await (await fetch(session.url)).text();
    assert.ok(page.includes(session.account.account_number), 'the account number on the page');
    assert.ok(page.includes('Ankara tote bag'), 'what is bought');
  });

  it("answers a session 0.1.0 opened with the email and metadata it kept beside the kit's", async () => {
    const { session } = await s.service.kit.openSession('o-old', {
      amount: '5000.00',
      currency: 'NGN',
      customer_id: ada,
    });
    const kept = { order_id: 'o-old', amount: '5000.00', currency: 'NGN', customer_id: ada };
    const value = { ...kept, email: 'old@example.com', metadata: { cart: 'c-1' } };
    assert.ok(
      await s.service.kit.state.records.commit({
        writes: [{ collection: 'service.orders', key: 'o-old', value, expect: 0 }],
      }),
    );
    const answer = (await (await s.api(`/api/sessions/${session.id}`)).json()) as SessionBody;
    assert.deepEqual([answer.email, answer.metadata], ['old@example.com', { cart: 'c-1' }]);
  });

  it('answers the same session (200) for the same order again, and 409 for another amount, currency or customer', async () => {
    const first = (await (await s.api('/api/sessions', { body: order('o-2') })).json()) as SessionBody;
    const again = await s.api('/api/sessions', { body: order('o-2', { amount: '5000' }) });
    assert.equal(again.status, 200, 'the same amount written another way');
    assert.equal(((await again.json()) as SessionBody).id, first.id);
    for (const other of [
      { amount: '5000.01' },
      { currency: 'USD' },
      { customer_id: fixtures.customers.kwame.id },
    ]) {
      const answer = await s.api('/api/sessions', { body: order('o-2', other) });
      assert.equal(answer.status, 409, JSON.stringify(other));
      assert.equal(((await answer.json()) as { error: { code: string } }).error.code, 'conflict');
    }
  });

  it('opens one session for an order asked for ten times at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => s.api('/api/sessions', { body: order('o-race') })),
    );
    const statuses = answers.map((a) => a.status).sort();
    assert.deepEqual(statuses, [200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    const ids = new Set(await Promise.all(answers.map(async (a) => ((await a.json()) as SessionBody).id)));
    assert.equal(ids.size, 1);
  });

  it('refuses a body that is not valid (400, naming the fields), not JSON (400), of another type (415) or too large (413)', async () => {
    const invalid = await s.api('/api/sessions', {
      body: { order_id: 'o 3', amount: 5000, currency: 'naira', customer_id: ada, extra: true },
    });
    assert.equal(invalid.status, 400);
    const { error } = (await invalid.json()) as { error: { code: string; fields: Record<string, string[]> } };
    assert.equal(error.code, 'invalid_request');
    assert.deepEqual(Object.keys(error.fields).sort(), ['_', 'amount', 'currency', 'order_id']);
    const headers = { authorization: `Bearer ${KEY}` };
    const notJson = await fetch(`${s.base}/api/sessions`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: '{',
    });
    assert.equal(notJson.status, 400);
    const form = await fetch(`${s.base}/api/sessions`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'text/plain' },
      body: JSON.stringify(order('o-4')),
    });
    assert.equal(form.status, 415);
    const large = await s.api('/api/sessions', {
      body: order('o-5', { metadata: { x: 'y'.repeat(20_000) } }),
    });
    assert.equal(large.status, 413);
  });

  it("opens no session from an order id on the widget's routes (404), only by the session id the API gave", async () => {
    const created = (await (await s.api('/api/sessions', { body: order('o-6') })).json()) as SessionBody;
    const post = (orderId: string) =>
      fetch(`${s.base}/pay/sessions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ order_id: orderId }),
      });
    for (const orderId of ['o-6', 'o-never-sent']) {
      const answer = await post(orderId);
      assert.equal(answer.status, 404, orderId);
      assert.ok(!(await answer.text()).includes(created.id), 'no session id answered');
    }
    const widget = await fetch(`${s.base}/pay/sessions/${created.id}`);
    assert.equal(widget.status, 200);
    assert.equal(((await widget.json()) as { id: string }).id, created.id);
  });

  it('tells the session paid, when and by which transfer, once the shopper pays', async () => {
    const created = (await (await s.api('/api/sessions', { body: order('o-7') })).json()) as SessionBody;
    const transfer = await s.control.transfer({
      account_number: created.account.account_number,
      amount: 5000,
    });
    await s.service.sandbox?.flushWebhooks();
    const paid = (await (await s.api(`/api/sessions/${created.id}`)).json()) as SessionBody;
    assert.equal(paid.status, 'paid');
    assert.ok(paid.paid_at && Date.parse(paid.paid_at) > 0);
    assert.equal(paid.transfer_reference, transfer.ref, "the transaction's ref, as the receipt shows");
    assert.equal((await s.api('/api/sessions/ses_unknown')).status, 404);
  });

  it('links an invoice to its hosted page, and answers 404 for one the provider does not have', async () => {
    const answer = await s.api('/api/invoice-links', { body: { invoice_number: 'INV-000101' } });
    assert.equal(answer.status, 200);
    const link = (await answer.json()) as { url: string; token: string };
    assert.equal(link.url, `${s.base}/invoices/${link.token}`);
    const page = await fetch(link.url);
    assert.equal(page.status, 200);
    assert.ok((await page.text()).includes('INV-000101'));
    const missing = await s.api('/api/invoice-links', { body: { invoice_number: 'INV-404404' } });
    assert.equal(missing.status, 404);
  });

  it("links a customer's own accounts (opened with the BVN given) to their hosted page, until it expires", async () => {
    const answer = await s.api('/api/funding-links', {
      body: { customer_id: ada, id_number: '22212345678', expires_in: 3600 },
    });
    assert.equal(answer.status, 200, await answer.clone().text());
    const link = (await answer.json()) as { url: string; token: string; expires_at: string };
    assert.equal(link.url, `${s.base}/fund/${link.token}`);
    const expires = Date.parse(link.expires_at) - s.clock.now();
    assert.ok(expires > 3_590_000 && expires <= 3_600_000, `${expires} ms`);
    const page = await (await fetch(link.url)).text();
    assert.equal((page.match(/\b\d{10}\b/g) ?? []).length > 0, true, 'an account number on the page');
    const unknown = await s.api('/api/funding-links', { body: { customer_id: ada, currencies: ['GHS'] } });
    assert.equal(unknown.status, 400);
    assert.match(await unknown.text(), /GHS: not among PAY_FUNDING_CURRENCIES/);
  });
});
