import * as z from 'zod/mini';
import { isHttpUrl, orderLimits } from './wire.js';
import { Amount, Currency, Timestamp } from './common.js';
import {
  etagHeader,
  failure,
  failures,
  guarded,
  sessionId,
  streamGet,
  viewGet,
  type RouteDeclaration,
} from './route-parts.js';

// ── Sessions ────────────────────────────────────────────────────────────────────────────────
export const SessionStatus = z.enum(['pending', 'paid', 'expired']);
export type SessionStatus = z.infer<typeof SessionStatus>;

export const CreateSessionRequest = z.object({
  order_id: z.string().check(z.minLength(1), z.maxLength(orderLimits.orderId)),
});
export type CreateSessionRequest = z.infer<typeof CreateSessionRequest>;

export const SessionAccount = z.object({
  account_name: z.string(),
  account_number: z.string(),
  bank_name: z.string(),
});
export type SessionAccount = z.infer<typeof SessionAccount>;

/** An absolute http(s) URL the merchant supplies: its logo, the way back to its shop. */
export const HttpUrl = z
  .string()
  .check(z.maxLength(2048), z.refine(isHttpUrl, { error: 'must be an absolute http(s) URL' }));

/** Who asks for the money, as the merchant names itself on the hosted checkout. */
export const SessionMerchant = z.object({
  name: z.string().check(z.minLength(1), z.maxLength(120)),
  /** a square-ish image shown beside the name */
  logo_url: z.optional(HttpUrl),
});
export type SessionMerchant = z.infer<typeof SessionMerchant>;

/** What the money is for, as the merchant describes the order (not the provider's account reference). */
export const SessionOrder = z.object({
  /** "Ankara tote bag", "Order of 3 items" */
  title: z.string().check(z.minLength(1), z.maxLength(orderLimits.title)),
  /** the merchant's own order number, "#1001" */
  reference: z.optional(z.string().check(z.minLength(1), z.maxLength(orderLimits.reference))),
});
export type SessionOrder = z.infer<typeof SessionOrder>;

/**
 * The display fields of a session: supplied by the merchant's backend (`resolveOrder`, kit options),
 * never by the browser. Each is optional; a page shows what it is given.
 */
export const SessionDisplay = z.object({
  merchant: z.optional(SessionMerchant),
  order: z.optional(SessionOrder),
  /** the merchant's page to go back to (the order, the shop) */
  return_url: z.optional(HttpUrl),
});
export type SessionDisplay = z.infer<typeof SessionDisplay>;

export const SessionView = z.object({
  id: z.string(),
  status: SessionStatus,
  amount: Amount,
  currency: Currency,
  account: SessionAccount,
  /** the provider's reference of the current account */
  reference: z.string(),
  created_at: Timestamp,
  expires_at: Timestamp,
  paid_at: z.nullable(Timestamp),
  /**
   * When the shopper said "I've sent the money" (`POST /sessions/{id}/claim`): null until then.
   * Added in 1.1, so optional: a 1.0 backend leaves it out, which reads as not claimed.
   */
  claimed_at: z.optional(z.nullable(Timestamp)),
  server_time: Timestamp,
  /** where the shopper can finish on another device, if the merchant hosts a checkout page */
  checkout_url: z.optional(z.string()),
  merchant: z.optional(SessionMerchant),
  order: z.optional(SessionOrder),
  return_url: z.optional(HttpUrl),
  /** once paid, with receipts on: the receipt's page (`/receipts/{token}`) */
  receipt_url: z.optional(z.string()),
});
export type SessionView = z.infer<typeof SessionView>;

