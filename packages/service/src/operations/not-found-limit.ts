// Clients guessing what opens a shopper's payment: a session id (the widget's /pay/sessions/{id}, the
// hosted checkout) or a signed token (the invoice, accounts and receipt pages) draws a 404 for each
// wrong guess. A client may draw NOT_FOUND_LIMIT.burst of them at once, given back at
// NOT_FOUND_LIMIT.perMinute; past that each answer it would have had as a 404 is a 429 `rate_limited`
// with Retry-After, until one is back. What exists is still answered: a client is an address, and
// shoppers behind one carrier address share it with whoever guesses there (ids and tokens are
// unguessable, so a guesser gains nothing from it). A shopper draws a 404 rarely (a stale link), a
// guesser on nearly every try.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { statusOfErrorCode, type ErrorCode } from '@pay-elements/protocol';
import { addressKey, errorBody, TokenBucketLimiter, type Clock } from '@pay-elements/server';
import type { CommonConfig } from '../config.js';
import { forwardedClient } from './headers.js';

/** How many 404s one client may draw on the shoppers' routes: at once, then a minute; clients kept. */
export const NOT_FOUND_LIMIT = { burst: 60, perMinute: 10, maxClients: 100_000 } as const;

/** The shoppers' routes: the widget's under /pay (not the provider's webhooks) and the hosted pages. */
const SHOPPER_PATHS = /^\/(?:pay\/(?!webhooks(?:[/?]|$))|checkout\/|invoices\/|receipts\/|fund\/)/;

export interface NotFoundLimit {
  /**
   * For a request to a shoppers' route: counts its answer against its client if that is a 404, and
   * when the client has drawn too many, has a 404 answered 429 instead.
   */
  watch(req: IncomingMessage, res: ServerResponse, headers: (req: IncomingMessage) => AnswerHeaders): void;
}

type AnswerHeaders = Readonly<Record<string, string>>;

/**
 * The limit, each client known by its address (an IPv6 /64), or with TRUST_PROXY=1 by the address the
 * nearest proxy saw (every client it did not name counting as one), on `clock`.
 */
export function notFoundLimit(config: Pick<CommonConfig, 'TRUST_PROXY'>, clock: Clock): NotFoundLimit {
  const limiter = new TokenBucketLimiter({
    clock,
    perMinute: NOT_FOUND_LIMIT.perMinute,
    burst: NOT_FOUND_LIMIT.burst,
    maxKeys: NOT_FOUND_LIMIT.maxClients,
  });
  const keyOf = (req: IncomingMessage): string => {
    const address = config.TRUST_PROXY
      ? forwardedClient([req.headers['x-forwarded-for'] ?? ''].flat().join(','))
      : req.socket.remoteAddress;
    return address ? addressKey(address) : '';
  };
  return {
    watch(req, res, headers) {
      if (!SHOPPER_PATHS.test(req.url ?? '/')) return;
      const key = keyOf(req);
      const decision = limiter.peek(key);
      if (!decision.allowed) {
        const seconds = decision.retryAfterSeconds;
        notFoundAs(res, () =>
          writeError(res, 'rate_limited', `Too many unknown addresses. Try again in ${seconds} s.`, {
            ...headers(req),
            'retry-after': String(seconds),
          }),
        );
      }
      res.once('finish', () => {
        if (res.statusCode === 404) limiter.take(key);
      });
    },
  };
}

/**
 * Has `answer` write the response in place of a 404 the handler starts (by `writeHead`, which an
 * implicit head calls too); the handler's own body of it is dropped. Any other answer goes as it is.
 */
function notFoundAs(res: ServerResponse, answer: () => void): void {
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = (status: number, ...rest: unknown[]) => {
    Reflect.deleteProperty(res, 'writeHead'); // the prototype's again, for this answer or `answer`
    if (status !== 404) return writeHead(status, ...rest);
    answer();
    // the handler's body of its 404 goes nowhere
    res.write = () => true;
    res.end = (() => res) as ServerResponse['end'];
    return res;
  };
}

/** Writes the protocol's error answer for `code`, with `headers` (the security ones, the request's id). */
export function writeError(
  res: ServerResponse,
  code: ErrorCode,
  message: string,
  headers: AnswerHeaders,
): void {
  const body = JSON.stringify(errorBody(code, message));
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.writeHead(statusOfErrorCode[code], {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
}
