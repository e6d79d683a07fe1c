// GET /pay/invoices/{token} against the real emulator over loopback, with the real client: an invoice
// is shown by its signed handle only; a number alone or a tampered handle is a 404 without a provider call.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { fixtures } from '@pay-elements/sandbox';
import { ErrorBody, InvoiceViewModel } from '@pay-elements/protocol';
import { startWorld, START, WEBHOOK_SECRET, type World } from '@pay-elements/testing/kit-world';

const DAY = 24 * 60 * 60 * 1000;
const hostedUrl = (token: string) => `https://shop.example/invoices/${token}`;

async function viewOf(response: Response): Promise<InvoiceViewModel> {
  assert.equal(response.status, 200);
  return InvoiceViewModel.parse(await response.json());
}

describe('invoice view against the emulator', () => {
  let world: World;

  /** The kit's route for an invoice, by its token. */
  const path = (number: string) => `/pay/invoices/${world.kit.invoiceToken(number)}`;
  const invoiceReads = () => world.calls.filter((c) => c.startsWith('GET /v1/invoices/view/')).length;

  before(async () => {
    world = await startWorld({ kit: { invoiceUrl: hostedUrl } });
  });
  after(async () => {
    await world.close();
    assert.deepEqual(world.leaks(), [], 'the key never appears in an answer or a log line');
  });

  it('shows a fixture invoice: lines, computed charges, totals, payment details, no-store', async () => {
    const { websiteRedesign } = fixtures.invoices;
    const response = await world.request(path(websiteRedesign.number));
    assert.equal(response.headers.get('cache-control'), 'no-store');
    assert.ok(response.headers.get('etag'));
    const view = await viewOf(response);
    assert.deepEqual(
      { ...view, payment_details: { ...view.payment_details, account_number: '(any)' } },
      {
        number: 'INV-000101',
        status: 'pending',
        currency: 'NGN',
        items: [
          { name: 'Website redesign', unit_price: '250000.00', quantity: 1, total: '250000.00' },
          { name: 'Hosting (12 months)', unit_price: '45000.00', quantity: 1, total: '45000.00' },
        ],
        // shipping is disabled on this invoice: it is not listed
        charges: [
          { kind: 'discount', type: 'percentage', rate: '10', amount: '-29500.00' },
          { kind: 'tax', type: 'percentage', rate: '7.5', amount: '22125.00' },
        ],
        subtotal: '295000.00',
        total: '287625.00',
        note: 'Thank you for your business. Payment is due within 14 days.',
        due_date: new Date(START + 8 * DAY).toISOString(),
        created_at: new Date(START - 6 * DAY).toISOString(),
        payment_details: {
          account_name: 'Acme Stores',
          account_number: '(any)',
          bank_name: 'Wema Bank',
          currency: 'NGN',
          swift_code: view.payment_details.swift_code,
        },
        hosted_url: hostedUrl(world.kit.invoiceToken('INV-000101')),
        server_time: new Date(START).toISOString(),
      },
    );
    assert.match(view.payment_details.account_number, /^\d{10}$/);
    assert.match(view.payment_details.swift_code, /^[A-Z0-9]{8,11}$/);
    assert.deepEqual(
      world.logs.filter((l) => l.startsWith('warn')),
      [],
      'the kit agrees with the provider',
    );
  });

  it('computes every charge kind, flat and percentage, exactly for an invoice made through the api client', async () => {
    const created = await world.client.invoices.create({
      email: 'buyer@example.com',
      note: 'Net 7 — merci ✓',
      items: [
        // 1.15 × 3 is 3.4499999999999997 in floats: the kit multiplies decimals
        { name: 'Widget', unit_price: 19.99, quantity: 3, currency: 'NGN', total: 59.97 },
        { name: 'Cable', unit_price: 1.15, quantity: 3, currency: 'NGN', total: 3.45 },
        { name: 'Washer', unit_price: 0.1, quantity: 2.5, currency: 'NGN', total: 0.25 },
      ],
      charges: {
        discount: { amount: '12.5', type: 'percentage', enabled: true },
        tax: { amount: '7.5', type: 'percentage', enabled: true },
        fee: { amount: '1.05', type: 'flat', enabled: true },
        shipping: { amount: '3.00', type: 'flat', enabled: true },
      },
      payment_schedule: { type: 'one_time', due_date: new Date(START + 7 * DAY).toISOString() },
    });
    const view = await viewOf(await world.request(path(created.invoice_number)));
    assert.equal(view.number, created.invoice_number);
    assert.deepEqual(view.items, [
      { name: 'Widget', unit_price: '19.99', quantity: 3, total: '59.97' },
      { name: 'Cable', unit_price: '1.15', quantity: 3, total: '3.45' },
      { name: 'Washer', unit_price: '0.10', quantity: 2.5, total: '0.25' },
    ]);
    assert.equal(view.subtotal, '63.67');
    assert.deepEqual(view.charges, [
      { kind: 'discount', type: 'percentage', rate: '12.5', amount: '-7.96' }, // 7.95875 → 7.96
      { kind: 'tax', type: 'percentage', rate: '7.5', amount: '4.78' }, // 4.77525 → 4.78
      { kind: 'fee', type: 'flat', rate: '1.05', amount: '1.05' },
      { kind: 'shipping', type: 'flat', rate: '3.00', amount: '3.00' },
    ]);
    assert.equal(view.total, '64.54');
    assert.equal(created.total, '64.54', 'the provider agrees');
    assert.equal(view.note, 'Net 7 — merci ✓');
    assert.equal(view.status, 'pending');
    assert.equal(view.due_date, new Date(START + 7 * DAY).toISOString());
    assert.equal(view.hosted_url, hostedUrl(world.kit.invoiceToken(created.invoice_number)));
    assert.deepEqual(
      world.logs.filter((l) => l.startsWith('warn')),
      [],
    );
  });

  it('answers 404 not_found for an unknown invoice, and for a number that is no invoice the kit may ask about', async () => {
    for (const number of ['INV-999999', 'INV 1;drop', 'a'.repeat(200)]) {
      const response = await world.request(
        `/pay/invoices/${encodeURIComponent(world.kit.invoiceToken(number))}`,
      );
      assert.equal(response.status, 404, number);
      assert.deepEqual(ErrorBody.parse(await response.json()).error, {
        code: 'not_found',
        message: 'No such invoice.',
      });
    }
  });

  it('shows nothing for a number alone, a tampered token or another kind of token, without asking the provider', async () => {
    const number = fixtures.invoices.websiteRedesign.number;
    const token = world.kit.invoiceToken(number);
    const [subject, expiry, signature] = token.split('.');
    const flipped = `${signature?.startsWith('A') ? 'B' : 'A'}${signature?.slice(1) ?? ''}`;
    const other = world.kit.invoiceToken('INV-000102');
    const before = invoiceReads();
    for (const guess of [
      number,
      `${subject}.${expiry}.${flipped}`,
      `${Buffer.from('INV-000102').toString('base64url')}.${expiry}.${signature}`,
      `${subject}.${other.split('.')[2]}`,
      `${subject}..${signature}x`,
      '',
      '.',
    ]) {
      const response = await world.request(`/pay/invoices/${encodeURIComponent(guess)}`);
      assert.equal(response.status, 404, guess);
      assert.equal(ErrorBody.parse(await response.json()).error.code, 'not_found');
      const stream = await world.kit.fetch(
        new Request(`http://kit.test/pay/invoices/${encodeURIComponent(guess)}/events`),
      );
      assert.equal(stream.status, 404, guess);
    }
    assert.equal(invoiceReads(), before, 'no provider read for any guess');
    const walk = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        world.request(`/pay/invoices/INV-${String(i + 1).padStart(6, '0')}`),
      ),
    );
    assert.deepEqual(new Set(walk.map((r) => r.status)), new Set([404]));
    assert.equal(invoiceReads(), before, 'walking 200 invoice numbers asks the provider nothing');
    assert.equal((await world.request(path(number))).status, 200, 'the token itself still opens it');
  });

  it('reads paid once the invoice is paid through the control API and the view kept a moment has aged, with a new ETag', async () => {
    const { riceOrder } = fixtures.invoices;
    const before = await world.request(path(riceOrder.number));
    const etag = before.headers.get('etag') ?? '';
    assert.equal((await viewOf(before)).status, 'pending');
    const again = await world.request(path(riceOrder.number), {
      headers: { 'if-none-match': etag },
    });
    assert.equal(again.status, 304, 'nothing changed');
    assert.equal(await again.text(), '');
    assert.equal(again.headers.get('etag'), etag);
    const paid = await world.control(`/invoices/${riceOrder.number}/pay`);
    assert.equal(paid.status, true, paid.message);
    // no webhook here: the view kept for a moment (invoiceCacheMs, 2 s) is read anew after it
    world.advance(2000);
    const after = await world.request(path(riceOrder.number), {
      headers: { 'if-none-match': etag },
    });
    const view = await viewOf(after);
    assert.notEqual(after.headers.get('etag'), etag);
    assert.equal(view.status, 'paid');
    assert.equal(view.total, '3520.00');
    assert.deepEqual(view.charges, [{ kind: 'shipping', type: 'flat', rate: '120.00', amount: '120.00' }]);
  });

  it('shares one provider call between concurrent requests for one invoice', async () => {
    const provider = `/v1/invoices/view/${fixtures.invoices.consulting.number}`;
    const before = world.calls.filter((c) => c === `GET ${provider}`).length;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => world.request(path(fixtures.invoices.consulting.number))),
    );
    assert.ok(answers.every((r) => r.status === 200));
    assert.equal(world.calls.filter((c) => c === `GET ${provider}`).length - before, 1);
  });

  it('reads a pending invoice as overdue once its due date has passed on the clock, never a paid one', async () => {
    const { websiteRedesign, consulting } = fixtures.invoices;
    // eight days after the start (an earlier test moved the clock a little)
    world.advance(START + 8 * DAY - world.sandbox.clock.now());
    const onTheDay = await viewOf(await world.request(path(websiteRedesign.number)));
    assert.equal(onTheDay.status, 'pending', 'due, not yet past due');
    world.advance(1000);
    const late = await viewOf(await world.request(path(websiteRedesign.number)));
    assert.equal(late.status, 'overdue');
    assert.equal(late.server_time, new Date(START + 8 * DAY + 1000).toISOString());
    const paid = await viewOf(await world.request(path(consulting.number)));
    assert.equal(paid.status, 'paid', 'its due date passed long ago, but it is paid');
  });
});

