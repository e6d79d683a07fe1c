// The OpenAPI 3.1 description of the emulated /v1 API, generated from the api package's zod schemas
// (the ones the client parses answers with and the emulator validates bodies with), so it cannot
// drift from either. Served at GET /_sandbox/openapi.json; test/conformance/openapi.test.ts calls
// every operation and validates the real answers against it.
import * as z from 'zod';
import * as api from '@pay-elements/api';
import type { Route } from './context.js';

type JsonSchema = Record<string, unknown>;

/** The api package's schemas that answers carry (as components, by these names). */
const responseNames = [
  'Bank',
  'BankSuggestion',
  'CardEvent',
  'CardSecret',
  'CardWithdrawal',
  'Customer',
  'DynamicAccount',
  'Empty',
  'FailureEnvelope',
  'Invoice',
  'InvoiceView',
  'PaymentLink',
  'PaymentResult',
  'PermanentVirtualAccount',
  'Transaction',
  'ValidationBody',
  'VirtualAccountCreation',
  'Wallet',
] as const;
/** The api package's schemas of request bodies. */
const requestNames = [
  'CardWithdrawParams',
  'CreateDynamicAccountParams',
  'CreateInvoiceParams',
  'CreateVirtualAccountParams',
  'SendPaymentParams',
  'SuggestBanksParams',
] as const;

type ResponseName = (typeof responseNames)[number];
type RequestName = (typeof requestNames)[number];
const pick = (names: readonly (ResponseName | RequestName)[]): Record<string, z.ZodType> =>
  Object.fromEntries(names.map((name) => [name, api[name]]));

const ref = (name: ResponseName | RequestName): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

/** Component schemas from one set of zod schemas, in the direction (`input` or `output`) given. */
function components(schemas: Record<string, z.ZodType>, io: 'input' | 'output'): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(schemas)) registry.add(schema, { id });
  const { schemas: out } = z.toJSONSchema(registry, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    uri: (id) => `#/components/schemas/${id}`,
  });
  // each component's own $schema/$id would confuse OpenAPI tools; the document says the dialect
  return Object.fromEntries(
    Object.entries(out).map(([id, { $schema: _s, $id: _i, ...rest }]) => [id, rest as JsonSchema]),
  );
}

const envelope = (data: JsonSchema): JsonSchema => ({
  type: 'object',
  required: ['status', 'data', 'error', 'message'],
  properties: {
    status: { const: true },
    data,
    error: { type: 'array', maxItems: 0 },
    message: { const: 'operation was successful' },
  },
});

const pageOf = (item: JsonSchema): JsonSchema => ({
  type: 'object',
  required: ['items', 'page', 'size', 'max_page', 'total_pages', 'total', 'last', 'first', 'visible'],
  properties: {
    items: { type: 'array', items: item },
    page: { type: 'integer', minimum: 0 },
    size: { type: 'integer', minimum: 0 },
    max_page: { type: 'integer' },
    total_pages: { type: 'integer', minimum: 0 },
    total: { type: 'integer', minimum: 0 },
    last: { type: 'boolean' },
    first: { type: 'boolean' },
    visible: { type: 'integer', minimum: 0 },
  },
});

interface Operation {
  method: 'get' | 'post' | 'put';
  path: string;
  id: string;
  summary: string;
  data: JsonSchema;
  body?: RequestName;
  params?: Array<{ name: string; in: 'path' | 'query'; description: string }>;
  list?: boolean;
  /** whether the restricted key may call it */
  banks?: boolean;
}

const q = api.defaultConventions.query;
const listParams: NonNullable<Operation['params']> = [
  { name: q.page, in: 'query', description: 'page number, from 0' },
  {
    name: q.size,
    in: 'query',
    description: `page size, default ${api.defaultConventions.pageSize.default}, at most ${api.defaultConventions.pageSize.max}`,
  },
  { name: q.sort, in: 'query', description: '`field,asc` or `field,desc`' },
  { name: q.filter, in: 'query', description: '`field:value` pairs joined by `;`' },
];
const pathParam = (name: string, description: string) => ({ name, in: 'path' as const, description });

