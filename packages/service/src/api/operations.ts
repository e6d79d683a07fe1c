// The merchant's API, one table: each operation's method, path, body and answers (which the OpenAPI
// document is made from) and its handler. Server to server: every operation but the document itself
// needs a service key (auth.ts).
import * as z from 'zod';
import { decimal } from '@pay-elements/api';
import { ErrorBody } from '@pay-elements/protocol';
import {
  HttpError,
  issueFields,
  type Clock,
  type Logger,
  type Order,
  type SessionRecord,
} from '@pay-elements/server';
import type { ServiceKit, ServiceState, StoredRecord } from '../kit.js';
import type { Notifier, NotificationView } from '../notify/notifier.js';
import {
  CreateFundingLink,
  CreateInvoiceLink,
  CreateSession,
  type components,
  type Session,
} from './schemas.js';

export interface ApiContext {
  kit: ServiceKit;
  /** this server's public URL, for the hosted pages' links */
  url: string;
  /** the kit's own address, for the requests made to it in process */
  kitOrigin: string;
  /** the currencies a customer's own accounts are opened in */
  fundingCurrencies: readonly string[];
  /** the notifications, when PAY_NOTIFY_URL is set */
  notifier: Notifier | null;
  clock: Clock;
  logger: Logger;
}

/** What a handler is given: the path's parameters and the body parsed by the operation's schema. */
export interface Call<B> {
  params: Record<string, string>;
  query: URLSearchParams;
  body: B;
  /** the service key the call was made with, for the limits per key */
  caller: string;
}

export interface Answer {
  status: number;
  body: unknown;
}

type ComponentName = keyof typeof components;

/** An operation as declared, its body's type its own. */
export interface Operation<B = unknown> {
  method: 'get' | 'post';
  /** as OpenAPI writes it: `/api/sessions/{id}` */
  path: string;
  operationId: string;
  summary: string;
  /** false for the one operation anyone may read (the document) */
  auth: boolean;
  body?: { schema: z.ZodType<B>; name: ComponentName };
  /** the query parameters it reads, each a JSON Schema for the document */
  query?: Record<string, { description: string; schema: Record<string, unknown> }>;
  /** each status with the component it answers */
  responses: Record<number, ComponentName>;
  handle: (context: ApiContext, call: Call<B>) => Promise<Answer>;
}

/**
 * Where 0.1.0 kept each order the merchant's server sent, beside the kit's session: read for the
 * sessions it opened (none is written since: an order's own fields are kept with its session).
 */
export const ORDERS = 'service.orders';

/** An order as the merchant sent it, kept and answered with its session. */
export interface OrderRecord {
  order_id: string;
  amount: string;
  currency: string;
  customer_id: string;
  email?: string;
  /** the shopper's language (BCP 47): the receipt email's */
  locale?: string;
  order?: { title: string; reference?: string };
  return_url?: string;
  metadata?: Record<string, string>;
}

/** An order as the store keeps it (the merchant's fields, parsed back). */
const StoredOrder = z.object({
  order_id: z.string(),
  amount: z.string(),
  currency: z.string(),
  customer_id: z.string(),
  email: z.string().optional(),
  locale: z.string().optional(),
  order: z.object({ title: z.string(), reference: z.string().optional() }).optional(),
  return_url: z.string().optional(),
  metadata: z.record(z.string(), z.string()).optional(),
});

/** A stored order, read back; null when the record is not one. */
export function orderOf(record: StoredRecord | null): OrderRecord | null {
  const parsed = StoredOrder.safeParse(record?.value);
  return parsed.success ? parsed.data : null;
}

/**
 * The kit's order of the merchant's: the amount and customer, what the checkout shows, and the
 * service's own fields (`email`, `metadata`) kept with the session (`merchantData`).
 */
