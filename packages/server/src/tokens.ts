// Unguessable handles for what a browser may look at without signing in (an invoice, a customer's
// funding page): the subject, signed with the kit's secret for one purpose. A number or an id alone,
// a handle for another purpose, or a tampered or expired one, is nothing (a 404 without asking the
// provider). The subject is readable in the handle, not secret: what the handle proves is that the
// merchant made it.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Logger } from './log.js';

/** What a handle is for: it opens nothing else. */
export type TokenPurpose = string;

/** The signature's length: 128 bits, as many as a session id's. */
const SIGNATURE_BYTES = 16;
/** A subject longer than this, in UTF-8 bytes, is refused (ids and numbers are short). */
const MAX_SUBJECT = 256;
/**
 * The longest handle `sign` makes: the subject in base64url (4 characters per 3 bytes), the expiry
 * (at most 12 characters), the signature (22) and two dots. Anything longer is not one of ours.
 */
const MAX_TOKEN = Math.ceil((MAX_SUBJECT * 4) / 3) + 12 + 22 + 2;

function encode(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url');
}

function decode(text: string): string | null {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return null;
  const bytes = Buffer.from(text, 'base64url');
  // a canonical encoding only: a handle has one spelling
  if (bytes.toString('base64url') !== text) return null;
  const decoded = bytes.toString('utf8');
  return Buffer.from(decoded, 'utf8').equals(bytes) ? decoded : null;
}

export class TokenSigner {
  readonly #secret: Buffer;
  readonly #ephemeral: boolean;
  readonly #logger: Logger;
  #warned = false;

  /** `secret` undefined: a random one for this process only (tokens die with it: warned once). */
  constructor(secret: string | undefined, logger: Logger) {
    this.#secret = secret === undefined ? randomBytes(32) : Buffer.from(secret, 'utf8');
    this.#ephemeral = secret === undefined;
    this.#logger = logger;
  }

  /**
   * A handle for `subject`: `<subject>.<expiry>.<signature>`, each part base64url (the expiry, unix
   * seconds in base 36, empty when it never expires).
   */
  sign(purpose: TokenPurpose, subject: string, expiresAt?: number): string {
    if (subject === '' || Buffer.byteLength(subject, 'utf8') > MAX_SUBJECT)
      throw new RangeError(`a ${purpose} token's subject must have 1 to ${MAX_SUBJECT} bytes in UTF-8`);
    if (this.#ephemeral && !this.#warned) {
      this.#warned = true;
      this.#logger.warn(
        'tokens are signed with a random secret of this process: they stop working when it restarts, ' +
          'and other instances refuse them: give the kit a tokenSecret',
      );
    }
    const body = `${encode(subject)}.${expiresAt === undefined ? '' : Math.ceil(expiresAt / 1000).toString(36)}`;
    return `${body}.${this.#signature(purpose, body).toString('base64url')}`;
  }

  /** The subject of a handle made for `purpose` and still valid at `now` (ms), else null. */
  verify(purpose: TokenPurpose, token: string, now: number): string | null {
    if (token.length > MAX_TOKEN) return null;
    const parts = token.split('.');
    if (parts.length !== 3) return null;
    const [subject = '', expiry = '', signature = ''] = parts;
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== SIGNATURE_BYTES || given.toString('base64url') !== signature) return null;
    if (!timingSafeEqual(given, this.#signature(purpose, `${subject}.${expiry}`))) return null;
    if (expiry !== '') {
      if (!/^[0-9a-z]{1,12}$/.test(expiry)) return null;
      if (parseInt(expiry, 36) * 1000 <= now) return null;
    }
    return decode(subject);
  }

  #signature(purpose: TokenPurpose, body: string): Buffer {
    return createHmac('sha256', this.#secret)
      .update(`pay-elements ${purpose} token\n${body}`)
      .digest()
      .subarray(0, SIGNATURE_BYTES);
  }
}
