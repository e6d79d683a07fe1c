// The OpenAPI 3.1 description of the widget routes (`openapi.json`, shipped as
// `@pay-elements/protocol/openapi.json`), made from the route table (route-table.ts) and this
// package's zod schemas so that it cannot drift from what the kit parses and the elements read:
// `npm run generate -w @pay-elements/protocol` writes it, and openapi.test.ts fails when the file
// differs. The words around the routes (what each status means, the stream's rules) are
// docs/protocol.md's, in short.
import * as z from 'zod/mini';
import { BankEntry, BankList, BankSuggestions, SuggestBanksRequest } from './banks.js';
import { Amount, Currency, Timestamp } from './common.js';
import { ErrorBody, ErrorCode, errorCodes, statusOfErrorCode } from './errors.js';
import { FundingAccount, FundingDeposit, FundingView } from './funding.js';
import { InvoiceChargeView, InvoiceLine, InvoiceStatus, InvoiceViewModel } from './invoices.js';
import { LinkStatus, LinkView } from './links.js';
import { ReceiptKind, ReceiptView } from './receipts.js';
import {
  routeTable,
  type Answer,
  type BodySchema,
  type OpenApiComponent,
  type RouteDeclaration,
  type RouteName,
} from './route-table.js';
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
 * The components named here, each a schema of the protocol, with what JSON Schema cannot say of it:
 * its meaning in a line, and for the scalars the format they follow. A route's new view is named with
 * the route instead (its `components` in the route table).
 */
const shared: Record<string, OpenApiComponent> = {
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

/** Every component: those above, and those a route declares with it (a name given twice throws). */
const components: Record<string, OpenApiComponent> = { ...shared };
for (const route of Object.values(routeTable) as readonly RouteDeclaration[])
  for (const [name, component] of Object.entries(route.components ?? {})) {
    if (name in components) throw new Error(`openapi: two components named ${name}`);
    components[name] = component;
  }

const ref = (name: string): Json => ({ $ref: `#/components/schemas/${name}` });

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

/** The path of a route with OpenAPI's `{name}` for `:name`. */
const openApiPath = (pattern: string): string => pattern.replace(/:([a-z]+)/g, '{$1}');

const componentOf = new Map<unknown, string>(
  Object.entries(components).map(([name, { schema }]) => [schema, name]),
);

/** A body's JSON Schema: a `$ref` to its component, or the inline schema as it is. */
function schemaOf(schema: BodySchema): Json {
  if (!('_zod' in schema)) return schema;
  const name = componentOf.get(schema);
  if (!name) throw new Error('openapi: a route answers a schema that is no component');
  return ref(name);
}

const json = (schema: BodySchema) => ({ 'application/json': { schema: schemaOf(schema) } });

/** One answer as OpenAPI writes it. */
function response({ description, headers, body, content }: Answer): Json {
  return {
    description,
    ...(headers ? { headers } : {}),
    ...(body ? { content: json(body) } : content ? { content } : {}),
  };
}

/** One route's operation, `operationId` its name in the table. */
function operation(name: string, route: RouteDeclaration): Json {
  const responses: Record<string, Json> = {};
  for (const [status, answer] of Object.entries(route.answers)) responses[status] = response(answer);
  return {
    operationId: name,
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    ...(route.parameters ? { parameters: route.parameters } : {}),
    ...(route.body
      ? { requestBody: { required: route.body.required, content: json(route.body.schema) } }
      : {}),
    responses,
  };
}

/** The paths of every route the elements call (`widget` not false), from the route table. */
function operations(): Record<string, Json> {
  const paths: Record<string, Json> = {};
  for (const [name, route] of Object.entries(routeTable) as [RouteName, RouteDeclaration][]) {
    if (route.widget === false) continue;
    (paths[openApiPath(route.path)] ??= {})[route.method.toLowerCase()] = operation(name, route);
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
