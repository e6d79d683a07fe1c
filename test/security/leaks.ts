// Scanners for what must never reach a page, an asset or a log: a secret key (anything shaped like
// `sk_…`, as the kit's log redaction reads it) and a card number (sixteen digits, alone or in groups of
// four, that pass the Luhn check, or one of the numbers a test knows of, however it is grouped).
// A finding names the kind and where it is, with the number masked, so a failing test prints no card.

/** A key as the provider and the emulator shape them: `sk_live_…`, `sk_sandbox_local`. */
const KEY_SHAPE = /(?<![A-Za-z0-9])sk_[A-Za-z0-9_-]{4,}/g;

/**
 * Sixteen digits, bare or as four groups split the same way by a space or a dash, standing alone: not
 * inside a longer run of digits or letters (a hex id, a reference such as `DVA-…`), not a decimal
 * fraction.
 */
const PAN_SHAPE = /(?<![\w.-])(\d{4})([ -]?)(\d{4})\2(\d{4})\2(\d{4})(?![\w]|\.\d)/g;

/** Whether `digits` passes the Luhn check (the last digit is the check digit). */
export function luhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** `539983******3011`: enough to recognise a number in a failure message, not enough to use it. */
export function maskPan(digits: string): string {
  return `${digits.slice(0, 6)}******${digits.slice(-4)}`;
}

export interface Leak {
  kind: 'key' | 'card' | 'secret';
  /** where: a file path, a URL, "log" */
  where: string;
  /** what was found, a card masked */
  what: string;
}

export interface ScanOptions {
  /** card numbers known to the test (revealed from the emulator), found however they are grouped */
  cards?: readonly string[];
  /** other secrets the test set (the secret that signs links, the webhook secret), found as they are */
  secrets?: readonly string[];
}

/** Every key-shaped string and every card number in `text`. */
export function findLeaks(text: string, where: string, options: ScanOptions = {}): Leak[] {
  const leaks: Leak[] = [];
  for (const match of text.matchAll(KEY_SHAPE)) leaks.push({ kind: 'key', where, what: match[0] });
  const seen = new Set<string>();
  for (const match of text.matchAll(PAN_SHAPE)) {
    const digits = `${match[1]}${match[3]}${match[4]}${match[5]}`;
    if (luhn(digits) && !seen.has(digits)) {
      seen.add(digits);
      leaks.push({ kind: 'card', where, what: maskPan(digits) });
    }
  }
  for (const card of options.cards ?? []) {
    if (seen.has(card)) continue;
    // the known number with any one separator (or none) between any of its digits
    const anyGrouping = new RegExp(card.split('').join('[ .-]?'));
    if (anyGrouping.test(text)) {
      seen.add(card);
      leaks.push({ kind: 'card', where, what: maskPan(card) });
    }
  }
  for (const secret of options.secrets ?? [])
    if (text.includes(secret)) leaks.push({ kind: 'secret', where, what: `${secret.slice(0, 4)}…` });
  return leaks;
}

/** `findLeaks` over many texts, in one list. */
export function scanAll(texts: Iterable<{ where: string; text: string }>, options: ScanOptions = {}): Leak[] {
  const leaks: Leak[] = [];
  for (const { where, text } of texts) leaks.push(...findLeaks(text, where, options));
  return leaks;
}
