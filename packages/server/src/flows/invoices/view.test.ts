import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { decimal, type InvoiceView } from '@pay-elements/api';
import { buildInvoiceView, invoiceStatus } from './view.js';

const DUE = Date.parse('2026-01-10T00:00:00.000Z');

function invoice(overrides: Partial<InvoiceView> = {}): InvoiceView {
  return {
    id: 'inv_1',
    invoice_number: 'INV-1',
    items: [{ name: 'Rice', unit_price: 850, quantity: 4, currency: 'ghs', total: 3400 }],
    subtotal: '3400.00',
    total: '3400.00',
    charges: {},
    note: '',
    status: 'pending',
    payment_schedule: { type: 'one_time', due_date: '2026-01-10T00:00:00Z' },
    created_at: '2026-01-01T09:30:00.000000+00:00',
    payment_details: {
      account_name: 'Acme',
      account_number: '0001',
      bank_name: 'GCB Bank',
      currency: 'ghs',
      swift_code: 'GHCBGHAC',
    },
    ...overrides,
  };
}

describe('invoiceStatus', () => {
  it('maps the provider words onto the protocol enum', () => {
    const at = (status: string) => invoiceStatus(status, null, 0).status;
    assert.equal(at('pending'), 'pending');
    assert.equal(at('PAID'), 'paid');
    assert.equal(at('Successful'), 'paid');
    assert.equal(at('canceled'), 'cancelled');
    assert.equal(at('Cancelled'), 'cancelled');
    assert.equal(at('void'), 'cancelled');
    assert.equal(at('past-due'), 'overdue');
    assert.equal(at('partially paid'), 'pending');
  });

  it('reads a pending invoice strictly past its due date as overdue, and nothing else', () => {
    assert.deepEqual(invoiceStatus('pending', DUE, DUE), { status: 'pending', known: true });
    assert.deepEqual(invoiceStatus('pending', DUE, DUE + 1), { status: 'overdue', known: true });
    assert.deepEqual(invoiceStatus('paid', DUE, DUE + 1), { status: 'paid', known: true });
    assert.deepEqual(invoiceStatus('cancelled', DUE, DUE + 1), { status: 'cancelled', known: true });
  });

  it('reads an unknown word as pending (overdue when late) and says it did not know it', () => {
    assert.deepEqual(invoiceStatus('on_hold', DUE, DUE - 1), { status: 'pending', known: false });
    assert.deepEqual(invoiceStatus('on_hold', DUE, DUE + 1), { status: 'overdue', known: false });
  });
});

describe('buildInvoiceView', () => {
  it('upper-cases currencies, normalises timestamps and passes the hosted URL', () => {
    const { view, discrepancies, unknownStatus } = buildInvoiceView(invoice(), DUE, 'https://x.test/i/INV-1');
    assert.equal(view.currency, 'GHS');
    assert.equal(view.payment_details.currency, 'GHS');
    assert.equal(view.created_at, '2026-01-01T09:30:00.000Z');
    assert.equal(view.due_date, '2026-01-10T00:00:00.000Z');
    assert.equal(view.hosted_url, 'https://x.test/i/INV-1');
    assert.deepEqual(view.items, [{ name: 'Rice', unit_price: '850.00', quantity: 4, total: '3400.00' }]);
    assert.deepEqual(discrepancies, []);
    assert.equal(unknownStatus, null);
  });

  it('shows the provider’s figures when its totals disagree, and reports each difference', () => {
    const { view, discrepancies } = buildInvoiceView(
      invoice({
        items: [{ name: 'Rice', unit_price: 850, quantity: 4, currency: 'GHS', total: 3401 }],
        subtotal: '3401.00',
        total: '3500.00',
        charges: { tax: { amount: '2.5', type: 'percentage', enabled: true } },
      }),
      0,
    );
    assert.equal(view.items[0]?.total, '3401.00');
    assert.equal(view.subtotal, '3401.00');
    assert.equal(view.total, '3500.00');
    assert.deepEqual(view.charges, [{ kind: 'tax', type: 'percentage', rate: '2.5', amount: '85.03' }]);
    assert.deepEqual(discrepancies, [
      { field: 'items.0.total', provider: '3401.00', computed: '3400.00' },
      { field: 'total', provider: '3500.00', computed: '3486.03' },
    ]);
  });

  it('uses the minor unit of the currency and rounds half away from zero', () => {
    assert.equal(decimal.minorDigits('NGN'), 2);
    assert.equal(decimal.minorDigits('JPY'), 0);
    assert.equal(decimal.minorDigits('KWD'), 3);
    const { view } = buildInvoiceView(
      invoice({
        items: [{ name: 'Tea', unit_price: 1005, quantity: 1, currency: 'JPY', total: 1005 }],
        subtotal: '1005',
        total: '955',
        charges: { discount: { amount: '5', type: 'percentage', enabled: true } },
      }),
      0,
    );
    assert.equal(view.subtotal, '1005');
    assert.deepEqual(view.charges, [{ kind: 'discount', type: 'percentage', rate: '5', amount: '-50' }]); // 50.25 → 50
  });

  it('lists a disabled charge nowhere and a zero charge as 0.00', () => {
    const { view } = buildInvoiceView(
      invoice({
        charges: {
          discount: { amount: '0', type: 'percentage', enabled: true },
          shipping: { amount: '500', type: 'flat', enabled: false },
        },
      }),
      0,
    );
    assert.deepEqual(view.charges, [{ kind: 'discount', type: 'percentage', rate: '0', amount: '0.00' }]);
  });

  it('refuses provider data it cannot read exactly', () => {
    assert.throws(
      () =>
        buildInvoiceView(invoice({ charges: { fee: { amount: '1,50', type: 'flat', enabled: true } } }), 0),
      /charges\.fee\.amount is not a decimal/,
    );
    assert.throws(
      () =>
        buildInvoiceView(
          invoice({ items: [{ name: 'x', unit_price: Number.NaN, quantity: 1, currency: 'GHS', total: 1 }] }),
          0,
        ),
      /items\.0\.unit_price/,
    );
  });

  it('says which status it did not know', () => {
    assert.equal(buildInvoiceView(invoice({ status: 'disputed' }), 0).unknownStatus, 'disputed');
  });
});
