// The OpenAPI 3.1 document of the merchant's API, made from the same table the router mounts
// (operations.ts) and the same zod schemas it parses bodies with (schemas.ts), so that it cannot
// drift from the code; `openapi.test.ts` calls every operation and validates its answers against it.
import * as z from 'zod';
import { eventCatalogue, type EventDeclaration } from '@pay-elements/server';
import { components } from './schemas.js';
import type { ApiOperation } from './operations.js';

type JsonSchema = Record<string, unknown>;

/** The components, in the direction given (a body as sent, an answer as received). */
function schemasOf(io: 'input' | 'output'): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(components)) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    uri: (id) => `#/components/schemas/${id}`,
  });
  return Object.fromEntries(
    Object.entries(schemas).map(([id, { $schema: _s, $id: _i, ...rest }]) => [id, rest as JsonSchema]),
  );
}

const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

const statusText: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  400: 'The body is not valid (fields say which)',
  401: 'No service key, or not one of PAY_SERVICE_KEYS',
  404: 'Not found',
  409: 'Conflict',
  413: '`payload_too_large`: the body is over 16 KiB',
  415: '`unsupported_media_type`: the body is not declared application/json',
  429: '`rate_limited`: too many (a resend), or the provider asked to wait (Retry-After)',
  500: '`internal`: a failure of the service’s own (its log line has the request id)',
  503: '`upstream_unavailable`: the store or the provider cannot answer now (Retry-After)',
};

/** Every answer's request id, the same as on the service's log lines for it. */
const requestIdHeader = {
  'X-Request-Id': {
    description: 'The request’s id (the one sent, when it is one, else a new one): on its log lines.',
    schema: { type: 'string' },
  },
};

/** Retry-After on a 429 or 503: seconds (sent when the service knows). */
const retryAfterHeader = {
  'Retry-After': {
    description: 'Seconds to wait before asking again.',
    schema: { type: 'string', pattern: '^\\d+$' },
  },
};

/** A 401's challenge: `Bearer`, the scheme a service key is sent in. */
const challengeHeader = {
  'WWW-Authenticate': {
    description: 'Bearer (RFC 6750): send one of PAY_SERVICE_KEYS.',
    schema: { type: 'string' },
  },
};

/**
 * What any operation may answer besides its own: 401 and 500 and 503 (the store away) on every
 * one; 400, 413 and 415 (the body) and 429 (the provider's wait) on one that reads a body.
 */
function commonStatuses(operation: ApiOperation): number[] {
  return [401, 500, 503, ...(operation.body ? [400, 413, 415, 429] : [])];
}

/** An operation's answers: its own statuses and the common ones, each with its body and headers. */
function responsesOf(operation: ApiOperation): Record<string, JsonSchema> {
  const statuses: Record<number, string> = { ...operation.responses };
  for (const status of commonStatuses(operation)) statuses[status] ??= 'Error';
  return Object.fromEntries(
    Object.entries(statuses).map(([status, name]) => [
      status,
      {
        description: statusText[Number(status)] ?? 'Answer',
        headers: {
          ...requestIdHeader,
          ...(status === '429' || status === '503' ? retryAfterHeader : {}),
          ...(status === '401' ? challengeHeader : {}),
        },
        content: { 'application/json': { schema: ref(name) } },
      },
    ]),
  );
}

/** The Standard Webhooks headers every notification carries. */
const notificationHeaders = [
  ['webhook-id', 'The event id: the same on every attempt (act on each once).'],
  ['webhook-timestamp', 'The attempt’s real time, Unix seconds.'],
  [
    'webhook-signature',
    '`v1,<base64 HMAC-SHA256>` over `{id}.{timestamp}.{body}`, one a secret, space-separated.',
  ],
].map(([name, description]) => ({
  name,
  in: 'header',
  required: true,
  description,
  schema: { type: 'string' },
}));

/**
 * The notifications posted to PAY_NOTIFY_URL, one a kit event type (its catalogue, the kit's flows'
 * `events.ts`), each body's `data` the event's declared fields.
 */
function webhooksOf(): Record<string, JsonSchema> {
  return Object.fromEntries(
    (Object.entries(eventCatalogue) as [string, EventDeclaration][]).map(([type, event]) => {
      const data = z.toJSONSchema(event.data, { target: 'draft-2020-12' });
      const { $schema: _s, ...dataSchema } = data;
      const body = {
        type: 'object',
        required: ['type', 'timestamp', 'livemode', 'data'],
        properties: {
          type: { const: type },
          timestamp: { type: 'string', description: 'When the kit recorded the event, ISO 8601.' },
          livemode: { type: 'boolean', description: 'false for an event of the emulator.' },
          data: dataSchema,
        },
      };
      const post = {
        operationId: `notify.${type}`,
        summary: `${type}: ${event.when}${event.note ? ` (${event.note})` : ''}`,
        parameters: notificationHeaders,
        requestBody: { required: true, content: { 'application/json': { schema: body } } },
        responses: { '2XX': { description: 'Received: not sent again.' } },
      };
      return [type, { post }];
    }),
  );
}

/** The document: every operation of `operations`, and the document's own. */
export function openApiDocument(operations: readonly ApiOperation[]): JsonSchema {
  const outputs = schemasOf('output');
  const inputs = schemasOf('input');
  const bodies = new Set(operations.flatMap((o) => (o.body ? [o.body.name] : [])));
  // a body's component as the client sends it (a currency in any case), an answer's as it comes back
  const schemas = Object.fromEntries(
    Object.keys(components).map((name) => [
      name,
      (bodies.has(name as keyof typeof components) ? inputs : outputs)[name],
    ]),
  );
  const paths: Record<string, Record<string, JsonSchema>> = {
    '/api/openapi.json': {
      get: {
        operationId: 'getOpenApi',
        summary: 'This document (no key needed).',
        security: [],
        responses: {
          200: {
            description: 'OpenAPI 3.1',
            headers: requestIdHeader,
            content: { 'application/json': { schema: { type: 'object' } } },
          },
        },
      },
    },
  };
  for (const operation of operations) {
    const parameters = [
      ...[...operation.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
        name,
        in: 'path',
        required: true,
        schema: { type: 'string' },
      })),
      ...Object.entries(operation.query ?? {}).map(([name, { description, schema }]) => ({
        name,
        in: 'query',
        required: false,
        description,
        schema,
      })),
    ];
    (paths[operation.path] ??= {})[operation.method] = {
      operationId: operation.operationId,
      summary: operation.summary,
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(operation.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: ref(operation.body.name) } },
            },
          }
        : {}),
      responses: responsesOf(operation),
    };
  }
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'pay-service: the merchant’s API',
      version: '0.1.0',
      description:
        'Server to server: open a checkout session for an order, read it, link an invoice or a customer’s own accounts, and read or resend the notifications. Amounts are decimal strings, currencies upper-case.',
    },
    components: {
      schemas,
      securitySchemes: {
        serviceKey: { type: 'http', scheme: 'bearer', description: 'One of PAY_SERVICE_KEYS.' },
      },
    },
    security: [{ serviceKey: [] }],
    paths,
    webhooks: webhooksOf(),
  };
}