export function kitOrder(order: OrderRecord): Order {
  const display = {
    ...(order.order ? { order: order.order } : {}),
    ...(order.return_url ? { return_url: order.return_url } : {}),
  };
  const own = {
    ...(order.email ? { email: order.email } : {}),
    ...(order.metadata ? { metadata: { ...order.metadata } } : {}),
  };
  return {
    amount: order.amount,
    currency: order.currency,
    customer_id: order.customer_id,
    ...(Object.keys(display).length > 0 ? { display } : {}),
    // the shopper the receipt email goes to, once paid (PAY_SMTP_URL)
    ...(order.email ? { email: order.email } : {}),
    ...(order.locale ? { locale: order.locale } : {}),
    ...(Object.keys(own).length > 0 ? { merchantData: own } : {}),
  };
}

/** The service's own fields of a session's order: kept with it, or (opened by 0.1.0) beside it. */
async function ownFields(state: ServiceState, session: SessionRecord): Promise<OwnFields | null> {
  if (session.merchantData) {
    const parsed = OwnFields.safeParse(session.merchantData);
    return parsed.success ? parsed.data : null;
  }
  return orderOf(await state.records.get(ORDERS, session.orderId));
}

const OwnFields = StoredOrder.pick({ email: true, metadata: true });
type OwnFields = z.infer<typeof OwnFields>;

function sameOrder(
  kept: Pick<OrderRecord, 'amount' | 'currency' | 'customer_id'>,
  wanted: OrderRecord,
): boolean {
  return (
    decimal.equals(kept.amount, wanted.amount) &&
    kept.currency === wanted.currency &&
    kept.customer_id === wanted.customer_id
  );
}

const conflict = () =>
  new HttpError(
    'conflict',
    'This order already has a session with another amount, currency or customer: use a new order id.',
  );

/** A session as the merchant's API answers it. */
export function sessionResource(
  context: Pick<ApiContext, 'kit' | 'url'>,
  session: SessionRecord,
  order: OwnFields | null,
): Session {
  const receipt = session.status === 'paid' ? context.kit.receiptToken({ sessionId: session.id }) : null;
  return {
    id: session.id,
    order_id: session.orderId,
    status: session.status,
    amount: session.amount,
    currency: session.currency,
    customer_id: session.customerId,
    account: {
      account_name: session.account.accountName,
      account_number: session.account.accountNumber,
      bank_name: session.account.bankName,
    },
    reference: session.reference,
    created_at: session.createdAt,
    expires_at: session.expiresAt,
    paid_at: session.paidAt,
    claimed_at: session.claimedAt ?? null,
    transfer_reference: session.transactionRef ?? session.transactionId,
    url: `${context.url}/checkout/${encodeURIComponent(session.id)}`,
    ...(receipt ? { receipt_url: `${context.url}/receipts/${receipt}` } : {}),
    ...(order?.email ? { email: order.email } : {}),
    ...(order?.metadata ? { metadata: order.metadata } : {}),
  };
}

function notificationsOf(context: ApiContext): Notifier {
  if (!context.notifier)
    throw new HttpError('not_found', 'Notifications are off: set PAY_NOTIFY_URL and PAY_NOTIFY_SECRET.');
  return context.notifier;
}

function notificationAnswer(found: NotificationView | null, status = 200): Answer {
  if (!found) throw new HttpError('not_found', 'No notification with that id.');
  return { status, body: found };
}

