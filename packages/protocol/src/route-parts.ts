// The pieces the route table (route-table.ts) is written with: a declaration's shape, the answers
// every route shares (the error body by status, ETag and Retry-After), the parameters, and a view
// GET and its status stream. Data only: openapi.ts turns it into OpenAPI, the server's docs script
// into README rows.
import type * as z from 'zod/mini';
import { ErrorBody } from './errors.js';

type Json = Record<string, unknown>;

/** A schema of this package (an OpenAPI component), or an inline JSON Schema. */
export type BodySchema = z.core.$ZodType | Json;

/** One answer of a route at one status. */
export interface Answer {
  description: string;
  /** OpenAPI header objects */
  headers?: Record<string, Json>;
  /** an `application/json` body */
  body?: BodySchema;
  /** another media type's content, as OpenAPI writes it */
  content?: Json;
}

/** A parameter, as OpenAPI writes it. */
export interface Parameter {
  name: string;
  in: 'path' | 'header';
  required: boolean;
  description: string;
  schema: Json;
}

/** One route: everything said of it, once. */
export interface RouteDeclaration {
  method: 'GET' | 'POST';
  /** under the kit's base path; `:name` for a parameter */
  path: `/${string}`;
  summary: string;
  description?: string;
  /** the path parameter first (in the path's order), then headers */
  parameters?: readonly Parameter[];
  body?: { required: boolean; schema: BodySchema };
  answers: Readonly<Record<number, Answer>>;
  /** what the server README's route table says of it */
  readme: string;
  /** the browser's path function (routes.ts), when it is not `<name>Path` */
  pathFunction?: `${string}Path`;
  /** false for a route the elements do not call (left out of openapi.json) */
  widget?: false;
  /**
   * The schemas it answers or takes that are new to the protocol, by their name in openapi.json's
   * components, each with its meaning in a line (openapi.ts holds those of the routes before it)
   */
  components?: Readonly<Record<string, OpenApiComponent>>;
}

/** A schema of openapi.json's components, with what JSON Schema cannot say of it. */
export interface OpenApiComponent {
  schema: z.core.$ZodType;
  /** its meaning in a line */
  description: string;
  /** what else its JSON Schema says (a scalar's format, examples) */
  extra?: Record<string, unknown>;
}

export const etagHeader = {
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

/** An answer of the protocol's error body. */
export function failure(status: number, why: string): Answer {
  return {
    description: why,
    ...(status === 429 || status === 503 ? { headers: retryAfterHeader } : {}),
    body: ErrorBody,
  };
}

export const failures = {
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

/** The answers of a route with a body from a browser: the guards before it is read. */
export const guarded = { 403: failures[403], 413: failures[413], 415: failures[415] } as const;

export const pathParameter = (name: string, description: string): Parameter => ({
  name,
  in: 'path',
  required: true,
  description,
  schema: { type: 'string', minLength: 1 },
});

export const sessionId = pathParameter(
  'id',
  'The session id the backend made (unguessable; the only credential).',
);

/** A path parameter `token`: the signed handle of `what`. */
export const tokenOf = (what: string): Parameter =>
  pathParameter(
    'token',
    `The ${what}'s signed handle, made by the merchant's backend; a number alone or a tampered token is 404.`,
  );

const ifNoneMatch: Parameter = {
  name: 'If-None-Match',
  in: 'header',
  required: false,
  description: 'The ETag of the view the element holds.',
  schema: { type: 'string' },
};

/** A GET of a view the element follows: 200 with an ETag, or 304. */
export function viewGet(
  schema: z.core.$ZodType,
  parameter: Parameter,
  missing: string,
): Pick<RouteDeclaration, 'parameters' | 'answers'> {
  return {
    parameters: [parameter, ifNoneMatch],
    answers: {
      200: { description: 'The view; `Cache-Control: no-store`.', headers: etagHeader, body: schema },
      304: { description: 'Not modified: If-None-Match names the current version.', headers: etagHeader },
      404: failure(404, `\`not_found\`: ${missing}. The element stops asking.`),
      429: failures[429],
      503: failures[503],
    },
  };
}

/**
 * A status stream (Server-Sent Events) of a view: `event: <event>`, `id:` its version, `data:` the
 * view (`schema`, by its component name); `final` says when it ends.
 */
export function streamGet(
  event: string,
  schema: string,
  parameter: Parameter,
  final: string,
): Pick<RouteDeclaration, 'description' | 'parameters' | 'answers'> {
  return {
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
    answers: {
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
