// The route table: each route of the widget protocol declared once (its method, path, parameters,
// body, answers by status, summary and the README's words), under the kit's base path. Everything
// else is made from it: `endpoints` (what the kit mounts), the browser's path functions
// (routes.ts, written by `npm run generate -w @pay-elements/protocol`), openapi.json, the
// server README's route rows (`npm run docs:routes`), and pay-conformance's coverage, whose map must
// name a rule for each `RouteName`. A test holds each made file to the table.
import { BankList, BankSuggestions, SuggestBanksRequest } from './banks.js';
import { FundingView } from './funding.js';
import { InvoiceViewModel } from './invoices.js';
import { LinkView } from './links.js';
import { ReceiptView } from './receipts.js';
import {
  etagHeader,
  failure,
  failures,
  guarded,
  pathParameter,
  sessionId,
  streamGet,
  tokenOf,
  viewGet,
  type RouteDeclaration,
} from './route-parts.js';
import { CreateSessionRequest, SessionView } from './sessions.js';

export type { Answer, BodySchema, OpenApiComponent, Parameter, RouteDeclaration } from './route-parts.js';

const sessionRoutes = {
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

/** The views a signed token (or a link id) opens, and their streams. */
const tokenRoutes = {
  invoice: {
    method: 'GET',
    path: '/invoices/:token',
    summary: 'An invoice, by its token',
    ...viewGet(InvoiceViewModel, tokenOf('invoice'), 'no such invoice, or a bad token'),
    readme:
      '200 invoice view (below), `Cache-Control: no-store`, `server_time`, ETag / 304 as for sessions; 404 `not_found` for an unknown invoice, a number alone or a tampered token (no provider call)',
  },
  invoiceEvents: {
    method: 'GET',
    path: '/invoices/:token/events',
    summary: "An invoice's status as Server-Sent Events",
    ...streamGet(
      'invoice',
      'InvoiceViewModel',
      tokenOf('invoice'),
      'The stream ends once the invoice is `paid` or `cancelled`.',
    ),
    readme: '`text/event-stream`: the invoice view, then one event per change, ended once paid or cancelled',
  },
  funding: {
    method: 'GET',
    path: '/funding/:token',
    summary: "A customer's own accounts and latest deposits, by the customer's token",
    ...viewGet(FundingView, tokenOf('customer'), 'a bad or expired token'),
    readme:
      "with `funding` on: 200 a customer's accounts and latest deposits (*Customers' own accounts*), `no-store`, ETag / 304; 404 for a bad, tampered or expired token",
  },
  fundingEvents: {
    method: 'GET',
    path: '/funding/:token/events',
    summary: "A customer's accounts and deposits as Server-Sent Events",
    ...streamGet(
      'funding',
      'FundingView',
      tokenOf('customer'),
      'It does not end by itself: deposits may come at any time.',
    ),
    readme: '`text/event-stream`: the funding view, then one event per deposit',
  },
  receipt: {
    method: 'GET',
    path: '/receipts/:token',
    summary: 'A receipt, by its token (from `receipt_url`)',
    parameters: [tokenOf('receipt')],
    answers: {
      200: { description: 'The receipt.', headers: etagHeader, body: ReceiptView },
      404: failure(404, '`not_found`: no such receipt, or a bad token.'),
    },
    readme:
      '200 the receipt of a paid session or invoice (*Receipts*), ETag / 304; 404 for a bad or tampered token or a receipt not made yet (no provider call)',
  },
  link: {
    method: 'GET',
    path: '/links/:id',
    summary: 'A payment link',
    ...viewGet(LinkView, pathParameter('id', "The link's id."), 'no such link'),
    readme: '200 payment link view (below), `no-store`, ETag / 304; 404 `not_found` for an unknown id',
  },
} as const satisfies Record<string, RouteDeclaration>;

const bankRoutes = {
  banks: {
    method: 'GET',
    path: '/banks/:country',
    summary: "A country's banks",
    description: 'Cacheable: the kit answers `Cache-Control: public, max-age=…` (at most one day).',
    parameters: [pathParameter('country', 'ISO 3166-1 alpha-2, "NG".')],
    answers: {
      200: {
        description: 'The banks, by name.',
        headers: {
          'Pay-Cache': {
            description:
              'How the backend had the list: `miss` (asked the provider now), `hit` (kept, fresh), `stale` (kept past its time while the provider cannot answer). The kit sends it; the element ignores it.',
            schema: { type: 'string' },
          },
        },
        body: BankList,
      },
      400: failures[400],
      404: failure(404, '`not_found`: the provider lists no banks for the country.'),
      503: failures[503],
    },
    readme:
      "200 `{banks: [{code, name}]}` sorted by name, `Cache-Control: public, max-age=<what is left of the kit's day>`; 400 for a code that is not ISO 3166-1 alpha-2, 404 for a country the provider does not serve",
  },
  suggest: {
    method: 'POST',
    path: '/banks/suggest',
    summary: 'The banks an account number is known at',
    body: { required: true, schema: SuggestBanksRequest },
    answers: {
      200: { description: 'Suggestions, possibly none.', body: BankSuggestions },
      400: failures[400],
      404: failure(404, '`not_found`: suggestions are turned off. The element shows none.'),
      429: failures[429],
      503: failures[503],
      ...guarded,
    },
    readme: "200 `{suggestions: [{bank_code, bank_name}]}`; 404 unless enabled; 429 past the client's rate",
  },
  webhooks: {
    method: 'POST',
    path: '/webhooks',
    summary: "The provider's events (Standard Webhooks), not a route the elements call",
    answers: { 200: { description: '`{received: true}`' } },
    readme: 'provider events in (below); `{received: true}`',
    widget: false,
  },
} as const satisfies Record<string, RouteDeclaration>;

/** Every route, in the order the README and openapi.json list them. */
export const routeTable = { ...sessionRoutes, ...tokenRoutes, ...bankRoutes } as const satisfies Record<
  string,
  RouteDeclaration
>;

export type RouteName = keyof typeof routeTable;
type Table = typeof routeTable;

/** Each route's method and path pattern, as the kit mounts them. */
export const endpoints = Object.fromEntries(
  Object.entries(routeTable).map(([name, { method, path }]) => [name, { method, path }]),
) as { readonly [K in RouteName]: { readonly method: Table[K]['method']; readonly path: Table[K]['path'] } };
