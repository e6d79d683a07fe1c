// Exact decimal arithmetic for amounts, shared by the kit and the emulator (exported as the `decimal`
// namespace). Amounts cross the wire as decimal strings ("5000.00") or JSON numbers; both are read
// through their decimal text into bigint units, never through float formatting. One rounding:
// half away from zero, the commercial rounding of invoice lines and percentages.
import type { Charges, ChargeKind } from './schemas/resources.js';

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

/** A decimal as an integer count of 10^-scale units: "12.50" → {units: 1250n, scale: 2}. */
export interface Decimal {
  units: bigint;
  scale: number;
}

/** Parses a plain decimal string ("5000", "-12.5", "0.010"); null for anything else. */
export function parse(text: string): Decimal | null {
  const match = DECIMAL.exec(text.trim());
  if (!match) return null;
  const [, sign, whole = '0', fraction = ''] = match;
  const units = BigInt(whole + fraction);
  return { units: sign ? -units : units, scale: fraction.length };
}

function parseOrThrow(text: string): Decimal {
  const value = parse(text);
  if (!value) throw new TypeError(`not a decimal: ${JSON.stringify(text)}`);
  return value;
}

function rescale(value: Decimal, scale: number): bigint {
  return value.units * 10n ** BigInt(scale - value.scale);
}

/**
 * "12.5" at scale 2 → 1250n. Null when the text is not a plain decimal or carries more significant
 * fraction digits than `scale` (never rounds silently).
 */
export function scaled(text: string, scale: number): bigint | null {
  const value = parse(text);
  if (!value) return null;
  let { units, scale: own } = value;
  while (own > scale && units % 10n === 0n) {
    units /= 10n;
    own -= 1;
  }
  return own > scale ? null : units * 10n ** BigInt(scale - own);
}

/** 1250n at scale 2 → "12.50". */
export function formatScaled(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale);
  return `${negative ? '-' : ''}${whole}${scale > 0 ? `.${fraction}` : ''}`;
}

const textOf = (value: Decimal) => formatScaled(value.units, value.scale);

const digitsByCurrency = new Map<string, number>();

/** Fraction digits of the currency's minor unit (ISO 4217, through Intl): NGN 2, JPY 0, KWD 3. */
export function minorDigits(currency: string): number {
  let digits = digitsByCurrency.get(currency);
  if (digits === undefined) {
    try {
      digits =
        new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
          .maximumFractionDigits ?? 2;
    } catch {
      digits = 2;
    }
    digitsByCurrency.set(currency, digits);
  }
  return digits;
}

/** Whether the amount is a decimal that the currency's minor unit holds exactly ("10.005" NGN: no). */
export function fitsMinorUnit(text: string, currency: string): boolean {
  return scaled(text, minorDigits(currency)) !== null;
}

/** numerator / denominator rounded half away from zero. */
export function divRound(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError('division by zero');
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const quotient = (n * 2n + d) / (d * 2n);
  return negative ? -quotient : quotient;
}

/** -1, 0 or 1, comparing the exact values; throws on a string that is not a decimal. */
export function compare(a: string, b: string): -1 | 0 | 1 {
  const x = parse(a);
  const y = parse(b);
  if (!x || !y) throw new TypeError(`not a decimal: ${JSON.stringify(x ? b : a)}`);
  const scale = Math.max(x.scale, y.scale);
  const left = rescale(x, scale);
  const right = rescale(y, scale);
  return left === right ? 0 : left < right ? -1 : 1;
}

/** True when both are decimals of the same exact value ("5000.00" and "5000"); false otherwise. */
export function equals(a: string, b: string): boolean {
  const x = parse(a);
  const y = parse(b);
  if (!x || !y) return false;
  const scale = Math.max(x.scale, y.scale);
  return rescale(x, scale) === rescale(y, scale);
}

/** True when the decimal is greater than zero. */
export function isPositive(text: string): boolean {
  const value = parse(text);
  return value !== null && value.units > 0n;
}

/**
 * The exact decimal a JSON number stands for, as the shortest string that reads back as the same
 * double (what `JSON.parse` produced): 5000 → "5000", 0.1 → "0.1", 1e21 → "1000000000000000000000".
 * Null for NaN and infinities.
 */
export function fromNumber(value: number): string | null {
  if (!Number.isFinite(value)) return null;
  const text = String(value);
  const match = /^(-)?(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!match) return text;
  const [, sign = '', whole = '', fraction = '', exponentText = '0'] = match;
  const digits = whole + fraction;
  const point = whole.length + Number(exponentText);
  let plain: string;
  if (point <= 0) plain = `0.${'0'.repeat(-point)}${digits}`;
  else if (point >= digits.length) plain = digits + '0'.repeat(point - digits.length);
  else plain = `${digits.slice(0, point)}.${digits.slice(point)}`;
  return sign + plain;
}