export const operations: readonly Operation[] = [
  {
    method: 'get',
    path: '/v1/banks/{country_code}',
    id: 'listBanks',
    summary: 'Banks of a country',
    data: { type: 'array', items: ref('Bank') },
    params: [pathParam('country_code', 'NG, GH, KE, ZA or US')],
    banks: true,
  },
  {
    method: 'post',
    path: '/v1/banks/suggest',
    id: 'suggestBanks',
    summary: 'Banks an account number was paid through',
    data: { type: 'array', items: ref('BankSuggestion') },
    body: 'SuggestBanksParams',
  },
  {
    method: 'post',
    path: '/v1/payments/send',
    id: 'sendPayment',
    summary: 'Send a payment from a wallet',
    data: ref('PaymentResult'),
    body: 'SendPaymentParams',
  },
  {
    method: 'post',
    path: '/v1/invoices',
    id: 'createInvoice',
    summary: 'Create an invoice',
    data: ref('Invoice'),
    body: 'CreateInvoiceParams',
  },
  {
    method: 'get',
    path: '/v1/invoices',
    id: 'listInvoices',
    summary: 'Invoices, one page',
    data: pageOf(ref('Invoice')),
    list: true,
  },
  {
    method: 'get',
    path: '/v1/invoices/view/{number}',
    id: 'viewInvoice',
    summary: 'An invoice with its payment details',
    data: ref('InvoiceView'),
    params: [pathParam('number', 'invoice number, INV-000101')],
  },
  {
    method: 'post',
    path: '/v1/virtual-accounts/create',
    id: 'createVirtualAccount',
    summary:
      'A customer’s permanent accounts in a currency: one per bank of `codes` (NGN needs `id_number`, the BVN)',
    data: ref('VirtualAccountCreation'),
    body: 'CreateVirtualAccountParams',
  },
  {
    method: 'post',
    path: '/v1/virtual-accounts/dynamic',
    id: 'createDynamicAccount',
    summary: 'A single-use account for an exact amount',
    data: ref('DynamicAccount'),
    body: 'CreateDynamicAccountParams',
  },
  {
    method: 'get',
    path: '/v1/virtual-accounts',
    id: 'listVirtualAccounts',
    summary: 'Permanent virtual accounts, oldest first (the first of a customer in a currency is `default`)',
    data: { type: 'array', items: ref('PermanentVirtualAccount') },
    params: [
      { name: q.customerId, in: 'query', description: 'only this customer' },
      { name: q.currency, in: 'query', description: 'only this currency' },
    ],
  },
  {
    method: 'get',
    path: '/v1/customers',
    id: 'listCustomers',
    summary: 'Customers, one page',
    data: pageOf(ref('Customer')),
    list: true,
  },
  {
    method: 'get',
    path: '/v1/customers/{id}',
    id: 'retrieveCustomer',
    summary: 'A customer',
    data: ref('Customer'),
    params: [pathParam('id', 'customer id')],
  },
  {
    method: 'get',
    path: '/v1/wallets',
    id: 'listWallets',
    summary: 'The business wallets',
    data: { type: 'array', items: ref('Wallet') },
  },
  {
    method: 'get',
    path: '/v1/transactions',
    id: 'listTransactions',
    summary: 'Transactions, one page (or CSV)',
    data: pageOf(ref('Transaction')),
    list: true,
    params: [
      { name: q.customerId, in: 'query', description: 'only credits of this customer' },
      { name: q.export, in: 'query', description: `\`${q.exportCsv}\`: every match as text/csv` },
    ],
  },
  {
    method: 'get',
    path: '/v1/links',
    id: 'listLinks',
    summary: 'Payment links, one page',
    data: pageOf(ref('PaymentLink')),
    list: true,
  },
  {
    method: 'post',
    path: '/v1/cards/{card_id}/withdraw',
    id: 'withdrawCard',
    summary: "Move a card's money to the business wallet",
    data: ref('CardWithdrawal'),
    body: 'CardWithdrawParams',
    params: [pathParam('card_id', 'card id')],
  },
  {
    method: 'get',
    path: '/v1/cards/{card_id}/reveal',
    id: 'revealCard',
    summary: "A card's number and CVV (rate-limited)",
    data: ref('CardSecret'),
    params: [pathParam('card_id', 'card id')],
  },
  {
    method: 'put',
    path: '/v1/cards/{card_id}/freeze',
    id: 'freezeCard',
    summary: 'Freeze a card',
    data: ref('Empty'),
    params: [pathParam('card_id', 'card id')],
  },
  {
    method: 'put',
    path: '/v1/cards/{card_id}/unfreeze',
    id: 'unfreezeCard',
    summary: 'Unfreeze a card',
    data: ref('Empty'),
    params: [pathParam('card_id', 'card id')],
  },
  {
    method: 'get',
    path: '/v1/cards/{card_id}/events',
    id: 'listCardEvents',
    summary: "A card's events, one page",
    data: pageOf(ref('CardEvent')),
    list: true,
    params: [pathParam('card_id', 'card id')],
  },
];

const failure = (description: string) => ({
  description,
  content: { 'application/json': { schema: ref('FailureEnvelope') } },
});

function operation(op: Operation): JsonSchema {
  const parameters = [...(op.params ?? []), ...(op.list ? listParams : [])].map((p) => ({
    name: p.name,
    in: p.in,
    required: p.in === 'path',
    description: p.description,
    schema: { type: 'string' },
  }));
  return {
    operationId: op.id,
    summary: op.summary,
    ...(op.banks ? { description: 'The restricted key may call this one too.' } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(op.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: ref(op.body) } } } }
      : {}),
    responses: {
      '200': { description: 'success', content: { 'application/json': { schema: envelope(op.data) } } },
      '400': {
        description: 'a validation body (field → messages), or the failure envelope for another bad request',
        content: {
          'application/json': { schema: { oneOf: [ref('ValidationBody'), ref('FailureEnvelope')] } },
        },
      },
      '401': failure('no key or an unknown key: `unauthorized access`'),
      '403': failure('the restricted key: `unauthorized access: permission denied`'),
      '404': failure('not found'),
      '429': failure('too many requests (Retry-After)'),
    },
  };
}

function build(): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const op of operations) (paths[op.path] ??= {})[op.method] = operation(op);
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'Business Payments API (as emulated by pay-sandbox)',
      version: '1',
      description:
        'Every /v1 operation the emulator answers. Bodies and answers are generated from the zod schemas of @pay-elements/api.',
    },
    servers: [{ url: '/' }],
    security: [{ apiKeyHeader: [] }, { apiKeyQuery: [] }, { bearer: [] }],
    paths,
    components: {
      securitySchemes: {
        apiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-API-KEY' },
        apiKeyQuery: { type: 'apiKey', in: 'query', name: 'api-key' },
        bearer: { type: 'http', scheme: 'bearer' },
      },
      schemas: { ...components(pick(responseNames), 'output'), ...components(pick(requestNames), 'input') },
    },
  };
}

let document: string | undefined;

export const openApiRoutes: Route[] = [
  {
    method: 'GET',
    path: '/_sandbox/openapi.json',
    access: 'public',
    handle: () =>
      new Response((document ??= JSON.stringify(build())), {
        headers: { 'content-type': 'application/json; charset=utf-8' },
      }),
  },
];
