// Invoices: creation with exact totals from items and charges, the validation body, the list, the
// view with payment details, and paying one through the control API.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { Invoice, InvoiceView, Transaction } from '@pay-elements/api';
import { fixtures } from '@pay-elements/sandbox';
import {
  balanceOf,
  boot,
  expectFailure,
  expectOk,
  expectPage,
  expectValidation,
  type Harness,
} from './helpers.js';

const schedule = {
  type: 'one_time',
  due_date: '2025-02-01T00:00:00Z',
  send_date: '2025-01-15T00:00:00Z',
  payment_methods: [{ id: 'bank_transfer', value: '035' }],
  reminders: true,
  reminder_timing: { type: 'before_due_date', days: 3 },
};
const items = [
  { name: 'Logo design', unit_price: 1250.75, quantity: 2, currency: 'NGN', total: 2501.5 },
  { name: 'Business cards (box)', unit_price: 33.33, quantity: 3, currency: 'NGN', total: 99.99 },
];

describe('invoices', () => {
  let h: Harness;
  before(async () => {
    h = await boot();
  });
  beforeEach(() => h.sandbox.reset());
  after(() => h.sandbox.close());

  const create = (body: Record<string, unknown>) => h.call('/v1/invoices', { method: 'POST', body });

  it('computes subtotal and total from the items and the enabled charges, exactly', async () => {
    const invoice = expectOk(
      await create({
        email: 'buyer@example.com',
        note: 'Net 14',
        items,
        charges: {
          discount: { amount: '5', type: 'percentage', enabled: true },
          tax: { amount: '7.5', type: 'percentage', enabled: true },
          fee: { amount: '50.00', type: 'flat', enabled: true },
          shipping: { amount: '1000.00', type: 'flat', enabled: false },
        },
        payment_schedule: schedule,
      }),
      Invoice,
    );
    // subtotal 2601.49; discount 5% = 130.07 (130.0745); tax 7.5% = 195.11 (195.11175); fee 50
    assert.equal(invoice.subtotal, '2601.49');
    assert.equal(invoice.total, '2716.53');
    assert.equal(invoice.status, 'pending');
    assert.equal(invoice.note, 'Net 14');
    assert.deepEqual(invoice.items, items);
    assert.deepEqual(invoice.payment_schedule, schedule);
    assert.equal(invoice.invoice_number, 'INV-000104', 'numbers continue after the fixtures');

    const plain = expectOk(
      await create({ email: 'b@example.com', items, payment_schedule: schedule }),
      Invoice,
    );
    assert.equal(plain.total, plain.subtotal);
    assert.deepEqual(plain.charges, {});
    assert.equal(plain.note, '');
  });

  it('answers the validation body for missing and wrong fields', async () => {
    assert.deepEqual(expectValidation(await create({})), {
      email: ['This field is required'],
      items: ['This field is required'],
      payment_schedule: ['This field is required'],
    });
    assert.deepEqual(
      expectValidation(
        await create({ email: 'not-an-email', items: [], payment_schedule: { type: 'one_time' } }),
      ),
      {
        email: ['must be a valid email address'],
        items: ['must have at least 1 item(s)'],
        'payment_schedule.due_date': ['This field is required'],
      },
    );
    assert.deepEqual(
      expectValidation(
        await create({
          email: 'b@example.com',
          items: [{ ...items[0], total: 2500 }],
          payment_schedule: schedule,
        }),
      ),
      { 'items.0.total': ['must equal unit_price × quantity (2501.50)'] },
    );
    assert.deepEqual(
      Object.keys(
        expectValidation(
          await create({
            email: 'b@example.com',
            items,
            charges: { tax: { amount: '7.5', type: 'compound', enabled: true } },
            payment_schedule: schedule,
          }),
        ),
      ),
      ['charges.tax.type'],
    );
    assert.deepEqual(
      Object.keys(
        expectValidation(
          await create({
            email: 'b@example.com',
            items,
            charges: { discount: { amount: '5000.00', type: 'flat', enabled: true } },
            payment_schedule: schedule,
          }),
        ),
      ),
      ['charges.discount.amount'],
    );
  });

  it('views an invoice by number with its payment details', async () => {
    const fixture = fixtures.invoices.websiteRedesign;
    const view = expectOk(await h.call(`/v1/invoices/view/${fixture.number}`), InvoiceView);
    assert.equal(view.id, fixture.id);
    assert.equal(view.subtotal, fixture.subtotal);
    assert.equal(view.total, fixture.total);
    assert.deepEqual(view.payment_details, {
      account_name: 'Acme Stores',
      account_number: '9012345671',
      bank_name: 'Wema Bank',
      currency: 'NGN',
      swift_code: 'WEMANGLA',
    });
    expectFailure(await h.call('/v1/invoices/view/INV-999999'), 404, 'invoice was not found');
  });

  it('lists invoices with pagination, sort and filter', async () => {
    const all = expectPage(await h.call('/v1/invoices'), Invoice);
    assert.equal(all.total, Object.keys(fixtures.invoices).length);
    const byTotal = expectPage(await h.call('/v1/invoices?sort=total,desc'), Invoice);
    assert.deepEqual(
      byTotal.items.map((i) => i.total),
      ['287625.00', '3520.00', '1525.00'],
    );
    const pending = expectPage(await h.call('/v1/invoices?filter=status:pending'), Invoice);
    assert.deepEqual(pending.items.map((i) => i.invoice_number).sort(), ['INV-000101', 'INV-000103']);
  });

  it('pays an invoice through the control API: paid, wallet credited, once only', async () => {
    const fixture = fixtures.invoices.riceOrder;
    const paid = await h.control.payInvoice(fixture.number);
    assert.equal(paid.status, 'paid');
    assert.equal(await balanceOf(h, fixtures.wallets.GHS.id), '153520.00');
    const view = expectOk(await h.call(`/v1/invoices/view/${fixture.number}`), InvoiceView);
    assert.equal(view.status, 'paid');
    const latest = expectPage(await h.call('/v1/transactions?size=1'), Transaction).items[0];
    assert.equal(latest?.entry, 'credit');
    assert.equal(latest?.amount, fixture.total);
    expectFailure(
      await h.call(`/_sandbox/invoices/${fixture.number}/pay`, { method: 'POST' }),
      400,
      'invoice is already paid',
    );
    expectFailure(
      await h.call('/_sandbox/invoices/INV-999999/pay', { method: 'POST' }),
      404,
      'invoice was not found',
    );
  });
});
