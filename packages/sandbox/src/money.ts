// The emulator's money policy on the shared decimal module of @pay-elements/api: amounts held as
// bigint minor units (two decimals for every currency the emulator serves), a ceiling, conversion.
import { decimal } from '@pay-elements/api';

/** Decimals of every amount the emulator stores. */
export const MINOR_DIGITS = 2;
/** Decimals allowed in a percentage charge (`"7.5"`, `"12.3456"`). */
export const PERCENT_DIGITS = 4;
/** The largest amount accepted anywhere: one trillion, in major units. */
export const MAX_MAJOR = 1_000_000_000_000n;

/**
 * A JSON number → scaled bigint, exactly. `String(n)` is the shortest text that reads back as `n`,
 * so 0.1 gives "0.1", not 0.1000000000000000055…; exponent forms (1e-7, 1e21) are refused.
 */
export function numberToScaled(value: number, scale: number): bigint | null {
  if (!Number.isFinite(value)) return null;
  return decimal.scaled(String(value), scale);
}

/** An amount given as a JSON number → minor units, or null if it has more than two decimals. */
export function toMinor(value: number): bigint | null {
  return numberToScaled(value, MINOR_DIGITS);
}

/** An amount given as a decimal string → minor units, or null. */
export function parseMinor(text: string): bigint | null {
  return decimal.scaled(text, MINOR_DIGITS);
}

/** Minor units → `"5000.00"`, the decimal strings of wallet balances, transactions and invoices. */
export function formatMinor(value: bigint): string {
  return decimal.formatScaled(value, MINOR_DIGITS);
}

/** Minor units → a JSON number (single-use account and payment link amounts are numbers). */
export function minorToNumber(value: bigint): number {
  return Number(formatMinor(value));
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
  return decimal.divRound(amountMinor * toRate, fromRate);
}