const createSession: Operation<CreateSession> = {
  method: 'post',
  path: '/api/sessions',
  operationId: 'createSession',
  summary:
    "Opens the order's session (its single-use account), or answers the one it has: 201 new, 200 existing, 409 for another amount, currency or customer.",
  auth: true,
  body: { schema: CreateSession, name: 'CreateSession' },
  responses: { 200: 'Session', 201: 'Session', 400: 'Error', 401: 'Error', 409: 'Error', 503: 'Error' },
  async handle(context, { body }) {
    const wanted: OrderRecord = {
      order_id: body.order_id,
      amount: body.amount,
      currency: body.currency,
      customer_id: body.customer_id,
      ...(body.email ? { email: body.email } : {}),
      ...(body.locale ? { locale: body.locale } : {}),
      ...(body.order ? { order: body.order } : {}),
      ...(body.return_url ? { return_url: body.return_url } : {}),
      ...(body.metadata ? { metadata: body.metadata } : {}),
    };
    // the kit's claim on the order opens one session however many ask; a paid one it answers whatever
    // its amount, which is this API's 409 as much as an open one's
    const { session, created } = await context.kit.openSession(wanted.order_id, kitOrder(wanted));
    const opened = { amount: session.amount, currency: session.currency, customer_id: session.customerId };
    if (!sameOrder(opened, wanted)) throw conflict();
    const own = await ownFields(context.kit.state, session);
    return { status: created ? 201 : 200, body: sessionResource(context, session, own) };
  },
};

const getSession: Operation = {
  method: 'get',
  path: '/api/sessions/{id}',
  operationId: 'getSession',
  summary: 'The session: its status, when it was paid, the transfer that paid it, its receipt.',
  auth: true,
  responses: { 200: 'Session', 401: 'Error', 404: 'Error' },
  async handle(context, { params }) {
    const session = await context.kit.getSession(params['id'] ?? '');
    if (!session) throw new HttpError('not_found', 'No session with that id.');
    return {
      status: 200,
      body: sessionResource(context, session, await ownFields(context.kit.state, session)),
    };
  },
};

const createInvoiceLink: Operation<z.infer<typeof CreateInvoiceLink>> = {
  method: 'post',
  path: '/api/invoice-links',
  operationId: 'createInvoiceLink',
  summary:
    "A link to the invoice's hosted page, and its token for <pay-invoice-view>; 404 for an invoice the provider does not have.",
  auth: true,
  body: { schema: CreateInvoiceLink, name: 'CreateInvoiceLink' },
  responses: { 200: 'InvoiceLink', 400: 'Error', 401: 'Error', 404: 'Error', 503: 'Error' },
  async handle(context, { body }) {
    const token = context.kit.pay.invoiceToken(body.invoice_number);
    const view = await context.kit.pay.fetch(new Request(`${context.kitOrigin}/pay/invoices/${token}`));
    const said = view.ok ? null : ErrorBody.safeParse(await view.json().catch(() => null));
    await view.body?.cancel().catch(() => undefined);
    if (view.status === 404)
      throw new HttpError('not_found', 'The provider has no invoice with that number.');
    // the kit's named refusal (the key refused, upstream_unauthorized) is answered as it is
    if (said?.success && said.data.error.code === 'upstream_unauthorized')
      throw new HttpError('upstream_unauthorized', said.data.error.message);
    if (!view.ok)
      throw new HttpError('upstream_unavailable', 'The invoice cannot be read now: try again shortly.');
    return { status: 200, body: { url: `${context.url}/invoices/${token}`, token } };
  },
};

const createFundingLink: Operation<z.infer<typeof CreateFundingLink>> = {
  method: 'post',
  path: '/api/funding-links',
  operationId: 'createFundingLink',
  summary:
    "A link to the customer's own accounts (opened now when missing, with the BVN given, which is not kept), and its token for <pay-funding-account>.",
  auth: true,
  body: { schema: CreateFundingLink, name: 'CreateFundingLink' },
  responses: { 200: 'FundingLink', 400: 'Error', 401: 'Error', 503: 'Error' },
  async handle(context, { body }) {
    const unknown = (body.currencies ?? []).filter((c) => !context.fundingCurrencies.includes(c));
    if (unknown.length > 0)
      throw new HttpError('invalid_request', 'The request is not valid.', {
        fields: {
          currencies: [
            `${unknown.join(', ')}: not among PAY_FUNDING_CURRENCIES (${context.fundingCurrencies.join(', ')})`,
          ],
        },
      });
    await context.kit.fundingAccounts(
      body.customer_id,
      body.id_number ? { id_number: body.id_number } : {},
      body.currencies,
    );
    const seconds = body.expires_in ?? 24 * 3600;
    const token = context.kit.pay.fundingToken(body.customer_id, { expiresInSeconds: seconds });
    const expires = new Date(context.clock.now() + seconds * 1000).toISOString();
    return { status: 200, body: { url: `${context.url}/fund/${token}`, token, expires_at: expires } };
  },
};

