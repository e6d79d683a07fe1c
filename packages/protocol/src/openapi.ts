// The OpenAPI 3.1 description of the widget routes (`openapi.json`, shipped as
// `@pay-elements/protocol/openapi.json`), generated from this package's zod schemas so that it cannot
// drift from what the kit parses and the elements read: `npm run openapi -w @pay-elements/protocol`
// (scripts/openapi.mjs) writes it, and openapi.test.ts fails when the file differs from what the
// schemas give. The words
// around the routes (what each status means, the stream's rules) are docs/protocol.md's, in short.
import * as z from 'zod/mini';
import { BankEntry, BankList, BankSuggestions, SuggestBanksRequest } from './banks.js';
import { Amount, Currency, Timestamp } from './common.js';
import { ErrorBody, ErrorCode, errorCodes, statusOfErrorCode } from './errors.js';
import { FundingAccount, FundingDeposit, FundingView } from './funding.js';
import { InvoiceChargeView, InvoiceLine, InvoiceStatus, InvoiceViewModel } from './invoices.js';
import { LinkStatus, LinkView } from './links.js';
import { ReceiptKind, ReceiptView } from './receipts.js';
import { endpoints } from './routes.js';
import {
  CreateSessionRequest,
  HttpUrl,
  SessionAccount,
  SessionMerchant,
  SessionOrder,
  SessionStatus,
  SessionView,
} from './sessions.js';
import { protocolVersion } from './wire.js';

type Json = Record<string, unknown>;

/**
 * The components, each a schema of the protocol, with what JSON Schema cannot say of it: its
 * meaning in a line, and for the scalars the format they follow.
 */
const components: Record<string, { schema: z.core.$ZodType; description: string; extra?: Json }> = {
  Amount: {
    schema: Amount,
    description:
      'A decimal amount as a string, "5000.00": never a JSON number (5000 and 5000.5 do not say which decimals were meant).',
    extra: { examples: ['5000.00'] },
  },
  Currency: {
    schema: Currency,
    description: 'An ISO 4217 code in upper case, "NGN".',
    extra: { examples: ['NGN'] },
  },
  Timestamp: {
    schema: Timestamp,
    description:
      'An RFC 3339 date-time (ISO 8601 with a time zone), "2026-11-21T10:00:00.000Z"; UTC with Z is what the kit sends.',
    extra: { format: 'date-time', examples: ['2026-11-21T10:00:00.000Z'] },
  },
  HttpUrl: {
    schema: HttpUrl,
    description: 'An absolute http or https URL, at most 2048 characters.',
    extra: { format: 'uri', pattern: '^[Hh][Tt][Tt][Pp][Ss]?://' },
  },
  CreateSessionRequest: {
    schema: CreateSessionRequest,
    description:
      "The merchant's own order id; the amount and customer come from the backend, never the browser.",
  },
  SessionStatus: {
    schema: SessionStatus,
    description: 'Decided by the backend: `expired` once the account has expired unpaid.',
  },
  SessionAccount: {
    schema: SessionAccount,
    description: 'The single-use account to transfer the exact amount to.',
  },
  SessionMerchant: {
    schema: SessionMerchant,
    description: 'Who asks for the money, as the merchant names itself.',
  },
  SessionOrder: {
    schema: SessionOrder,
    description: 'What the money is for, as the merchant describes the order.',
  },
  SessionView: {
    schema: SessionView,
    description:
      'A checkout session as the browser sees it. Optional fields are absent when there is nothing to say, never null; `paid_at` is null until paid.',
  },
  InvoiceStatus: {
    schema: InvoiceStatus,
    description: "An invoice's status; `paid` and `cancelled` are final.",
  },
  InvoiceLine: {
    schema: InvoiceLine,
    description: 'One item: `quantity` a JSON number, prices decimal strings.',
  },
  InvoiceChargeView: {
    schema: InvoiceChargeView,
    description: 'A discount, tax, fee or shipping, and its effect on the total (negative for a discount).',
  },
  InvoiceViewModel: {
    schema: InvoiceViewModel,
    description: 'An invoice as its payer sees it, with the account to pay into.',
  },
  FundingAccount: {
    schema: FundingAccount,
    description:
      "One of a customer's permanent accounts (USD ones with routing numbers, SWIFT code and bank address).",
  },
  FundingDeposit: {
    schema: FundingDeposit,
    description: "A credit received into one of the customer's accounts.",
  },
  FundingView: {
    schema: FundingView,
    description:
      "A customer's own accounts, the latest deposits (newest first) and their totals per currency.",
  },
  LinkStatus: { schema: LinkStatus, description: "A payment link's status." },
  LinkView: { schema: LinkView, description: 'A payment link to pass on.' },
  BankEntry: { schema: BankEntry, description: 'A bank of a country: its code and name.' },
  BankList: { schema: BankList, description: "A country's banks." },
  SuggestBanksRequest: { schema: SuggestBanksRequest, description: 'An account number, 6 to 20 digits.' },
  BankSuggestions: {
    schema: BankSuggestions,
    description: 'The banks the account number is known at (possibly none).',
  },
  ReceiptKind: { schema: ReceiptKind, description: 'What a receipt is for.' },
  ReceiptView: {
    schema: ReceiptView,
    description: 'A receipt for a payment the backend confirmed; it never changes once made.',
  },
  ErrorCode: {
    schema: ErrorCode,
    description: `Each code travels with one status: ${errorCodes.map((code) => `${code} ${statusOfErrorCode[code]}`).join(', ')}.`,
  },
  ErrorBody: {
    schema: ErrorBody,
    description:
      "Every failure: `fields` (a field's dotted path → messages) only when input was refused field by field.",
  },
};

