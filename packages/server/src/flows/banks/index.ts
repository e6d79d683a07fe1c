// GET /banks/{country}: the provider's bank list of a country, sorted by name, kept by the kit for
// `bankCacheMs` (at most one day, the spec's rule) with one provider call however many requests
// arrive together. POST /banks/suggest: the provider's bank suggestions for an account number,
// off unless the merchant enables it, and rate-limited per client because it reveals where an
// account number has been paid.
import { NotFoundError, RateLimitError, ValidationError, type PayClient } from '@pay-elements/api';
import {
  endpoints,
  SuggestBanksRequest,
  type BankEntry,
  type BankList,
  type BankSuggestions,
} from '@pay-elements/protocol';
import * as z from 'zod';
import { isProviderDown } from '../../errors.js';
import { TtlCache, type CacheRead } from '../../provider/cache.js';
import type { Clock } from '../../clock.js';
import { HttpError } from '../../errors.js';
import type { Flow } from '../../flow.js';
import { json } from '../../http/answers.js';
import { parseInput, readJson } from '../../http/input.js';
import { UNAVAILABLE_MESSAGE } from '../../http/failures.js';
import { describeError, type Logger } from '../../log.js';
import { MAX_BANK_CACHE_MS, ms, perMinute, tracked } from '../../options.js';
import { TokenBucketLimiter, clientKeyOrShared } from '../../provider/rate-limit.js';
import type { Route } from '../../http/router.js';

/** The officially assigned ISO 3166-1 alpha-2 codes (249). */
const ISO_3166_ALPHA2 = new Set(
  (
    'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS ' +
    'BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE ' +
    'EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM ' +
    'HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC ' +
    'LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA ' +
    'NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW ' +
    'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO ' +
    'TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
  ).split(' '),
);

/** The upper-cased code when `text` is an assigned ISO 3166-1 alpha-2 code ("ng" → "NG"), else null. */
export function countryCode(text: string): string | null {
  const code = text.toUpperCase();
  return /^[A-Z]{2}$/.test(code) && ISO_3166_ALPHA2.has(code) ? code : null;
}

/**
 * How long a definite "unknown country" answer of the provider is kept: briefly, since it may start
 * serving the country, and a misread outage must not hide a country's banks for long.
 */
const UNKNOWN_COUNTRY_TTL_MS = 5 * 60 * 1000;
/** After a failed refresh answered with the stale list, how long before the provider is asked again. */
const RETRY_AFTER_FAILURE_MS = 30_000;

type Listing = { known: true; banks: BankEntry[] } | { known: false };

/**
 * A definite "this country is unknown": a 404, or the spec's 400 whose message names the country
 * (the emulator's "unknown country code") and does not say unavailable. The same 400 also covers
 * "provider unavailable", so any other 400 is read as an outage and never cached.
 */
function isUnknownCountry(error: unknown): boolean {
  if (error instanceof NotFoundError) return true;
  return (
    error instanceof ValidationError &&
    error.status === 400 &&
    /\bcountry\b/i.test(error.message) &&
    !/unavailable/i.test(error.message)
  );
}

/** A 400 of the bank list that is not a definite unknown country: the provider failing. */
function isUnavailable400(error: unknown): boolean {
  return error instanceof ValidationError && error.status === 400 && !isUnknownCountry(error);
}

/** Failures of the provider itself, for which a stale list may be served. */
export function isProviderOutage(error: unknown): boolean {
  return isProviderDown(error) || error instanceof RateLimitError || isUnavailable400(error);
}

const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** Sorted by name (English collation, case- and accent-insensitive, numbers by value), then code. */
export function sortBanks(banks: readonly BankEntry[]): BankEntry[] {
  return [...banks].sort((a, b) => byName.compare(a.name, b.name) || byName.compare(a.code, b.code));
}

export interface BankRouteOptions {
  client: PayClient;
  clock: Clock;
  logger: Logger;
  maxBodyBytes: number;
  cacheMs: number;
  suggestions: { enabled: boolean; perMinute: number; maxClients: number };
  clientKey: ((request: Request) => string) | undefined;
}

