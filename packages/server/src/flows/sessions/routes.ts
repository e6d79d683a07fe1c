// The session routes: create, status, renew. The amount and the customer come from the merchant's
// resolveOrder, never from the browser; an order's one session and its renewals come from
// OrderSessions (order-sessions.ts), the view and its ETag from SessionAnswers (session-view.ts).
import { CreateSessionRequest, endpoints, type SessionMerchant } from '@pay-elements/protocol';
import { clientAddress } from '@pay-elements/http';
import type { Clock } from '../../clock.js';
import { HttpError, PayConfigError } from '../../errors.js';
import { issueFields, parseInput, readJson } from '../../http/input.js';
import type { Route } from '../../http/router.js';
import { isStoreUnavailable } from '../../errors.js';
import type { SessionBook, SessionRecord } from './book.js';
import { claimRoute, type SessionClaims } from './claims.js';
import { OrderSchema, type Order, type OrderContext } from './options.js';
import type { OrderSessions } from './orders.js';
import { SessionAnswers, type SessionExtras } from './view.js';

export interface SessionRouteOptions {
  sessions: SessionBook;
  orders: OrderSessions;
  /** the session brought up to date by the watcher's check when one is due (`force`: now) */
  refresh: (session: SessionRecord, options?: { force?: boolean }) => Promise<SessionRecord>;
  extras: SessionExtras;
  clock: Clock;
  maxBodyBytes: number;
  resolveOrder(orderId: string, context: OrderContext): Order | null | Promise<Order | null>;
  checkoutUrl: ((sessionId: string) => string) | undefined;
  /** the shop shown with every session whose order names no merchant of its own */
  merchant: SessionMerchant | undefined;
  /** "I've sent the money" (./claims.ts) */
  claims?: SessionClaims;
}

/** How many paid sessions the status route keeps to answer while the store is away. */
const FINALS_KEPT = 10_000;

/** The merchant's answer for an order, checked: a wrong one is a PayConfigError naming each field. */
export function checkedOrder(answered: unknown, what: string): Order {
  const order = OrderSchema.safeParse(answered);
  if (order.success) return order.data;
  const fields = issueFields(order.error.issues, (issue) => issue.message);
  const said = Object.entries(fields).map(([field, messages]) => `"${field}" ${messages.join(', ')}`);
  throw new PayConfigError(`${what} is not an order: ${said.join('; ')}`);
}

/** The order as the merchant's resolveOrder answers it for this request; 404 when it refuses. */
async function resolveFor(options: SessionRouteOptions, orderId: string, request: Request): Promise<Order> {
  const answered = await options.resolveOrder(orderId, { request, clientAddress: clientAddress(request) });
  if (answered === null || answered === undefined) throw new HttpError('not_found', 'No such order.');
  return checkedOrder(answered, `resolveOrder's answer for order ${orderId}`);
}

export function sessionRoutes(options: SessionRouteOptions): Route[] {
  const { sessions, orders, refresh, clock } = options;
  const answers = new SessionAnswers(clock, options.checkoutUrl, options.merchant, options.extras);
  const answer = answers.answer.bind(answers);

  const create: Route = {
    ...endpoints.createSession,
    maxBodyBytes: options.maxBodyBytes,
    async handle({ request, log }) {
      const { order_id } = parseInput(CreateSessionRequest, await readJson(request));
      const order = await resolveFor(options, order_id, request);
      const { session, created } = await orders.sessionFor(order_id, order, request, log);
      return answer(session, null, created ? 201 : 200);
    },
  };

  // Paid sessions seen lately, answered as they are while the store cannot be read (paid is final);
  // a pending or expired one is not, since it may have been paid or renewed meanwhile.
  const finals = new Map<string, SessionRecord>();
  const status: Route = {
    ...endpoints.session,
    maxBodyBytes: options.maxBodyBytes,
    async handle({ request, params }) {
      const id = params['id'] ?? '';
      let stored: SessionRecord | null;
      try {
        // the store read inline rather than through find(): one promise fewer on the busiest route
        stored = await sessions.get(id);
      } catch (error) {
        const known = isStoreUnavailable(error) ? finals.get(id) : undefined;
        if (known) return answer(known, request);
        throw error;
      }
      if (!stored) throw new HttpError('not_found', 'No such session.');
      try {
        const current = await refresh(stored);
        if (current.status === 'paid' && !finals.has(id)) {
          if (finals.size >= FINALS_KEPT) finals.delete(finals.keys().next().value ?? '');
          finals.set(id, current);
        }
        return answer(current, request);
      } catch (error) {
        // The provider could not be asked: a pending session's stored view may be stale (paid
        // meanwhile), so the poll fails (503 with Retry-After) rather than answer it. A session a
        // webhook settled in the meantime answers what it is now.
        const current = await sessions.get(stored.id);
        if (current && current.status !== 'pending') return answer(current, request);
        throw error;
      }
    },
  };

  const renew: Route = {
    ...endpoints.renew,
    maxBodyBytes: options.maxBodyBytes,
    async handle({ request, params, log }) {
      let session = await sessions.get(params['id'] ?? '');
      if (!session) throw new HttpError('not_found', 'No such session.');
      if (session.status === 'pending' && clock.now() >= Date.parse(session.expiresAt))
        session = await refresh(session, { force: true }); // the last check before renewing
      return answer(await orders.renew(session, request, log), null);
    },
  };

  // ── claim (issue 44) ──
  const { claims } = options;
  const claim = claims
    ? [claimRoute({ claims, maxBodyBytes: options.maxBodyBytes, answer: (s) => answer(s, null) })]
    : [];
  // ── end claim ──
  return [create, status, renew, ...claim];
}
