// Identifiers and numbers made at run time. Random, so records made by one emulator run never collide
// with those of another (a merchant's store may outlive the emulator); fixtures use fixed ones.
import { randomInt, randomUUID } from 'node:crypto';

/** `prefix_` + 24 hex characters. */
export function newId(prefix: string): string {
  return `${prefix}_${randomUUID().replaceAll('-', '').slice(0, 24)}`;
}

/** A reference in the style providers use: `PREFIX-` + 16 upper-case hex characters. */
export function newReference(prefix: string): string {
  return `${prefix}-${randomUUID().replaceAll('-', '').slice(0, 16).toUpperCase()}`;
}

/** `length` random digits, the first not zero. */
export function randomDigits(length: number): string {
  let out = String(randomInt(1, 10));
  while (out.length < length) out += String(randomInt(0, 10));
  return out;
}

/** A 10-digit account number for which `taken` is false. */
export function newAccountNumber(taken: (number: string) => boolean): string {
  for (;;) {
    const number = randomDigits(10);
    if (!taken(number)) return number;
  }
}

/** The Luhn check digit of `digits`. */
export function luhnDigit(digits: string): string {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
}

/** A 16-digit card number that passes the Luhn check, in a Mastercard range. */
export function newCardNumber(): string {
  const body = `539983${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
  return body + luhnDigit(body);
}