/** The checkout's routes: its one session per order, its view and stream, renewal and the claim. (route-table.ts gathers every module's.) */
export const sessionRouteTable = {
  createSession: {
    method: 'POST',
    path: '/sessions',
    pathFunction: 'sessionsPath',
    summary: "The order's one session: opened now (201), or the one it has (200)",
    description:
      'Concurrent requests for one order answer one session. A paid order answers its paid session; an expired one its expired session (renew it). The backend decides the amount, currency and customer from its own order (`order_id` alone comes from the browser).',
    body: { required: true, schema: CreateSessionRequest },
    answers: {
      201: { description: 'A new session, with a new account.', headers: etagHeader, body: SessionView },
      200: { description: "The order's existing session.", headers: etagHeader, body: SessionView },
      400: failures[400],
      404: failure(404, '`not_found`: no such order, or not one this shopper may pay.'),
      409: failure(
        409,
        '`conflict`: the order changed (amount, currency, customer) after its payment was started.',
      ),
      429: failures[429],
      503: failures[503],
      ...guarded,
    },
    readme:
      "201 session view for the order's first session. An order has **one** session: any later create answers it with 200 — pending, paid, or expired (the browser renews it) — never a second account the shopper could pay twice. Concurrent creates open one provider account and all answer the same session. 409 `conflict` when `resolveOrder` now answers another amount, currency or customer than the session was opened for (an unpaid order that changed needs a new order id)",
  },
  session: {
    method: 'GET',
    path: '/sessions/:id',
    summary: 'A session',
    ...viewGet(SessionView, sessionId, 'no such session'),
    readme:
      '200 session view, `Cache-Control: no-store`, `server_time`, an `ETag` over the view without `server_time`; 304 when `If-None-Match` matches. A poll of a pending session triggers the watcher; when the provider cannot be asked, a pending session answers 503 `upstream_unavailable` with `Retry-After` (a paid or expired one answers its view)',
  },
  events: {
    method: 'GET',
    path: '/sessions/:id/events',
    pathFunction: 'sessionEventsPath',
    summary: "A session's status as Server-Sent Events",
    ...streamGet('session', 'SessionView', sessionId, 'The stream ends after a `paid` or `expired` view.'),
    readme:
      '`text/event-stream`: the session view, then one event per change, ended after `paid` or `expired` (*Status stream*, below)',
  },
  renew: {
    method: 'POST',
    path: '/sessions/:id/renew',
    summary: 'A new single-use account for an expired session',
    description:
      'The body is `{}` with `Content-Type: application/json`. The same session id carries on with a new account, reference and expiry (status `pending`); concurrent renewals open one account.',
    parameters: [sessionId],
    body: {
      required: false,
      schema: { type: 'object', maxProperties: 0, description: 'Empty: `{}`.' },
    },
    answers: {
      200: { description: 'The session with its new account.', headers: etagHeader, body: SessionView },
      404: failure(404, '`not_found`: no such session.'),
      409: failure(
        409,
        '`conflict`: the session is still pending or already paid. The element asks for the view again.',
      ),
      429: failures[429],
      503: failures[503],
      ...guarded,
    },
    readme:
      '200 with a new single-use account (new reference and expiry, same id) for an expired session; concurrent renewals open one account and all answer it; 409 `conflict` for a pending or paid one',
  },
  claim: {
    method: 'POST',
    path: '/sessions/:id/claim',
    summary: '"I\'ve sent the money": the session is watched closely and waits for the transfer',
    description:
      'The body is `{}` with `Content-Type: application/json`. It pays nothing: it sets `claimed_at` (once; a second claim answers the same view, the same `claimed_at`), has the backend read the provider a few more times, and keeps the session `pending` past `expires_at` for a grace period (the kit: 30 minutes) in which a transfer that left in time still pays it; after it, `expired` as before.',
    parameters: [sessionId],
    body: {
      required: false,
      schema: { type: 'object', maxProperties: 0, description: 'Empty: `{}`.' },
    },
    answers: {
      200: { description: 'The session, claimed.', headers: etagHeader, body: SessionView },
      404: failure(404, '`not_found`: no such session.'),
      409: failure(
        409,
        '`conflict`: the session is already paid or expired. The element asks for the view again.',
      ),
      429: failures[429],
      ...guarded,
    },
    readme:
      '200 session view with `claimed_at` set (the shopper\'s "I\'ve sent the money"; idempotent, pays nothing): the session is read a few more times and stays `pending` for the grace period past `expires_at`; 404 `not_found`; 409 `conflict` for a paid or expired one; 429 past `claimRateLimit`',
  },
} as const satisfies Record<string, RouteDeclaration>;