const listNotifications: Operation = {
  method: 'get',
  path: '/api/notifications',
  operationId: 'listNotifications',
  summary:
    'The delivery log: the latest events (`?limit=`, at most 100, default 20), newest first, and how each delivery went.',
  auth: true,
  query: {
    limit: {
      description: 'How many events, newest first (1 to 100; another value is read as 20).',
      schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
    },
  },
  responses: { 200: 'NotificationList', 401: 'Error', 404: 'Error' },
  async handle(context, { query }) {
    const limit = Math.min(100, Math.max(1, Number(query.get('limit') ?? 20) || 20));
    const notifier = notificationsOf(context);
    const [notifications, disabled] = await Promise.all([notifier.list(limit), notifier.endpointDisabled()]);
    const endpoint = disabled ? { status: 'disabled', ...disabled } : { status: 'enabled' };
    return { status: 200, body: { notifications, endpoint } };
  },
};

const getNotification: Operation = {
  method: 'get',
  path: '/api/notifications/{id}',
  operationId: 'getNotification',
  summary: 'One event and how its delivery went.',
  auth: true,
  responses: { 200: 'Notification', 401: 'Error', 404: 'Error' },
  async handle(context, { params }) {
    return notificationAnswer(await notificationsOf(context).get(params['id'] ?? ''));
  },
};

const resendNotification: Operation = {
  method: 'post',
  path: '/api/notifications/{id}/resend',
  operationId: 'resendNotification',
  summary:
    'Sends the event again now, with the same webhook-id, on a fresh retry schedule, and enables a disabled endpoint again; while a resend of it is due the same is answered; 429 within a minute of its last resend, or past 60 resends a minute per key.',
  auth: true,
  responses: { 202: 'Notification', 401: 'Error', 404: 'Error', 429: 'Error' },
  async handle(context, { params, caller }) {
    const answer = await notificationsOf(context).resend(params['id'] ?? '', caller);
    if (answer && 'retryAfterSeconds' in answer)
      throw new HttpError(
        'rate_limited',
        answer.limit === 'event'
          ? 'This notification was resent less than a minute ago: try again later.'
          : 'Too many resends with this key: try again later.',
        { headers: { 'retry-after': String(answer.retryAfterSeconds) } },
      );
    return notificationAnswer(answer?.notification ?? null, 202);
  },
};

/** An operation as the router mounts it: its body parsed by its own schema before its handler runs. */
export interface ApiOperation extends Omit<Operation, 'body' | 'handle'> {
  body?: { name: ComponentName };
  run: (context: ApiContext, input: Omit<Call<unknown>, 'body'> & { body: unknown }) => Promise<Answer>;
}

/** The operation with its body's type erased: the body is parsed here, with the operation's schema. */
function mounted<B>(operation: Operation<B>): ApiOperation {
  const { body, handle, ...described } = operation;
  return {
    ...described,
    ...(body ? { body: { name: body.name } } : {}),
    run(context, input) {
      if (!body) return handle(context, { ...input, body: undefined as B });
      const parsed = body.schema.safeParse(input.body, { reportInput: false });
      if (!parsed.success)
        throw new HttpError('invalid_request', 'The request is not valid.', {
          fields: issueFields(parsed.error.issues),
        });
      return handle(context, { ...input, body: parsed.data });
    },
  };
}

/** Every operation but the document (openapi.ts adds it), in the document's order. */
export const operations: readonly ApiOperation[] = [
  mounted(createSession),
  mounted(getSession),
  mounted(createInvoiceLink),
  mounted(createFundingLink),
  mounted(listNotifications),
  mounted(getNotification),
  mounted(resendNotification),
];