describe('a public invoice link read by a crowd', () => {
  it('costs one provider read a moment however many read it, and reads paid at once when the provider says so', async () => {
    const world = await startWorld({ kit: { webhookSecret: WEBHOOK_SECRET } });
    try {
      const { riceOrder } = fixtures.invoices;
      const provider = `GET /v1/invoices/view/${riceOrder.number}`;
      const reads = () => world.calls.filter((c) => c === provider).length;
      const path = `/pay/invoices/${world.kit.invoiceToken(riceOrder.number)}`;
      for (let i = 0; i < 200; i++) assert.equal((await world.request(path)).status, 200);
      assert.equal(reads(), 1, '200 reads within the moment: one provider read');
      world.advance(2000);
      for (let i = 0; i < 200; i++) await world.request(path);
      assert.equal(reads(), 2, 'the next moment: one more');
      await world.control(`/invoices/${riceOrder.number}/pay`);
      const paidEvent = {
        id: 'evt_inv_paid',
        type: 'invoice.paid',
        created_at: new Date(START).toISOString(),
        data: { invoice_number: riceOrder.number, total: '3520.00', currency: 'NGN' },
      };
      const heard = await world.webhook(paidEvent);
      assert.equal(heard.status, 200);
      assert.equal((await viewOf(await world.request(path))).status, 'paid', 'at once, within the moment');
    } finally {
      await world.close();
    }
  });
});
