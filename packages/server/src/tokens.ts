// Unguessable handles for what a browser may look at without signing in (a flow's view of one
// subject: a document, a person's page): the subject, sealed with the kit's secret for one purpose (a
// flow's name). An id alone, a handle for another purpose, or a tampered or expired one, is nothing
// (a 404 without asking the provider). The handle is opaque: the subject and the expiry are
// encrypted, so a link in an email, a log or a browser's history names no one.
//
// The sealing is deterministic authenticated encryption (SIV: a synthetic IV): the tag is an HMAC of
// the purpose and the plaintext, and the plaintext is encrypted with AES-256-CTR under that tag as its
// IV. The same purpose, subject and expiry always give the same handle (a page signed twice links to
// one URL); anything changed in a handle changes the plaintext, and the tag no longer matches.
import { createCipheriv, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Logger } from './log.js';

/**
 * What a handle is for (a flow's own name): it opens nothing else. Lower-case letters, digits, `-`
 * and `_`, starting with a letter, at most 32 characters.
 */
export type TokenPurpose = string;

const PURPOSE = /^[a-z][a-z0-9_-]{0,31}$/;
/** The tag's length: 128 bits, as many as a session id's. It is also the cipher's IV. */
const TAG_BYTES = 16;
/** The expiry in the plaintext: unix seconds plus one, 0 when it never expires (40 bits: 34,000 years). */
const EXPIRY_BYTES = 5;
/** The plaintext is padded to whole blocks, so that a handle tells an id's length only roughly. */
const BLOCK = 16;
/** A subject longer than this, in UTF-8 bytes, is refused (ids and numbers are short). */
const MAX_SUBJECT = 256;
/** The most bytes a sealed handle has: the tag, then the expiry, subject and padding in whole blocks. */
const MAX_SEALED = TAG_BYTES + Math.ceil((EXPIRY_BYTES + MAX_SUBJECT + 1) / BLOCK) * BLOCK;
/** The longest handle `sign` makes, in base64url characters. Anything longer is not one of ours. */
const MAX_TOKEN = Math.ceil((MAX_SEALED * 4) / 3);
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** `bytes` then 0x80 and zeros up to a whole number of blocks (ISO/IEC 7816-4 padding). */
function pad(bytes: Buffer): Buffer {
  const padded = Buffer.alloc(Math.ceil((bytes.length + 1) / BLOCK) * BLOCK);
  bytes.copy(padded);
  padded[bytes.length] = 0x80;
  return padded;
}

/** The bytes before the padding, or null when there is none. */
function unpad(padded: Buffer): Buffer | null {
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  return end >= 0 && padded[end] === 0x80 ? padded.subarray(0, end) : null;
}

export class TokenSigner {
  readonly #tagKey: Buffer;
  readonly #cipherKey: Buffer;
  readonly #ephemeral: boolean;
  readonly #logger: Logger;
  #warned = false;

  /** `secret` undefined: a random one for this process only (tokens die with it: warned once). */
  constructor(secret: string | undefined, logger: Logger) {
    const key = secret === undefined ? randomBytes(32) : Buffer.from(secret, 'utf8');
    // one key for the tag and one for the cipher, each derived from the secret
    this.#tagKey = createHmac('sha256', key).update('pay-elements token tag').digest();
    this.#cipherKey = createHmac('sha256', key).update('pay-elements token cipher').digest();
    this.#ephemeral = secret === undefined;
    this.#logger = logger;
  }

  /**
   * An opaque handle for `subject`, opened only by `verify` with the same purpose and secret, until
   * `expiresAt` (ms; never when undefined): base64url, 43 characters for a subject of up to 10 bytes,
   * 21 or 22 more for each 16 bytes after that, 384 at most.
   */
  sign(purpose: TokenPurpose, subject: string, expiresAt?: number): string {
    checkPurpose(purpose);
    const text = Buffer.from(subject, 'utf8');
    if (subject === '' || text.length > MAX_SUBJECT)
      throw new RangeError(`a ${purpose} token's subject must have 1 to ${MAX_SUBJECT} bytes in UTF-8`);
    if (text.toString('utf8') !== subject)
      throw new RangeError(`a ${purpose} token's subject must be well-formed text (no lone surrogate)`);
    if (expiresAt !== undefined && !(Number.isFinite(expiresAt) && expiresAt < 1e15))
      throw new RangeError(`a ${purpose} token's expiry must be a time in milliseconds`);
    if (this.#ephemeral && !this.#warned) {
      this.#warned = true;
      this.#logger.warn(
        'tokens are signed with a random secret of this process: they stop working when it restarts, ' +
          'and other instances refuse them: give the kit a tokenSecret',
      );
    }
    const expiry = Buffer.alloc(EXPIRY_BYTES);
    if (expiresAt !== undefined)
      expiry.writeUIntBE(Math.max(0, Math.ceil(expiresAt / 1000)) + 1, 0, EXPIRY_BYTES);
    const plain = pad(Buffer.concat([expiry, text]));
    const tag = this.#tag(purpose, plain);
    return Buffer.concat([tag, this.#crypt(tag, plain)]).toString('base64url');
  }

  /** The subject of a handle made for `purpose` and still valid at `now` (ms), else null. */
  verify(purpose: TokenPurpose, token: string, now: number): string | null {
    checkPurpose(purpose);
    if (token.length > MAX_TOKEN || !BASE64URL.test(token)) return null;
    const sealed = Buffer.from(token, 'base64url');
    // a canonical encoding only (no stray bits in the last character): a handle has one spelling
    if (sealed.toString('base64url') !== token) return null;
    if (sealed.length < TAG_BYTES + BLOCK || (sealed.length - TAG_BYTES) % BLOCK !== 0) return null;
    const tag = sealed.subarray(0, TAG_BYTES);
    const plain = this.#crypt(tag, sealed.subarray(TAG_BYTES));
    if (!timingSafeEqual(tag, this.#tag(purpose, plain))) return null;
    // the tag matched: the plaintext is one `sign` made, padding and all
    const body = unpad(plain);
    if (body === null || body.length <= EXPIRY_BYTES) return null;
    const expiry = body.readUIntBE(0, EXPIRY_BYTES);
    if (expiry !== 0 && (expiry - 1) * 1000 <= now) return null;
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(body.subarray(EXPIRY_BYTES));
    } catch {
      return null;
    }
  }

  #tag(purpose: string, plain: Buffer): Buffer {
    return createHmac('sha256', this.#tagKey)
      .update(`pay-elements ${purpose} token\n`)
      .update(plain)
      .digest()
      .subarray(0, TAG_BYTES);
  }

  /** AES-256-CTR under the tag as IV: the same call encrypts and decrypts. */
  #crypt(tag: Buffer, bytes: Buffer): Buffer {
    const cipher = createCipheriv('aes-256-ctr', this.#cipherKey, tag);
    return Buffer.concat([cipher.update(bytes), cipher.final()]);
  }
}

function checkPurpose(purpose: string): void {
  if (!PURPOSE.test(purpose))
    throw new RangeError(
      `a token's purpose must be a lower-case name of 1 to 32 letters, digits, - or _ (got ${JSON.stringify(purpose)})`,
    );
}