/** What some fields mean, beyond their type: added to the component's properties. */
const fieldNotes: Record<string, Record<string, string>> = {
  SessionView: {
    id: 'The session id: unguessable (the kit: 128 random bits); it is the only credential the browser holds.',
    reference: "The provider's reference of the current account (it changes with a renewal).",
    created_at: 'When the session was created (a renewal keeps it).',
    expires_at: 'When the current account stops taking transfers.',
    paid_at: 'When the transfer arrived: null until paid.',
    claimed_at:
      'When the shopper said "I\'ve sent the money" (`POST /sessions/{id}/claim`): null until then; absent from a 1.0 backend (read as not claimed). A claimed session stays `pending` past `expires_at` for the backend\'s grace period (the kit: 30 minutes).',
    server_time: "The backend's clock when it answered: the element corrects the visitor's clock with it.",
    checkout_url:
      'Where the shopper can finish on another device (a hosted checkout page); absent when there is none.',
    return_url: "The merchant's page to go back to.",
    receipt_url:
      'Once paid, the receipt (`GET /receipts/{token}`, or a page of the merchant); absent until then.',
  },
  InvoiceViewModel: {
    number: "The invoice's number, shown as its label (never how it is addressed: that is the token).",
    due_date: 'null when the invoice has no due date.',
    note: "The merchant's note, plain text ('' when none).",
    hosted_url: 'A page of the invoice to open on another device; absent when there is none.',
    receipt_url: 'Once paid, the receipt; absent until then.',
    server_time: "The backend's clock when it answered.",
  },
  LinkView: {
    currency: 'Absent when the link takes any currency the payer chooses.',
    expires_at: 'null when the link never expires.',
  },
};

const ref = (name: keyof typeof components): Json => ({ $ref: `#/components/schemas/${name}` });

/** The components' JSON Schemas (2020-12), each referring to the others by `$ref`. */
function componentSchemas(): Record<string, Json> {
  const registry = z.registry<{ id: string }>();
  for (const [id, { schema }] of Object.entries(components)) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, {
    target: 'draft-2020-12',
    // what crosses the wire both ways; unknown fields are allowed (a later minor version adds some)
    io: 'input',
    unrepresentable: 'throw',
    uri: (id) => `#/components/schemas/${id}`,
  });
  const out: Record<string, Json> = {};
  for (const [id, generated] of Object.entries(schemas)) {
    const { $schema: _dialect, $id: _id, ...rest } = generated as Json;
    const { description, extra } = components[id] ?? { description: '' };
    const properties = rest['properties'] as Record<string, Json> | undefined;
    for (const [field, note] of Object.entries(fieldNotes[id] ?? {})) {
      const property = properties?.[field];
      if (!property) throw new Error(`openapi: ${id} has no field ${field}`);
      properties[field] = { description: note, ...property };
    }
    out[id] = { description, ...rest, ...extra };
  }
  return out;
}

