// Plain numbers from the protocol's decimal strings, through Intl and never through a float: an
// amount with no currency, a rate given in percent ("7.5" → "7.5%"), a quantity.
import { numberFormat } from './intl.js';
import { formatMoney, fractionDigits, isDecimalString, withoutBidiMarks } from './money.js';

function decimal(value: string): `${number}` {
  if (!isDecimalString(value)) throw new RangeError(`not a decimal amount: ${JSON.stringify(value)}`);
  return value;
}

/** A decimal string grouped for `locale`, every digit it carries kept: "15000.5" → "15,000.5". */
export function formatDecimal(amount: string, locale: string): string {
  const exact = decimal(amount);
  const digits = Math.min(fractionDigits(exact), 100);
  const formatted = numberFormat(locale, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(exact);
  return withoutBidiMarks(formatted);
}

/**
 * An amount in `currency` when there is one (a valid three-letter code, any case), else the bare
 * number: payment links carry no currency in the spec.
 */
export function formatAmount(amount: string, currency: string | null | undefined, locale: string): string {
  const code = currency?.trim().toUpperCase() ?? '';
  if (/^[A-Z]{3}$/.test(code)) {
    try {
      return formatMoney(amount, code, locale);
    } catch (error) {
      // an unknown code that Intl refuses: fall back to the bare number
      if (!(error instanceof RangeError) || !isDecimalString(amount)) throw error;
    }
  }
  return formatDecimal(amount, locale);
}

/** A rate given in percent, as the protocol sends it ("7.5"), with the locale's percent sign. */
export function formatPercent(rate: string, locale: string): string {
  const exact = decimal(rate);
  const digits = Math.min(fractionDigits(exact), 20);
  return numberFormat(locale, {
    style: 'unit',
    unit: 'percent',
    minimumFractionDigits: 0,
    maximumFractionDigits: digits,
  }).format(exact);
}

/** A quantity (a JSON number: 1, 12.5) for `locale`. */
export function formatQuantity(quantity: number, locale: string): string {
  return numberFormat(locale, { maximumFractionDigits: 6 }).format(quantity);
}
