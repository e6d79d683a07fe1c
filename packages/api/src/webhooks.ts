// Webhook events and their signatures. The spec says the provider signs its webhooks but shows
// neither the events nor the scheme, so the events are the emulator's own (documented in the sandbox
// README) and the signature follows the Standard Webhooks specification (standardwebhooks.com):
//
//   webhook-id: evt_…              the event id, the same on every retry and redelivery
//   webhook-timestamp: <unix s>    when this attempt was signed
//   webhook-signature: v1,<base64 HMAC-SHA256(key, `${id}.${timestamp}.${raw body}`)> [v1,… more]
//   secret: whsec_<base64 of the 24 to 64 byte key>
//   body: {"id": "evt_…", "type": "…", "created_at": "…", "data": {…}}
//
// Types sent by the emulator:
//   virtual_account.credited  data: {transaction, account_number, account_reference, customer_id, amount, currency}
//   invoice.paid              data: {invoice_number, total, currency}
//   card.withdrawn            data: {card_id, transaction_reference, amount, currency}
//   payment.sent              data: {transaction_ref, from_wallet_id, from_amount, reference}
import { createHmac, timingSafeEqual } from 'node:crypto';
import * as z from 'zod';
import { Transaction } from './schemas/resources.js';
import { SignatureVerificationError, WebhookShapeError } from './core/error.js';

export const WEBHOOK_ID_HEADER = 'webhook-id';
export const WEBHOOK_TIMESTAMP_HEADER = 'webhook-timestamp';
export const WEBHOOK_SIGNATURE_HEADER = 'webhook-signature';
/** How far a signature's timestamp may be from now, either way, before it is refused as a replay. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export const CreditedEvent = z.object({
  id: z.string(),
  type: z.literal('virtual_account.credited'),
  created_at: z.string(),
  data: z.object({
    transaction: Transaction,
    account_number: z.string(),
    account_reference: z.string(),
    customer_id: z.string(),
    amount: z.string(),
    currency: z.string(),
  }),
});
export const OtherEvent = z.object({
  id: z.string(),
  type: z.enum(['invoice.paid', 'card.withdrawn', 'payment.sent']),
  created_at: z.string(),
  data: z.record(z.string(), z.unknown()),
});
/** The types above, which the kit and the emulator know. */
export const KNOWN_WEBHOOK_TYPES: ReadonlySet<string> = new Set([
  CreditedEvent.shape.type.value,
  ...OtherEvent.shape.type.options,
]);
/**
 * A signed event of a type not listed here (a provider adds types over time): acknowledged and
 * ignored, as Standard Webhooks advises, rather than refused and retried.
 */
export const UnknownEvent = z.object({
  id: z.string(),
  type: z.string().refine((type) => !KNOWN_WEBHOOK_TYPES.has(type), { error: 'is a known type' }),
  created_at: z.string().optional(),
  data: z.unknown(),
});
export const WebhookEvent = z.union([
  z.discriminatedUnion('type', [CreditedEvent, OtherEvent]),
  UnknownEvent,
]);
export type WebhookEvent = z.infer<typeof WebhookEvent>;

const SECRET_PREFIX = 'whsec_';
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** Why `secret` is not a Standard Webhooks secret (`whsec_` + base64 of 24 to 64 bytes), or null. */
export function webhookSecretProblem(secret: string): string | null {
  if (!secret.startsWith(SECRET_PREFIX)) return 'must start with "whsec_"';
  const encoded = secret.slice(SECRET_PREFIX.length);
  if (encoded.length % 4 !== 0 || !BASE64.test(encoded)) return 'must be "whsec_" followed by base64';
  const bytes = Buffer.from(encoded, 'base64').byteLength;
  if (bytes < 24 || bytes > 64) return `must encode 24 to 64 bytes (this one has ${bytes})`;
  return null;
}

/** A configuration value that must be a Standard Webhooks secret; the issue says what is wrong. */
export const WebhookSecret = z.string({ error: 'must be a string' }).check((ctx) => {
  const problem = webhookSecretProblem(ctx.value);
  if (problem) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value });
});