/** The path of an endpoint with OpenAPI's `{name}` for `:name`. */
const openApiPath = (pattern: string): string => pattern.replace(/:([a-z]+)/g, '{$1}');

const json = (schema: Json) => ({ 'application/json': { schema } });

const etagHeader = {
  ETag: {
    description:
      'The version of the view (a strong ETag); sent back as If-None-Match, it is answered 304 while unchanged.',
    schema: { type: 'string' },
  },
};

/** Retry-After on a 429 or 503: how long to wait, seconds (RFC 9110 also allows a date). */
const retryAfterHeader = {
  'Retry-After': {
    description: 'Seconds to wait before asking again (sent when the backend knows).',
    schema: { type: 'string', pattern: '^\\d+$' },
  },
};

/** An answer of the protocol's error body, with the codes it may carry at that status. */
function failure(status: number, why: string): Json {
  return {
    description: why,
    ...(status === 429 || status === 503 ? { headers: retryAfterHeader } : {}),
    content: json(ref('ErrorBody')),
  };
}

const failures = {
  400: failure(400, '`invalid_request`: the body or a path parameter is not valid (`fields` says which).'),
  403: failure(
    403,
    '`forbidden`: a request from a page on another site (Sec-Fetch-Site or Origin), unless its origin is allowed (CORS).',
  ),
  404: failure(404, '`not_found`: no such thing, or not for this shopper. The element stops asking.'),
  409: failure(
    409,
    '`conflict`: the state does not allow it (see the operation). The element asks for the view again.',
  ),
  413: failure(413, '`payload_too_large`: the body is larger than the backend takes (the kit: 16 KiB).'),
  415: failure(415, '`unsupported_media_type`: a body that is not declared `application/json`.'),
  429: failure(429, '`rate_limited`, with Retry-After (seconds). The element backs off.'),
  503: failure(
    503,
    "`upstream_unavailable`: the payment provider could not be asked; Retry-After may say when to try. The element backs off and keeps what it shows. `upstream_unauthorized`: the provider refused the backend's own key (its configuration, no Retry-After).",
  ),
} as const;

const pathParameter = (name: string, description: string): Json => ({
  name,
  in: 'path',
  required: true,
  description,
  schema: { type: 'string', minLength: 1 },
});

const ifNoneMatch: Json = {
  name: 'If-None-Match',
  in: 'header',
  required: false,
  description: 'The ETag of the view the element holds.',
  schema: { type: 'string' },
};

/** A GET of a view the element follows: 200 with an ETag, or 304. */
function viewGet(summary: string, schema: keyof typeof components, parameter: Json, missing: string): Json {
  return {
    summary,
    parameters: [parameter, ifNoneMatch],
    responses: {
      200: {
        description: 'The view; `Cache-Control: no-store`.',
        headers: etagHeader,
        content: json(ref(schema)),
      },
      304: { description: 'Not modified: If-None-Match names the current version.', headers: etagHeader },
      404: failure(404, `\`not_found\`: ${missing}. The element stops asking.`),
      429: failures[429],
      503: failures[503],
    },
  };
}

