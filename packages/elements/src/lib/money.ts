// Money from the protocol's decimal strings ("5000.00"), formatted with Intl and never through a
// float: Intl.NumberFormat formats a numeric string exactly (ECMA-402 NumberFormat v3).
import { numberFormat } from './intl.js';

/** A decimal amount as the protocol sends it: digits, an optional sign and fraction. */
export type DecimalString = `${number}`;

const decimalPattern = /^-?\d+(\.\d+)?$/;

/** Whether `value` is a plain decimal string ("5000", "5000.00", "-1.5"): no exponent, no spaces. */
export function isDecimalString(value: string): value is DecimalString {
  return decimalPattern.test(value);
}

/** How many digits follow the decimal point in a decimal string. */
export function fractionDigits(amount: DecimalString): number {
  const dot = amount.indexOf('.');
  return dot === -1 ? 0 : amount.length - dot - 1;
}

/**
 * Formats a decimal string as money in `currency` for `locale`, exactly: the currency's usual
 * fraction digits at least ("5000" → "₦5,000.00" style), and every digit the amount carries beyond
 * them (an exact amount to transfer must not be rounded).
 */
export function formatMoney(amount: string, currency: string, locale: string): string {
  if (!isDecimalString(amount)) throw new RangeError(`not a decimal amount: ${JSON.stringify(amount)}`);
  const base = numberFormat(locale, { style: 'currency', currency });
  const usual = base.resolvedOptions().minimumFractionDigits ?? 2;
  const digits = Math.max(usual, fractionDigits(amount));
  const exact = numberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: usual,
    maximumFractionDigits: Math.min(digits, 100),
  });
  return withoutBidiMarks(exact.format(amount));
}

/** Directional marks Intl puts into some locales' numbers (LRM, RLM, ALM). */
const bidiMarks = /[\u200e\u200f\u061c]/g;

/**
 * A formatted number without its directional marks. Intl marks negatives and positives differently in
 * Arabic (`‏295,000.00 NGN` but `‏‎-29,500.00 NGN`), so that they lay out in opposite orders; without
 * the marks, shown as one left-to-right run (see `isolateLtr`), every amount of a locale reads alike.
 */
export function withoutBidiMarks(text: string): string {
  return text.replace(bidiMarks, '');
}

/**
 * An amount to put inside a sentence of a right-to-left language: wrapped in a left-to-right isolate
 * (LRI … PDI), so that its sign, digits and currency keep their order among the words around it. In
 * a left-to-right sentence it needs nothing.
 */
export function isolateLtr(text: string, dir: 'ltr' | 'rtl'): string {
  return dir === 'rtl' ? `\u2066${text}\u2069` : text;
}
