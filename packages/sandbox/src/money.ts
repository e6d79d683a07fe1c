// Exact decimal arithmetic for the emulator. Money is held as bigint minor units (two decimals for
// every currency the emulator serves); percentages as bigint with four decimals. No float ever
// carries an amount: JSON numbers are read through their shortest decimal text, which is exact.

/** Decimals of every amount the emulator stores. */
export const MINOR_DIGITS = 2;
/** Decimals allowed in a percentage charge (`"7.5"`, `"12.3456"`). */
export const PERCENT_DIGITS = 4;
/** The largest amount accepted anywhere: one trillion, in major units. */
export const MAX_MAJOR = 1_000_000_000_000n;

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * `"12.5"` at scale 2 → `1250n`. Null when the text is not a plain decimal or carries more
 * fraction digits than `scale` (never rounds silently).
 */
export function decimalToScaled(text: string, scale: number): bigint | null {
  const match = DECIMAL.exec(text.trim());
  if (!match) return null;
  const [, sign = '', whole = '0', fraction = ''] = match;
  const trimmed = fraction.replace(/0+$/, '');
  if (trimmed.length > scale) return null;
  const value = BigInt(whole) * 10n ** BigInt(scale) + BigInt(trimmed.padEnd(scale, '0') || '0');
  return sign === '-' ? -value : value;
}

/**
 * A JSON number → scaled bigint, exactly. `String(n)` is the shortest text that reads back as `n`,
 * so 0.1 gives "0.1", not 0.1000000000000000055…; exponent forms (1e-7, 1e21) are refused.
 */
export function numberToScaled(value: number, scale: number): bigint | null {
  if (!Number.isFinite(value)) return null;
  return decimalToScaled(String(value), scale);
}

/** `1250n` at scale 2 → `"12.50"`. */
export function formatScaled(value: bigint, scale: number): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale);
  return `${negative ? '-' : ''}${whole}${scale > 0 ? `.${fraction}` : ''}`;
}

/** numerator / denominator rounded half away from zero (the commercial rounding of invoices). */
export function divRound(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError('division by zero');
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const quotient = (n * 2n + d) / (d * 2n);
  return negative ? -quotient : quotient;
}

/** An amount given as a JSON number → minor units, or null if it has more than two decimals. */
export function toMinor(value: number): bigint | null {
  return numberToScaled(value, MINOR_DIGITS);
}

/** An amount given as a decimal string → minor units, or null. */
export function parseMinor(text: string): bigint | null {
  return decimalToScaled(text, MINOR_DIGITS);
}

/** Minor units → `"5000.00"`, the decimal strings of wallet balances, transactions and invoices. */
export function formatMinor(value: bigint): string {
  return formatScaled(value, MINOR_DIGITS);
}

/** Minor units → a JSON number (single-use account and payment link amounts are numbers). */
export function minorToNumber(value: bigint): number {
  return Number(formatMinor(value));
}

/** `percent` (scaled by PERCENT_DIGITS) of `base` (minor units), rounded half away from zero. */
export function percentOf(base: bigint, percent: bigint): bigint {
  return divRound(base * percent, 100n * 10n ** BigInt(PERCENT_DIGITS));
}

/**
 * unit price × quantity in minor units, rounded half away from zero. Quantities may carry up to
 * three decimals (2.5 kg); prices up to two.
 */
export function lineTotal(unitPriceMinor: bigint, quantityMilli: bigint): bigint {
  return divRound(unitPriceMinor * quantityMilli, 1000n);
}

/** Whether minor units stay within MAX_MAJOR. */
export function withinLimit(value: bigint): boolean {
  const limit = MAX_MAJOR * 10n ** BigInt(MINOR_DIGITS);
  return value <= limit && value >= -limit;
}

/**
 * Converts minor units between currencies with rates given as units of each currency per one US
 * dollar, scaled by 10^6: amount × rate(to) / rate(from), rounded half away from zero.
 */
export function convert(amountMinor: bigint, fromRate: bigint, toRate: bigint): bigint {
  return divRound(amountMinor * toRate, fromRate);
}