/** A status stream (Server-Sent Events) of a view: `event: <name>`, `id:` its version, `data:` the view. */
function streamGet(
  summary: string,
  event: string,
  schema: keyof typeof components,
  parameter: Json,
  final: string,
): Json {
  return {
    summary,
    description: [
      `Server-Sent Events. The backend first sends \`retry: <ms>\`, then the current view as an event named \`${event}\` (\`event: ${event}\`, \`id:\` the view's version, its ETag without quotes, \`data:\` the view's JSON on one line), unless the request's Last-Event-ID names the current version; then one such event per change, and comment lines (\`: keep-alive\`) at least every 30 s. An event without the name \`${event}\` is ignored by the elements. ${final}`,
      'Answering 404 here (a backend that cannot hold connections open) means "poll": the element polls the view instead.',
    ].join(' '),
    parameters: [
      parameter,
      {
        name: 'Last-Event-ID',
        in: 'header',
        required: false,
        description: 'The version the browser holds when it reconnects.',
        schema: { type: 'string' },
      },
    ],
    responses: {
      200: {
        description: `\`text/event-stream\`: events named \`${event}\`, each one \`${schema}\`.`,
        content: {
          'text/event-stream': {
            schema: { type: 'string' },
            example: `retry: 3000\n\nid: 3bq0pyYUzRzO6cBCnrT9xE0j8ZA\nevent: ${event}\ndata: {…}\n\n`,
          },
        },
      },
      204: {
        description:
          'The view is final and Last-Event-ID names it: nothing more to send (EventSource stops).',
      },
      404: failure(404, '`not_found`: unknown, or this backend streams nothing: the element polls.'),
      429: failures[429],
      503: failures[503],
    },
  };
}

