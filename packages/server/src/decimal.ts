// Exact decimal arithmetic for amounts. Amounts cross the protocol as decimal strings ("5000.00"),
// the provider's single-use account answers a JSON number, and transactions answer strings again:
// every comparison goes through these functions, never through float formatting.

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

/** A decimal as an integer count of 10^-scale units: "12.50" → {units: 1250n, scale: 2}. */
export interface Decimal {
  units: bigint;
  scale: number;
}

/** Parses a plain decimal string ("5000", "-12.5", "0.010"); null for anything else. */
export function parseDecimal(text: string): Decimal | null {
  const match = DECIMAL.exec(text.trim());
  if (!match) return null;
  const [, sign, whole = '0', fraction = ''] = match;
  const units = BigInt(whole + fraction);
  return { units: sign ? -units : units, scale: fraction.length };
}

function rescale(value: Decimal, scale: number): bigint {
  return value.units * 10n ** BigInt(scale - value.scale);
}

/** -1, 0 or 1, comparing the exact values; throws on a string that is not a decimal. */
export function compareDecimal(a: string, b: string): -1 | 0 | 1 {
  const x = parseDecimal(a);
  const y = parseDecimal(b);
  if (!x || !y) throw new TypeError(`not a decimal: ${JSON.stringify(x ? b : a)}`);
  const scale = Math.max(x.scale, y.scale);
  const left = rescale(x, scale);
  const right = rescale(y, scale);
  return left === right ? 0 : left < right ? -1 : 1;
}

/** True when both are decimals of the same exact value ("5000.00" and "5000"); false otherwise. */
export function decimalEquals(a: string, b: string): boolean {
  const x = parseDecimal(a);
  const y = parseDecimal(b);
  if (!x || !y) return false;
  const scale = Math.max(x.scale, y.scale);
  return rescale(x, scale) === rescale(y, scale);
}

/** True when the decimal is greater than zero. */
export function isPositiveDecimal(text: string): boolean {
  const value = parseDecimal(text);
  return value !== null && value.units > 0n;
}

/**
 * The exact decimal a JSON number stands for, as the shortest string that reads back as the same
 * double (what `JSON.parse` produced): 5000 → "5000", 0.1 → "0.1", 1e21 → "1000000000000000000000".
 * Null for NaN and infinities.
 */
export function decimalFromNumber(value: number): string | null {
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
export function numberEqualsDecimal(value: number, text: string): boolean {
  const exact = decimalFromNumber(value);
  return exact !== null && decimalEquals(exact, text);
}

/** The JSON number to send for a decimal string, refusing one a double cannot hold exactly. */
export function decimalToNumber(text: string): number | null {
  if (!parseDecimal(text)) return null;
  const value = Number(text);
  return numberEqualsDecimal(value, text) ? value : null;
}

/**
 * Writes a decimal with at least `minScale` fraction digits, dropping extra trailing zeros:
 * ("5000", 2) → "5000.00", ("12.5", 2) → "12.50", ("0.125", 2) → "0.125".
 */
export function formatDecimal(text: string, minScale = 2): string {
  const value = parseDecimal(text);
  if (!value) throw new TypeError(`not a decimal: ${JSON.stringify(text)}`);
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

// ── Arithmetic (invoice charges) ────────────────────────────────────────────────────────────
// Exact on the integer units; only `roundDecimal` loses digits, and it says how (half away from
// zero, the commercial rounding the provider and the emulator use for invoice percentages).

function parseOrThrow(text: string): Decimal {
  const value = parseDecimal(text);
  if (!value) throw new TypeError(`not a decimal: ${JSON.stringify(text)}`);
  return value;
}

/** The plain text of a decimal at its own scale: {units: -1250n, scale: 2} → "-12.50". */
function textOf(value: Decimal): string {
  const negative = value.units < 0n;
  const digits = (negative ? -value.units : value.units).toString().padStart(value.scale + 1, '0');
  const whole = digits.slice(0, digits.length - value.scale);
  const fraction = digits.slice(digits.length - value.scale);
  return `${negative ? '-' : ''}${whole}${value.scale > 0 ? `.${fraction}` : ''}`;
}

/** a + b + …, exactly: ("0.1", "0.2") → "0.3". */
export function addDecimals(...terms: string[]): string {
  const values = terms.map(parseOrThrow);
  const scale = Math.max(0, ...values.map((v) => v.scale));
  const units = values.reduce((sum, v) => sum + rescale(v, scale), 0n);
  return textOf({ units, scale });
}

/** -a, exactly. */
export function negateDecimal(text: string): string {
  const value = parseOrThrow(text);
  return textOf({ units: -value.units, scale: value.scale });
}

/** a × b, exactly (the scales add): ("19.99", "3") → "59.97", ("0.1", "2.5") → "0.25". */
export function multiplyDecimals(a: string, b: string): string {
  const x = parseOrThrow(a);
  const y = parseOrThrow(b);
  return textOf({ units: x.units * y.units, scale: x.scale + y.scale });
}

/** Rounded to `scale` fraction digits, half away from zero: ("7.5275", 2) → "7.53", ("-0.125", 2) → "-0.13". */
export function roundDecimal(text: string, scale: number): string {
  const value = parseOrThrow(text);
  if (value.scale <= scale) return textOf({ units: rescale(value, scale), scale });
  const divisor = 10n ** BigInt(value.scale - scale);
  const negative = value.units < 0n;
  const magnitude = negative ? -value.units : value.units;
  const rounded = (magnitude * 2n + divisor) / (divisor * 2n);
  return textOf({ units: negative ? -rounded : rounded, scale });
}

/** `rate` percent of `base`, rounded to `scale` digits half away from zero: ("60.22", "12.5", 2) → "7.53". */
export function percentOfDecimal(base: string, rate: string, scale: number): string {
  const product = parseOrThrow(multiplyDecimals(base, rate));
  return roundDecimal(textOf({ units: product.units, scale: product.scale + 2 }), scale);
}
