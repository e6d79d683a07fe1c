import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { computeInvoice } from './invoice-math.js';
import { ValidationFailure } from './responses.js';

const item = (unit_price: number, quantity: number, total: number, currency = 'NGN') => ({
  name: 'Item',
  unit_price,
  quantity,
  currency,
  total,
});

function fieldsOfFailure(run: () => unknown): Record<string, string[]> {
  try {
    run();
  } catch (error) {
    if (error instanceof ValidationFailure) return error.fields;
    throw error;
  }
  assert.fail('expected a validation failure');
}

describe('invoice arithmetic', () => {
  it('sums the lines and applies enabled charges: discount subtracts, the rest add', () => {
    const totals = computeInvoice([item(250000, 1, 250000), item(45000, 1, 45000)], {
      discount: { amount: '10', type: 'percentage', enabled: true },
      tax: { amount: '7.5', type: 'percentage', enabled: true },
      fee: { amount: '100.00', type: 'flat', enabled: true },
      shipping: { amount: '999', type: 'flat', enabled: false },
    });
    assert.equal(totals.currency, 'NGN');
    assert.equal(totals.subtotal, 29_500_000n);
    assert.deepEqual(totals.charges, { discount: 2_950_000n, tax: 2_212_500n, fee: 10_000n });
    assert.equal(totals.total, 29_500_000n - 2_950_000n + 2_212_500n + 10_000n);
  });

  it('computes percentages of the subtotal, not of a running total', () => {
    const totals = computeInvoice([item(100, 1, 100)], {
      discount: { amount: '50', type: 'percentage', enabled: true },
      tax: { amount: '10', type: 'percentage', enabled: true },
    });
    assert.equal(totals.total, 10_000n - 5_000n + 1_000n);
  });

  it('is exact where floats are not', () => {
    const totals = computeInvoice([item(0.1, 3, 0.3), item(0.2, 1, 0.2)], undefined);
    assert.equal(totals.subtotal, 50n);
    assert.equal(totals.total, 50n);
  });

  it('names the field that is wrong', () => {
    assert.deepEqual(
      fieldsOfFailure(() => computeInvoice([item(10, 3, 31)], undefined)),
      { 'items.0.total': ['must equal unit_price × quantity (30.00)'] },
    );
    assert.deepEqual(
      Object.keys(fieldsOfFailure(() => computeInvoice([item(10, 1, 10), item(5, 1, 5, 'USD')], undefined))),
      ['items.1.currency'],
    );
    assert.deepEqual(
      Object.keys(
        fieldsOfFailure(() =>
          computeInvoice([item(10, 1, 10)], { tax: { amount: '101', type: 'percentage', enabled: true } }),
        ),
      ),
      ['charges.tax.amount'],
    );
    assert.deepEqual(
      Object.keys(
        fieldsOfFailure(() =>
          computeInvoice([item(10, 1, 10)], { fee: { amount: 'ten', type: 'flat', enabled: true } }),
        ),
      ),
      ['charges.fee.amount'],
    );
    assert.deepEqual(
      Object.keys(
        fieldsOfFailure(() =>
          computeInvoice([item(10, 1, 10)], { discount: { amount: '10.01', type: 'flat', enabled: true } }),
        ),
      ),
      ['charges.discount.amount'],
    );
    assert.deepEqual(Object.keys(fieldsOfFailure(() => computeInvoice([item(10.001, 1, 10)], undefined))), [
      'items.0.unit_price',
    ]);
  });
});
