// POST /webhooks: provider events in. The signature is verified over the raw body (Standard Webhooks
// by default, or the merchant's verifier; stale timestamps refused as replays), each event id is
// remembered so a duplicate changes nothing (and forgotten after the retention, checked at most
// hourly), a `virtual_account.credited` event for one of our accounts marks its session paid, and a
// signed event of a type the kit does not handle is acknowledged (2xx) with a log line, so that the
// provider neither retries it nor disables the endpoint. The answer comes as soon as the transition is
// committed; onPaid runs after, in the background.
import { endpoints } from '@pay-elements/protocol';
import type * as z from 'zod';
import {
  CreditedEvent,
  decimal,
  KNOWN_WEBHOOK_TYPES,
  SignatureVerificationError,
  verifyWebhook,
  type WebhookEvent,
} from '@pay-elements/api';
import { isJsonMediaType } from '@pay-elements/http';
import type { Clock } from '../clock.js';
import { HttpError } from '../errors.js';
import { json } from '../http/answers.js';
import { readBody } from '../http/input.js';
import type { Route } from '../http/router.js';
import { describeError, type Logger } from '../log.js';
import type { PayObserver } from '../observer.js';
import type { WebhookVerifier } from '../options.js';
import { creditPays, toIso } from '../provider/credits.js';
import type { PaymentWatcher } from '../provider/watcher.js';
import type { DepositBook } from '../funding/deposits.js';
import type { FundingPart, SessionPart, WebhookEventPart } from '../store/parts.js';

export interface WebhookRouteOptions {
  /** the Standard Webhooks secret, used when no verifier is given */
  secret: string | undefined;
  toleranceSeconds: number;
  /** a provider that signs another way: checks the request and answers its event */
  verifier: WebhookVerifier | undefined;
  sessions: SessionPart;
  webhookEvents: WebhookEventPart;
  /** how long a processed event id is remembered, ms */
  retentionMs: number;
  watcher: PaymentWatcher;
  clock: Clock;
  logger: Logger;
  observer: PayObserver;
  maxBodyBytes: number;
  /** customers' own accounts (the kit's `funding`): credits into them are recorded as deposits */
  deposits?: { funding: FundingPart; book: DepositBook } | undefined;
  /** an `invoice.paid` event came for this invoice number: its open streams hear at once */
  onInvoicePaid?: (invoiceNumber: string) => void;
}

/** Event ids are forgotten at most this often (the first accepted webhook of each hour does it). */
const FORGET_EVERY_MS = 60 * 60 * 1000;

/** A credit paying one of the kit's sessions: confirmed by the watcher's one rule, once. */
async function settleCredit(
  event: z.infer<typeof CreditedEvent>,
  log: Logger,
  {
    sessions,
    watcher,
    clock,
    deposits,
  }: Pick<WebhookRouteOptions, 'sessions' | 'watcher' | 'clock' | 'deposits'>,
): Promise<void> {
  const { data } = event;
  const session = await sessions.findByReference(data.account_reference);
  if (!session) {
    // a customer's own account (found by its number: its reference names every account it was opened with)
    const account = deposits ? await deposits.funding.findAccount(data.account_number) : null;
    if (account && deposits && decimal.equals(data.amount, data.transaction.amount))
      await deposits.book.record(account, data.transaction, log);
    else log.info('credit for an account the kit did not open; ignored', { eventId: event.id });
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

export function webhookRoutes(options: WebhookRouteOptions): Route[] {
  const { webhookEvents, watcher, clock, observer } = options;
  const verify: WebhookVerifier =
    options.verifier ??
    ((input) =>
      verifyWebhook({ ...input, secret: options.secret ?? '', toleranceSeconds: options.toleranceSeconds }));
  let forgottenAt = Number.NEGATIVE_INFINITY;

  /** What the event asks of the kit: a credit settled, an invoice's streams told, or nothing. */
  async function act(event: WebhookEvent, log: Logger): Promise<void> {
    if (event.type === 'virtual_account.credited') {
      const credited = CreditedEvent.safeParse(event);
      if (credited.success) await settleCredit(credited.data, log, options);
    } else if (event.type === 'invoice.paid') {
      const { data } = event;
      const number =
        typeof data === 'object' && data !== null && 'invoice_number' in data ? data.invoice_number : null;
      if (typeof number === 'string' || typeof number === 'number') options.onInvoicePaid?.(String(number));
    } else if (!KNOWN_WEBHOOK_TYPES.has(event.type))
      log.info('webhook of a type the kit does not handle; acknowledged', {
        eventId: event.id,
        type: event.type,
      });
  }

  /** Forgets the event ids past the retention, at most once an hour, in the background. */
  function forgetOld(now: number): void {
    if (now - forgottenAt < FORGET_EVERY_MS) return;
    forgottenAt = now;
    webhookEvents
      .forgetBefore(now - options.retentionMs)
      .catch((error: unknown) =>
        options.logger.warn('forgetting old webhook event ids failed', { error: describeError(error) }),
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
      if (await webhookEvents.has(event.id)) {
        observer.webhook?.('duplicate');
        return json({ received: true });
      }
      await act(event, log);
      const now = clock.now();
      await webhookEvents.remember(event.id, now);
      forgetOld(now);
      observer.webhook?.('accepted');
      return json({ received: true });
    },
  };

  return [receive];
}