function secretKey(secret: string): Buffer {
  const problem = webhookSecretProblem(secret);
  if (problem) throw new TypeError(`webhook secret ${problem}`);
  return Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
}

function mac(key: Buffer, id: string, timestamp: number, body: string): Buffer {
  return createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest();
}

export interface SignWebhookInput {
  secret: string;
  /** the event id, sent as `webhook-id` */
  id: string;
  /** unix seconds */
  timestamp: number;
  /** the exact bytes that will be sent */
  body: string;
}

/** The three Standard Webhooks headers for one attempt at sending `body`. */
export function signWebhook(input: SignWebhookInput): Record<string, string> {
  const signature = mac(secretKey(input.secret), input.id, input.timestamp, input.body).toString('base64');
  return {
    [WEBHOOK_ID_HEADER]: input.id,
    [WEBHOOK_TIMESTAMP_HEADER]: String(input.timestamp),
    [WEBHOOK_SIGNATURE_HEADER]: `v1,${signature}`,
  };
}

/** Request headers as a Fetch `Headers`, or a plain record (node's `req.headers`). */
export type HeaderSource = Headers | Readonly<Record<string, string | readonly string[] | undefined>>;

function header(headers: HeaderSource, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const value = headers[name] ?? headers[name.toLowerCase()];
  return typeof value === 'string' ? value : value?.[0];
}

export interface VerifyWebhookOptions {
  secret: string;
  /** the raw request body, exactly as received */
  body: string;
  headers: HeaderSource;
  /** now, in unix seconds; injectable for tests */
  now?: number;
  /** default 300 s either way */
  toleranceSeconds?: number;
}

/** What is wrong with a signed body that is not an event of its type: the fields by their paths. */
function shapeError(json: unknown, error: z.ZodError): WebhookShapeError {
  const field = (name: string): string | undefined => {
    if (typeof json !== 'object' || json === null || !(name in json)) return undefined;
    const value: unknown = Reflect.get(json, name);
    return typeof value === 'string' ? value : undefined;
  };
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.') || '_';
    (fields[path] ??= []).push(issue.message);
  }
  const type = field('type');
  return new WebhookShapeError(`a signed ${type ?? 'untyped'} event is not of its type's shape`, {
    eventId: field('id'),
    type,
    fields,
  });
}

/**
 * Verifies a Standard Webhooks signature over the raw body (any one of the space-separated `v1`
 * signatures may match, so a secret can be rotated), in constant time, and parses the event. The
 * body's `id` must be the signed `webhook-id`.
 */
export function verifyWebhook(options: VerifyWebhookOptions): WebhookEvent {
  const { body, headers, toleranceSeconds = WEBHOOK_TOLERANCE_SECONDS } = options;
  const key = secretKey(options.secret);
  const now = options.now ?? Math.floor(Date.now() / 1000);
  const id = header(headers, WEBHOOK_ID_HEADER);
  const timestamp = header(headers, WEBHOOK_TIMESTAMP_HEADER);
  const signatures = header(headers, WEBHOOK_SIGNATURE_HEADER);
  if (!id || !timestamp || !signatures) throw new SignatureVerificationError('missing signature headers');
  if (!/^\d{1,12}$/.test(timestamp)) throw new SignatureVerificationError('malformed webhook-timestamp');
  const t = Number(timestamp);
  if (Math.abs(now - t) > toleranceSeconds)
    throw new SignatureVerificationError('signature timestamp outside tolerance');
  const expected = mac(key, id, t, body);
  const matches = signatures.split(' ').some((entry) => {
    const [version, value] = entry.split(',', 2);
    if (version !== 'v1' || !value || !BASE64.test(value)) return false;
    const given = Buffer.from(value, 'base64');
    return given.byteLength === expected.byteLength && timingSafeEqual(given, expected);
  });
  if (!matches) throw new SignatureVerificationError('signature mismatch');
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new SignatureVerificationError('body is not JSON');
  }
  const event = WebhookEvent.safeParse(json);
  if (!event.success) throw shapeError(json, event.error);
  if (event.data.id !== id) throw new SignatureVerificationError('event id does not match webhook-id');
  return event.data;
}