/** Opening an order's session, and renewing an expired one. */
function sessionWrites(id: Json, guarded: Record<number, Json>): Record<'createSession' | 'renew', Json> {
  return {
    createSession: {
      summary: "The order's one session: opened now (201), or the one it has (200)",
      description:
        'Concurrent requests for one order answer one session. A paid order answers its paid session; an expired one its expired session (renew it). The backend decides the amount, currency and customer from its own order (`order_id` alone comes from the browser).',
      requestBody: { required: true, content: json(ref('CreateSessionRequest')) },
      responses: {
        201: {
          description: 'A new session, with a new account.',
          headers: etagHeader,
          content: json(ref('SessionView')),
        },
        200: {
          description: "The order's existing session.",
          headers: etagHeader,
          content: json(ref('SessionView')),
        },
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
    },
    renew: {
      summary: 'A new single-use account for an expired session',
      description:
        'The body is `{}` with `Content-Type: application/json`. The same session id carries on with a new account, reference and expiry (status `pending`); concurrent renewals open one account.',
      parameters: [id],
      requestBody: {
        required: false,
        content: json({ type: 'object', maxProperties: 0, description: 'Empty: `{}`.' }),
      },
      responses: {
        200: {
          description: 'The session with its new account.',
          headers: etagHeader,
          content: json(ref('SessionView')),
        },
        404: failure(404, '`not_found`: no such session.'),
        409: failure(
          409,
          '`conflict`: the session is still pending or already paid. The element asks for the view again.',
        ),
        429: failures[429],
        503: failures[503],
        ...guarded,
      },
    },
  };
}

// ── claim (issue 44): "I've sent the money" ───────────────────────────────────────────────
/** The shopper says the transfer has left their bank. */
function claimOperation(id: Json, guarded: Record<number, Json>): Json {
  return {
    summary: '"I\'ve sent the money": the session is watched closely and waits for the transfer',
    description:
      'The body is `{}` with `Content-Type: application/json`. It pays nothing: it sets `claimed_at` (once; a second claim answers the same view, the same `claimed_at`), has the backend read the provider a few more times, and keeps the session `pending` past `expires_at` for a grace period (the kit: 30 minutes) in which a transfer that left in time still pays it; after it, `expired` as before.',
    parameters: [id],
    requestBody: {
      required: false,
      content: json({ type: 'object', maxProperties: 0, description: 'Empty: `{}`.' }),
    },
    responses: {
      200: {
        description: 'The session, claimed.',
        headers: etagHeader,
        content: json(ref('SessionView')),
      },
      404: failure(404, '`not_found`: no such session.'),
      409: failure(
        409,
        '`conflict`: the session is already paid or expired. The element asks for the view again.',
      ),
      429: failures[429],
      ...guarded,
    },
  };
}
// ── end claim ──────────────────────────────────────────────────────────────────────────────

/** A country's banks, and the banks an account number is known at. */
function bankOperations(guarded: Record<number, Json>): Record<'banks' | 'suggest', Json> {
  return {
    banks: {
      summary: "A country's banks",
      description: 'Cacheable: the kit answers `Cache-Control: public, max-age=…` (at most one day).',
      parameters: [pathParameter('country', 'ISO 3166-1 alpha-2, "NG".')],
      responses: {
        200: {
          description: 'The banks, by name.',
          headers: {
            'Pay-Cache': {
              description:
                'How the backend had the list: `miss` (asked the provider now), `hit` (kept, fresh), `stale` (kept past its time while the provider cannot answer). The kit sends it; the element ignores it.',
              schema: { type: 'string' },
            },
          },
          content: json(ref('BankList')),
        },
        400: failures[400],
        404: failure(404, '`not_found`: the provider lists no banks for the country.'),
        503: failures[503],
      },
    },
    suggest: {
      summary: 'The banks an account number is known at',
      requestBody: { required: true, content: json(ref('SuggestBanksRequest')) },
      responses: {
        200: { description: 'Suggestions, possibly none.', content: json(ref('BankSuggestions')) },
        400: failures[400],
        404: failure(404, '`not_found`: suggestions are turned off. The element shows none.'),
        429: failures[429],
        503: failures[503],
        ...guarded,
      },
    },
  };
}

function operations(): Record<string, Json> {
  const id = pathParameter('id', 'The session id the backend made (unguessable; the only credential).');
  const token = (what: string) =>
    pathParameter(
      'token',
      `The ${what}'s signed handle, made by the merchant's backend; a number alone or a tampered token is 404.`,
    );
  const guarded = { 403: failures[403], 413: failures[413], 415: failures[415] };
  const ops: Record<keyof typeof endpoints, Json | null> = {
    ...sessionWrites(id, guarded),
    claim: claimOperation(id, guarded), // claim (issue 44)
    session: viewGet('A session', 'SessionView', id, 'no such session'),
    events: streamGet(
      "A session's status as Server-Sent Events",
      'session',
      'SessionView',
      id,
      'The stream ends after a `paid` or `expired` view.',
    ),
    invoice: viewGet(
      'An invoice, by its token',
      'InvoiceViewModel',
      token('invoice'),
      'no such invoice, or a bad token',
    ),
    invoiceEvents: streamGet(
      "An invoice's status as Server-Sent Events",
      'invoice',
      'InvoiceViewModel',
      token('invoice'),
      'The stream ends once the invoice is `paid` or `cancelled`.',
    ),
    funding: viewGet(
      "A customer's own accounts and latest deposits, by the customer's token",
      'FundingView',
      token('customer'),
      'a bad or expired token',
    ),
    fundingEvents: streamGet(
      "A customer's accounts and deposits as Server-Sent Events",
      'funding',
      'FundingView',
      token('customer'),
      'It does not end by itself: deposits may come at any time.',
    ),
    receipt: {
      summary: 'A receipt, by its token (from `receipt_url`)',
      parameters: [token('receipt')],
      responses: {
        200: { description: 'The receipt.', headers: etagHeader, content: json(ref('ReceiptView')) },
        404: failure(404, '`not_found`: no such receipt, or a bad token.'),
      },
    },
    link: viewGet('A payment link', 'LinkView', pathParameter('id', "The link's id."), 'no such link'),
    ...bankOperations(guarded),
    // provider → backend, not a route the elements call
    webhooks: null,
  };
  const paths: Record<string, Json> = {};
  for (const [name, operation] of Object.entries(ops)) {
    if (!operation) continue;
    const endpoint = endpoints[name as keyof typeof endpoints];
    (paths[openApiPath(endpoint.path)] ??= {})[endpoint.method.toLowerCase()] = {
      operationId: name,
      ...operation,
    };
  }
  return paths;
}

/** The OpenAPI 3.1 document of the widget routes; its `info.version` is the protocol's. */
export function openApiDocument(): Json {
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'pay-elements widget protocol',
      version: protocolVersion,
      description:
        "The routes the pay-elements components call on the merchant's backend, under its base path (the kit's `/pay`). Generated from the zod schemas of @pay-elements/protocol; the rules in words, the stream's included, are docs/protocol.md. The browser sends no cookie and no credential: a session id, or a token the merchant signed, is the only one.",
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: '/pay', description: "The kit's default base path on the merchant's origin." }],
    paths: operations(),
    components: { schemas: componentSchemas() },
  };
}
