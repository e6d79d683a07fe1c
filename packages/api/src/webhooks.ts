// Webhook events. The spec says the provider signs its webhooks but shows neither the events nor the
// scheme, so these are the emulator's own, documented in the README and used by the kit to verify:
//
//   header   Pay-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, `${t}.${raw body}`)>
//   body     {"id": "evt_…", "type": "…", "created_at": "…", "data": {…}}
//
// Types sent by the emulator:
//   virtual_account.credited  data: {transaction, account_number, account_reference, customer_id, amount, currency}
//   invoice.paid              data: {invoice_number, total, currency}
//   card.withdrawn            data: {card_id, transaction_reference, amount, currency}
//   payment.sent              data: {transaction_ref, from_wallet_id, from_amount, reference}
import { createHmac, timingSafeEqual } from 'node:crypto';
import * as z from 'zod';
import { Transaction } from './schemas/resources.js';
import { SignatureVerificationError } from './core/error.js';

export const SIGNATURE_HEADER = 'pay-signature';

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
export const WebhookEvent = z.discriminatedUnion('type', [CreditedEvent, OtherEvent]);
export type WebhookEvent = z.infer<typeof WebhookEvent>;

/** The `Pay-Signature` header value for `body` sent at `timestamp` (unix seconds). */
export function signWebhook(secret: string, body: string, timestamp: number): string {
  const mac = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${mac}`;
}

export interface VerifyWebhookOptions {
  secret: string;
  /** the raw request body, exactly as received */
  body: string;
  /** the `Pay-Signature` header */
  header: string | null | undefined;
  /** now, in unix seconds; injectable for tests */
  now?: number;
  /** how old a signature may be before it is refused as a replay; default 300 s */
  toleranceSeconds?: number;
}

/** Verifies the signature over the raw body in constant time and parses the event. */
export function verifyWebhook(options: VerifyWebhookOptions): WebhookEvent {
  const { secret, body, header, toleranceSeconds = 300 } = options;
  const now = options.now ?? Math.floor(Date.now() / 1000);
  if (!header) throw new SignatureVerificationError('missing signature header');
  const parts = new Map(header.split(',').map((p) => p.trim().split('=', 2) as [string, string]));
  const t = Number(parts.get('t'));
  const given = parts.get('v1') ?? '';
  if (!Number.isInteger(t) || !/^[0-9a-f]{64}$/.test(given)) {
    throw new SignatureVerificationError('malformed signature header');
  }
  if (Math.abs(now - t) > toleranceSeconds)
    throw new SignatureVerificationError('signature timestamp outside tolerance');
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  if (!timingSafeEqual(expected, Buffer.from(given, 'hex')))
    throw new SignatureVerificationError('signature mismatch');
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new SignatureVerificationError('body is not JSON');
  }
  const event = WebhookEvent.safeParse(json);
  if (!event.success) throw new SignatureVerificationError('unrecognised event');
  return event.data;
}
