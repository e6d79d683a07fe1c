// The email a paid session owes the shopper its order named (`email`): owed in the outbox by the paid
// transition itself (topic `sessions.paid-email`), sent by the merchant's `sendPaidEmail` (pay-service
// writes it as the shopper's proof of payment)
// once the commit is made, so a slow or refusing mail server never holds the payment up; a failure is
// retried with the kit's event backoff. The address goes to the sender alone: an error that quotes it
// (a mail server's refusal usually does) is logged with every address masked.
import type { FlowDelivery } from '../../flow.js';
import type { SessionBook, SessionRecord } from './book.js';
import type { SessionExtras } from './view.js';
import { sessionDisplay } from './view.js';
import type { SessionMerchant } from '@pay-elements/protocol';

/** What the email of a paid session says, as the kit gives it to `sendPaidEmail`. */
export interface PaidEmail {
  /** the shopper's address, as the order gave it */
  to: string;
  /** the shopper's language (BCP 47) when the order gave one */
  locale?: string;
  /** stable per session (`paid-email.<sessionId>`): the same for a retry, so a Message-ID can be made of it */
  id: string;
  sessionId: string;
  orderId: string;
  /** decimal string, as the order gave it */
  amount: string;
  /** upper-case ISO 4217 */
  currency: string;
  /** ISO 8601 */
  paidAt: string;
  /** the merchant the shopper paid (the order's, else the kit's `merchant`) */
  merchantName?: string;
  /** what was bought, and the merchant's order number */
  orderTitle?: string;
  orderReference?: string;
  /** the transfer that paid it: the provider's transaction `ref` (else its id) */
  transferReference?: string;
  /** the hosted checkout (the `checkoutUrl` option), which shows the session paid */
  link?: string;
  /** what other flows add to the paid session's view, by field (a link of their own, say) */
  viewFields: Readonly<Record<string, string>>;
}

/** Anything shaped like an email address in a text, masked. */
export function maskAddresses(text: string): string {
  return text.replace(/[^\s<>()[\]@"',;:]+@[^\s<>()[\]@"',;:]+/g, '[address]');
}

/** The email a paid session with a shopper owes; null for any other. */
export function paidEmailOf(
  session: SessionRecord,
  links: {
    merchant: SessionMerchant | undefined;
    extras: SessionExtras;
    checkoutUrl?: (id: string) => string;
  },
): PaidEmail | null {
  const { shopper } = session;
  if (session.status !== 'paid' || !shopper || !session.paidAt) return null;
  const display = sessionDisplay(links.merchant, session);
  const link = links.checkoutUrl?.(session.id);
  const transfer = session.transactionRef ?? session.transactionId;
  return {
    to: shopper.email,
    ...(shopper.locale ? { locale: shopper.locale } : {}),
    id: `paid-email.${session.id}`,
    sessionId: session.id,
    orderId: session.orderId,
    amount: session.amount,
    currency: session.currency,
    paidAt: session.paidAt,
    ...(display.merchant ? { merchantName: display.merchant.name } : {}),
    ...(display.order ? { orderTitle: display.order.title } : {}),
    ...(display.order?.reference ? { orderReference: display.order.reference } : {}),
    ...(transfer ? { transferReference: transfer } : {}),
    ...(link ? { link } : {}),
    viewFields: links.extras(session),
  };
}

/** The sessions flow's delivery of paid emails through the merchant's sender. */
export function paidEmailDelivery(options: {
  book: SessionBook;
  send: (mail: PaidEmail) => void | Promise<void>;
  merchant: SessionMerchant | undefined;
  extras: SessionExtras;
  checkoutUrl?: ((id: string) => string) | undefined;
}): FlowDelivery {
  const { book, send, merchant, extras, checkoutUrl } = options;
  return {
    names: { callback: 'sendPaidEmail', id: 'sessionId' },
    backoff: true,
    async deliver(id) {
      const session = await book.get(id);
      const mail =
        session && paidEmailOf(session, { merchant, extras, ...(checkoutUrl ? { checkoutUrl } : {}) });
      if (!mail) return;
      try {
        await send(mail);
      } catch (error) {
        // what reaches the log: the failure's name and words, no address
        const masked = new Error(maskAddresses(error instanceof Error ? error.message : String(error)));
        if (error instanceof Error) masked.name = error.name;
        throw masked;
      }
    },
  };
}
