// POST /webhooks: provider events in. The signature is verified over the raw body (Standard Webhooks
// by default, or the merchant's verifier; stale timestamps refused as replays), each event id is
// remembered so a duplicate changes nothing,
// and a `virtual_account.credited` event for one of our accounts marks its session paid. The answer
// comes as soon as the transition is committed; onPaid runs after, in the background.
import { endpoints } from '@pay-elements/protocol';
import { decimal, SignatureVerificationError, verifyWebhook, type WebhookEvent } from '@pay-elements/api';
import type { Clock, WebhookVerifier } from '../options.js';
import { isJsonMediaType } from '@pay-elements/http';
import { HttpError } from '../errors.js';
import { json } from '../http/answers.js';
import { readBody } from '../http/input.js';
import type { Logger } from '../log.js';
import type { Route } from '../http/router.js';
import type { PayObserver } from '../observer.js';
import type { PayStore } from '../store/parts.js';
import { creditPays, toIso, type PaymentWatcher } from '../provider/watcher.js';

export interface WebhookRouteOptions {
  /** the Standard Webhooks secret, used when no verifier is given */
  secret: string | undefined;
  toleranceSeconds: number;
  /** a provider that signs another way: checks the request and answers its event */
  verifier: WebhookVerifier | undefined;
  store: PayStore;
  watcher: PaymentWatcher;
  clock: Clock;
  observer: PayObserver;
  maxBodyBytes: number;
  /** an `invoice.paid` event came for this invoice number: its open streams hear at once */
  onInvoicePaid?: (invoiceNumber: string) => void;
}

type CreditedEvent = Extract<WebhookEvent, { type: 'virtual_account.credited' }>;

export function webhookRoutes(options: WebhookRouteOptions): Route[] {
  const { store, watcher, clock, observer } = options;
  const verify: WebhookVerifier =
    options.verifier ??
    ((input) =>
      verifyWebhook({ ...input, secret: options.secret ?? '', toleranceSeconds: options.toleranceSeconds }));

  async function settleCredit(event: CreditedEvent, log: Logger): Promise<void> {
    const { data } = event;
    const session = await store.sessions.findByReference(data.account_reference);
    if (!session) {
      log.info('credit for an account the kit did not open; ignored', { eventId: event.id });
      return;
    }
    // the event's own figures must agree with its transaction; whether that pays the session is the
    // watcher's one rule (type, status, entry, reference, exact amount), here for the account the
    // credit went to, current or replaced by a renewal
    const pays =
      decimal.equals(data.amount, data.transaction.amount) &&
      data.currency.toUpperCase() === session.currency &&
      creditPays(data.transaction, { ...session, reference: data.account_reference });
    if (!pays) {
      log.warn('credit does not pay the session (status, amount or currency); ignored', {
        eventId: event.id,
        sessionId: session.id,
        status: data.transaction.status,
        amount: data.amount,
        currency: data.currency,
      });
      return;
    }
    await watcher.confirm(
      session,
      { transactionId: data.transaction.id, paidAt: toIso(data.transaction.created_at, clock.now()) },
      log,
    );
  }

  const receive: Route = {
    ...endpoints.webhooks,
    maxBodyBytes: options.maxBodyBytes,
    serverToServer: true,
    async handle({ request, log }) {
      if (!isJsonMediaType(request.headers.get('content-type')))
        throw new HttpError('unsupported_media_type', 'The request body must be application/json.');
      const body = await readBody(request);
      let event: WebhookEvent;
      try {
        event = await verify({ body, headers: request.headers, now: Math.floor(clock.now() / 1000) });
      } catch (error) {
        if (!(error instanceof SignatureVerificationError)) throw error;
        log.warn('webhook refused', { reason: error.message });
        observer.webhook?.('refused');
        throw new HttpError('invalid_request', 'The webhook signature is not valid.');
      }
      // verified deliveries arriving: webhooks are healthy, the watcher may check less often
      await watcher.webhookVerified();
      if (await store.webhookEvents.has(event.id)) {
        observer.webhook?.('duplicate');
        return json({ received: true });
      }
      if (event.type === 'virtual_account.credited') await settleCredit(event, log);
      else if (event.type === 'invoice.paid') {
        const number = event.data['invoice_number'];
        if (typeof number === 'string' || typeof number === 'number') options.onInvoicePaid?.(String(number));
      }
      await store.webhookEvents.remember(event.id, clock.now());
      observer.webhook?.('accepted');
      return json({ received: true });
    },
  };

  return [receive];
}