export function bankRoutes(options: BankRouteOptions): Route[] {
  const { client, clock, logger } = options;
  const cache = new TtlCache<string, Listing>({
    clock,
    ttlMs: options.cacheMs,
    maxEntries: ISO_3166_ALPHA2.size,
    ttlFor: (listing) => (listing.known ? options.cacheMs : UNKNOWN_COUNTRY_TTL_MS),
    serveStaleOn: isProviderOutage,
    retryAfterFailureMs: RETRY_AFTER_FAILURE_MS,
  });

  // one provider call for every request asking together (single-flight): its line is the kit's own
  async function load(country: string): Promise<Listing> {
    try {
      const banks = await client.banks.list(country);
      return { known: true, banks: sortBanks(banks.map((b) => ({ code: b.code, name: b.name }))) };
    } catch (error) {
      if (isUnknownCountry(error)) return { known: false };
      if (isProviderOutage(error))
        logger.warn('bank list refresh failed', { country, error: describeError(error) });
      throw error;
    }
  }

  function headersOf(read: CacheRead<Listing>): Record<string, string> {
    const now = clock.now();
    const age = String(Math.max(0, Math.floor((now - read.storedAt) / 1000)));
    if (read.state === 'stale') return { 'cache-control': 'no-store', age, 'pay-cache': 'stale' };
    const maxAge = Math.max(0, Math.floor((read.expiresAt - now) / 1000));
    return { 'cache-control': `public, max-age=${maxAge}`, age, 'pay-cache': read.state };
  }

  const list: Route = {
    ...endpoints.banks,
    maxBodyBytes: options.maxBodyBytes,
    async handle({ params, log }) {
      const asked = params['country'] ?? '';
      const country = countryCode(asked);
      if (!country)
        throw new HttpError(
          'invalid_request',
          'The country must be an ISO 3166-1 alpha-2 code such as "NG".',
          {
            fields: { country: ['must be an ISO 3166-1 alpha-2 code such as "NG"'] },
          },
        );
      let read: CacheRead<Listing>;
      try {
        read = await cache.read(country, () => load(country));
      } catch (error) {
        if (isUnavailable400(error)) throw new HttpError('upstream_unavailable', UNAVAILABLE_MESSAGE);
        throw error;
      }
      if (read.state === 'stale')
        log.info('bank list served stale: the provider is unavailable', {
          country,
          storedAt: read.storedAt,
        });
      if (!read.value.known)
        throw new HttpError('not_found', `The payment provider lists no banks for country ${country}.`);
      const body: BankList = { banks: read.value.banks };
      return json(body, 200, headersOf(read));
    },
  };

  return [list, suggestRoute(options)];
}

function suggestRoute(options: BankRouteOptions): Route {
  const { client, clock, logger } = options;
  const base = { ...endpoints.suggest, maxBodyBytes: options.maxBodyBytes };
  if (!options.suggestions.enabled) {
    // answered like an unknown route (rather than 405 through GET /banks/:country)
    return { ...base, handle: () => Promise.reject(new HttpError('not_found', 'No such route.')) };
  }
  const limiter = new TokenBucketLimiter({
    clock,
    perMinute: options.suggestions.perMinute,
    maxKeys: options.suggestions.maxClients,
  });
  const keyOf = clientKeyOrShared(options.clientKey, logger, 'bank suggestions');

  return {
    ...base,
    async handle({ request, log }) {
      const { account_number } = parseInput(SuggestBanksRequest, await readJson(request));
      const decision = limiter.take(keyOf(request, log));
      if (!decision.allowed) {
        throw new HttpError(
          'rate_limited',
          `Too many bank suggestions. Try again in ${decision.retryAfterSeconds} s.`,
          { headers: { 'retry-after': String(decision.retryAfterSeconds) } },
        );
      }
      const found = await client.banks.suggest({ account_number });
      const body: BankSuggestions = {
        suggestions: found.map((s) => ({ bank_code: s.bank_code, bank_name: s.bank_name })),
      };
      return json(body);
    },
  };
}

const bankOptions = {
  bankCacheMs: ms()
    .min(0, { error: 'must not be negative' })
    .max(MAX_BANK_CACHE_MS, {
      error: 'must be at most one day (86400000): the provider allows caching bank lists for a day at most',
    })
    .default(MAX_BANK_CACHE_MS)
    .meta({
      description: "How long a country's bank list is kept, ms (at most a day: the spec's rule).",
      default: 'one day',
    }),
  bankSuggestions: z
    .strictObject(
      {
        enabled: z
          .boolean({ error: 'must be true or false' })
          .describe('Mount `POST /banks/suggest` (else 404).'),
        perMinute: perMinute(10).describe('Suggestions per client per minute (also the burst).'),
        maxClients: tracked().describe('The most clients whose rate is tracked at once.'),
      },
      { error: 'must be an object such as { enabled: true, perMinute: 10 }' },
    )
    .default({ enabled: false, perMinute: 10, maxClients: 10_000 })
    .meta({
      description:
        '`POST /banks/suggest`: off unless enabled (it reveals where an account number has been paid).',
      default: 'off',
    }),
};

export type BankSuggestionOptions = NonNullable<z.input<z.ZodObject<typeof bankOptions>>['bankSuggestions']>;

/** Banks of a country, and suggestions of an account number's bank. */
export const banks: Flow<typeof bankOptions> = {
  name: 'banks',
  about: "a country's banks (kept at most a day), bank suggestions (off unless enabled)",
  options: bankOptions,
  start: (kit, options) => ({
    routes: bankRoutes({
      client: kit.client,
      clock: kit.clock,
      logger: kit.logger,
      maxBodyBytes: kit.maxBodyBytes,
      cacheMs: options.bankCacheMs,
      suggestions: options.bankSuggestions,
      clientKey: kit.clientKey,
    }),
  }),
};
