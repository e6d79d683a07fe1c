// Invoice arithmetic, exact: subtotal is the sum of unit_price × quantity over the items; each
// enabled charge is flat or a percentage of the subtotal; discount subtracts, tax, fee and shipping
// add. Percentages round half away from zero to the minor unit.
import type { Charges, ChargeKind, InvoiceItem } from '@pay-elements/api';
import { decimal } from '@pay-elements/api';
import {
  MINOR_DIGITS,
  PERCENT_DIGITS,
  formatMinor,
  numberToScaled,
  parseMinor,
  toMinor,
  withinLimit,
} from './money.js';
import { ValidationFailure } from './responses.js';

export interface InvoiceTotals {
  /** upper-case, shared by every item */
  currency: string;
  subtotal: bigint;
  total: bigint;
  /** the amount each enabled charge came to (positive; discount is subtracted) */
  charges: Partial<Record<ChargeKind, bigint>>;
}

const HUNDRED_PERCENT = 100n * 10n ** BigInt(PERCENT_DIGITS);

/** Computes the totals or throws the validation body naming each wrong field. */
export function computeInvoice(items: readonly InvoiceItem[], charges: Charges | undefined): InvoiceTotals {
  const fields: Record<string, string[]> = {};
  const fail = (field: string, message: string) => (fields[field] ??= []).push(message);
  const currency = (items[0]?.currency ?? '').toUpperCase();
  let subtotal = 0n;
  items.forEach((item, i) => {
    if (item.currency.toUpperCase() !== currency)
      fail(`items.${i}.currency`, `must be ${currency}, the currency of the first item`);
    const price = toMinor(item.unit_price);
    const quantity = numberToScaled(item.quantity, 3);
    if (price === null || price < 0n)
      fail(`items.${i}.unit_price`, 'must be an amount ≥ 0 with at most 2 decimals');
    if (quantity === null || quantity <= 0n)
      fail(`items.${i}.quantity`, 'must be a number > 0 with at most 3 decimals');
    if (price === null || quantity === null || price < 0n || quantity <= 0n) return;
    const line =
      parseMinor(decimal.lineTotal(formatMinor(price), decimal.formatScaled(quantity, 3), MINOR_DIGITS)) ??
      0n;
    const given = toMinor(item.total);
    if (given !== line) fail(`items.${i}.total`, `must equal unit_price × quantity (${formatMinor(line)})`);
    subtotal += line;
  });
  for (const kind of decimal.CHARGE_ORDER) {
    const charge = charges?.[kind];
    if (!charge?.enabled) continue;
    if (charge.type === 'flat') {
      const amount = parseMinor(charge.amount);
      if (amount === null || amount < 0n)
        fail(
          `charges.${kind}.amount`,
          'must be a decimal string ≥ 0 with at most 2 decimals, such as "1500.00"',
        );
    } else {
      const percent = decimal.scaled(charge.amount, PERCENT_DIGITS);
      if (percent === null || percent < 0n || percent > HUNDRED_PERCENT)
        fail(`charges.${kind}.amount`, 'must be a percentage between "0" and "100", such as "7.5"');
    }
  }
  if (Object.keys(fields).length) throw new ValidationFailure(fields);
  const applied = decimal.invoiceCharges(formatMinor(subtotal), charges, MINOR_DIGITS);
  const amounts: Partial<Record<ChargeKind, bigint>> = {};
  for (const { kind, amount } of applied.charges) amounts[kind] = parseMinor(amount) ?? 0n;
  const total = parseMinor(applied.total) ?? 0n;
  if (total < 0n)
    throw ValidationFailure.of('charges.discount.amount', 'must not exceed the subtotal and other charges');
  if (!withinLimit(subtotal) || !withinLimit(total))
    throw ValidationFailure.of('items', 'the invoice total is too large');
  return { currency, subtotal, total, charges: amounts };
}
