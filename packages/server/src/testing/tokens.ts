// Tokens altered as an attacker would: a bit of the sealed bytes flipped, and two tokens spliced, so
// that a test's "tampered" token is refused for its seal, not for its spelling.

/** `token` with one bit of its decoded byte at `at` (from the start; negative from the end) flipped. */
export function flipBit(token: string, at: number): string {
  const bytes = Buffer.from(token, 'base64url');
  const i = at < 0 ? bytes.length + at : at;
  bytes[i] = (bytes[i] ?? 0) ^ 0x01;
  return bytes.toString('base64url');
}

/** The first half of `a`'s bytes and the second half of `b`'s. */
export function splice(a: string, b: string): string {
  const x = Buffer.from(a, 'base64url');
  const y = Buffer.from(b, 'base64url');
  const half = Math.floor(Math.min(x.length, y.length) / 2);
  return Buffer.concat([x.subarray(0, half), y.subarray(half)]).toString('base64url');
}
