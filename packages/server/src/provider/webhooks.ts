// POST /webhooks: provider events in. The signature is verified over the raw body (Standard Webhooks
// by default, or the merchant's verifier; stale timestamps refused as replays); each event id is
// remembered so a duplicate changes nothing (forgotten after the retention, checked at most hourly).
// A credit (`virtual_account.credited`) is offered to the flows as the watcher offers what it reads;
// another type goes to the flow that handles it; a signed event of a type no flow handles is
// acknowledged (2xx) with a log line, so that the provider neither retries it nor disables the
// endpoint. A signed event whose shape drifted (a field renamed or retyped) is not a forgery: it is
// acknowledged and logged as `malformed`, left to the watcher, and never counted as refused.
import { endpoints } from '@pay-elements/protocol';
import {
  CreditedEvent,
  decimal,
  KNOWN_WEBHOOK_TYPES,
  SignatureVerificationError,
  verifyWebhook,
  WebhookShapeError,
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
import type { OncePart } from '../store/contract.js';
import type { PaymentWatcher } from './watcher.js';

export interface WebhookRouteOptions {
  /** the Standard Webhooks secret, used when no verifier is given */
  secret: string | undefined;
  toleranceSeconds: number;
  /** a provider that signs another way: checks the request and answers its event */
  verifier: WebhookVerifier | undefined;
  /** the event ids already processed */
  once: OncePart;
  /** how long a processed event id is remembered, ms */
  retentionMs: number;
  watcher: PaymentWatcher;
  /** the flows' handlers of other event types, by type */
  handlers: ReadonlyMap<string, (event: WebhookEvent, log: Logger) => Promise<void>>;
  clock: Clock;
  logger: Logger;
  observer: PayObserver;
  maxBodyBytes: number;
}

/** Event ids are forgotten at most this often (the first accepted webhook of each hour does it). */
const FORGET_EVERY_MS = 60 * 60 * 1000;

/** A credit: offered to the flows with what the event says of the account credited. */
async function credit(
  event: WebhookEvent,
  log: Logger,
  { watcher, clock }: Pick<WebhookRouteOptions, 'watcher' | 'clock'>,
): Promise<void> {
  const credited = CreditedEvent.safeParse(event);
  if (!credited.success) return;
  const { data } = credited.data;
  // the event's own figures must agree with its transaction; whom it pays is the flows' rule
  if (!decimal.equals(data.amount, data.transaction.amount)) {
    log.warn('credit event whose amount differs from its transaction; ignored', {
      eventId: event.id,
      amount: data.amount,
    });
    return;
  }
  const outcome = await watcher.offer(data.transaction, {
    log,
    via: 'webhook',
    now: clock.now(),
    account: { reference: data.account_reference, number: data.account_number, currency: data.currency },
  });
  if (outcome === 'not-mine')
    log.info('credit for an account the kit did not open; ignored', { eventId: event.id });
}

export function webhookRoutes(options: WebhookRouteOptions): Route[] {
  const { once, watcher, clock, observer, handlers } = options;
  const verify: WebhookVerifier =
    options.verifier ??
    ((input) =>
      verifyWebhook({ ...input, secret: options.secret ?? '', toleranceSeconds: options.toleranceSeconds }));
  let forgottenAt = Number.NEGATIVE_INFINITY;

  /** What the event asks of the kit: a credit offered, another type handled, or nothing. */
  async function act(event: WebhookEvent, log: Logger): Promise<void> {
    if (event.type === CreditedEvent.shape.type.value) return credit(event, log, options);
    const handle = handlers.get(event.type);
    if (handle) return handle(event, log);
    if (!KNOWN_WEBHOOK_TYPES.has(event.type))
      log.info('webhook of a type the kit does not handle; acknowledged', {
        eventId: event.id,
        type: event.type,
      });
  }

  /** Forgets the event ids past the retention, at most once an hour, in the background. */
  function forgetOld(now: number): void {
    if (now - forgottenAt < FORGET_EVERY_MS) return;
    forgottenAt = now;
    once
      .forgetBefore(now - options.retentionMs)
      .catch((error: unknown) =>
        options.logger.warn('forgetting old webhook event ids failed', { error: describeError(error) }),
      );
  }

  /** Verifies the request: its event, or null for one that is signed but not of its type's shape. */
  async function verified(request: Request, body: string, log: Logger): Promise<WebhookEvent | null> {
    try {
      return await verify({ body, headers: request.headers, now: Math.floor(clock.now() / 1000) });
    } catch (error) {
      if (error instanceof WebhookShapeError) {
        log.warn('signed webhook not of its type’s shape; acknowledged, left to the payment watcher', {
          eventId: error.eventId,
          type: error.type,
          fields: Object.keys(error.fields),
        });
        observer.webhook?.('malformed');
        return null;
      }
      if (!(error instanceof SignatureVerificationError)) throw error;
      log.warn('webhook refused', { reason: error.message });
      observer.webhook?.('refused');
      throw new HttpError('invalid_request', 'The webhook signature is not valid.');
    }
  }

  const receive: Route = {
    ...endpoints.webhooks,
    maxBodyBytes: options.maxBodyBytes,
    serverToServer: true,
    async handle({ request, log }) {
      if (!isJsonMediaType(request.headers.get('content-type')))
        throw new HttpError('unsupported_media_type', 'The request body must be application/json.');
      const event = await verified(request, await readBody(request), log);
      // verified deliveries arriving: webhooks are healthy, the watcher may check less often
      await watcher.webhookVerified();
      if (event === null) return json({ received: true });
      if (await once.seen(event.id)) {
        observer.webhook?.('duplicate');
        return json({ received: true });
      }
      await act(event, log);
      const now = clock.now();
      await once.remember(event.id, now);
      forgetOld(now);
      observer.webhook?.('accepted');
      return json({ received: true });
    },
  };

  return [receive];
}