/** True when the JSON number is exactly the decimal string's value (5000 and "5000.00": yes). */
export function equalsNumber(value: number, text: string): boolean {
  const exact = fromNumber(value);
  return exact !== null && equals(exact, text);
}

/** The JSON number to send for a decimal string, refusing one a double cannot hold exactly. */
export function toNumber(text: string): number | null {
  if (!parse(text)) return null;
  const value = Number(text);
  return equalsNumber(value, text) ? value : null;
}

/**
 * Writes a decimal with at least `minScale` fraction digits, dropping extra trailing zeros:
 * ("5000", 2) → "5000.00", ("12.5", 2) → "12.50", ("0.125", 2) → "0.125".
 */
export function format(text: string, minScale = 2): string {
  const value = parseOrThrow(text);
  const negative = value.units < 0n;
  let digits = (negative ? -value.units : value.units).toString().padStart(value.scale + 1, '0');
  let scale = value.scale;
  while (scale > minScale && digits.endsWith('0')) {
    digits = digits.slice(0, -1);
    scale -= 1;
  }
  if (scale < minScale) {
    digits += '0'.repeat(minScale - scale);
    scale = minScale;
  }
  const whole = digits.slice(0, digits.length - scale) || '0';
  const fraction = digits.slice(digits.length - scale);
  const sign = negative && /[1-9]/.test(digits) ? '-' : '';
  return scale > 0 ? `${sign}${whole}.${fraction}` : `${sign}${whole}`;
}

/** a + b + …, exactly: ("0.1", "0.2") → "0.3". */
export function add(...terms: string[]): string {
  const values = terms.map(parseOrThrow);
  const scale = Math.max(0, ...values.map((v) => v.scale));
  const units = values.reduce((sum, v) => sum + rescale(v, scale), 0n);
  return textOf({ units, scale });
}

/** -a, exactly. */
export function negate(text: string): string {
  const value = parseOrThrow(text);
  return textOf({ units: -value.units, scale: value.scale });
}

/** a × b, exactly (the scales add): ("19.99", "3") → "59.97", ("0.1", "2.5") → "0.25". */
export function multiply(a: string, b: string): string {
  const x = parseOrThrow(a);
  const y = parseOrThrow(b);
  return textOf({ units: x.units * y.units, scale: x.scale + y.scale });
}

/** Rounded to `scale` fraction digits, half away from zero: ("7.5275", 2) → "7.53", ("-0.125", 2) → "-0.13". */
export function round(text: string, scale: number): string {
  const value = parseOrThrow(text);
  if (value.scale <= scale) return textOf({ units: rescale(value, scale), scale });
  return textOf({ units: divRound(value.units, 10n ** BigInt(value.scale - scale)), scale });
}

/** `rate` percent of `base`, rounded to `scale` digits half away from zero: ("60.22", "12.5", 2) → "7.53". */
export function percentOf(base: string, rate: string, scale: number): string {
  const product = parseOrThrow(multiply(base, rate));
  return round(textOf({ units: product.units, scale: product.scale + 2 }), scale);
}

// ── Invoice arithmetic ──────────────────────────────────────────────────────────────────────
// The emulator computes an invoice's figures with these, the kit checks the provider's with them.

/** The order charges apply in: the discount subtracts, the others add. */
export const CHARGE_ORDER: readonly ChargeKind[] = ['discount', 'tax', 'fee', 'shipping'];

/** unit price × quantity, rounded half away from zero to `scale` digits. */
export function lineTotal(unitPrice: string, quantity: string, scale: number): string {
  return round(multiply(unitPrice, quantity), scale);
}

export interface ChargeAmount {
  kind: ChargeKind;
  type: 'flat' | 'percentage';
  /** the charge as given: an amount, or a percentage */
  rate: string;
  /** what it comes to, positive (a discount is subtracted from the total) */
  amount: string;
}

/**
 * The enabled charges on `subtotal` in CHARGE_ORDER and the total they make: a flat charge is its
 * amount, a percentage is of the subtotal rounded to `scale` digits. Throws on an amount that is
 * not a decimal.
 */
export function invoiceCharges(
  subtotal: string,
  charges: Charges | undefined,
  scale: number,
): { charges: ChargeAmount[]; total: string } {
  const applied: ChargeAmount[] = [];
  let total = subtotal;
  for (const kind of CHARGE_ORDER) {
    const charge = charges?.[kind];
    if (!charge?.enabled) continue;
    const rate = charge.amount.trim();
    const amount = charge.type === 'flat' ? textOf(parseOrThrow(rate)) : percentOf(subtotal, rate, scale);
    applied.push({ kind, type: charge.type, rate, amount });
    total = add(total, kind === 'discount' ? negate(amount) : amount);
  }
  return { charges: applied, total };
}
