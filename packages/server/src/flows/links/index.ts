// GET /links/{id}: one payment link (protocol LinkView). The spec lists links but has no fetch by
// id, so the kit walks the paginated list (`client.links.iterate()`), keeps it `linkCacheMs` on the
// injected clock (one provider walk however many requests arrive together) and answers from it.
import { decimal, type PaymentLink, type PayClient } from '@pay-elements/api';
import { endpoints, type LinkStatus, type LinkView } from '@pay-elements/protocol';
import * as z from 'zod';
import { TtlCache } from '../../provider/cache.js';
import type { Clock } from '../../clock.js';
import { HttpError, ProviderDataError } from '../../errors.js';
import type { Flow } from '../../flow.js';
import { etagJson } from '../../http/answers.js';
import type { Logger } from '../../log.js';
import type { Route } from '../../http/router.js';
import { MAX_BANK_CACHE_MS, ms } from '../../options.js';

export interface LinkRouteOptions {
  client: PayClient;
  clock: Clock;
  logger: Logger;
  maxBodyBytes: number;
  cacheMs: number;
  /** the currency the links are priced in (the spec's links carry none); upper-case ISO 4217 */
  currency: string | undefined;
}

/**
 * The protocol status of a link's integer `status` at `now`, read through the client's conventions
 * (`paymentLinkStatus`: 0 inactive, 1 active, 2 expired by default). An active link past its
 * `expires_at` reads `expired`. An integer the conventions do not name reads `inactive` (not
 * payable) and `known` is false.
 */
export function linkStatus(
  status: number,
  expiresAt: number | null,
  now: number,
  meanings: Readonly<Record<number, LinkStatus>>,
): { status: LinkStatus; known: boolean } {
  const meaning = meanings[status];
  if (meaning === undefined) return { status: 'inactive', known: false };
  if (meaning === 'active' && expiresAt !== null && now >= expiresAt)
    return { status: 'expired', known: true };
  return { status: meaning, known: true };
}

/** The link as the widget sees it at `now`; `known` is false for a status integer with no meaning. */
export function buildLinkView(
  link: PaymentLink,
  now: number,
  meanings: Readonly<Record<number, LinkStatus>>,
  currency?: string,
): { view: LinkView; known: boolean } {
  const amount = decimal.fromNumber(link.amount);
  if (amount === null) throw new ProviderDataError(`payment link ${link.id} has no finite amount`);
  const expires = Date.parse(link.expires_at);
  const expiresAt = Number.isNaN(expires) ? null : expires;
  const created = Date.parse(link.created_at);
  const { status, known } = linkStatus(link.status, expiresAt, now, meanings);
  return {
    view: {
      id: link.id,
      title: link.title,
      description: link.description,
      amount: decimal.format(amount, 2),
      url: link.url,
      status,
      expires_at: expiresAt === null ? null : new Date(expiresAt).toISOString(),
      created_at: Number.isNaN(created) ? link.created_at : new Date(created).toISOString(),
      ...(currency ? { currency } : {}),
    },
    known,
  };
}

export function linkRoutes(options: LinkRouteOptions): Route[] {
  const { client, clock, logger } = options;
  const cache = new TtlCache<'links', ReadonlyMap<string, PaymentLink>>({
    clock,
    ttlMs: options.cacheMs,
    maxEntries: 1,
  });

  // one provider read for every request asking together (single-flight): its line is the kit's own
  async function loadAll(): Promise<ReadonlyMap<string, PaymentLink>> {
    const links = new Map<string, PaymentLink>();
    for await (const link of client.links.iterate()) links.set(link.id, link);
    logger.debug('payment links fetched', { count: links.size });
    return links;
  }

  const view: Route = {
    ...endpoints.link,
    maxBodyBytes: options.maxBodyBytes,
    async handle({ request, params, log }) {
      const id = params['id'] ?? '';
      const { value: links } = await cache.read('links', loadAll);
      const link = links.get(id);
      if (!link) throw new HttpError('not_found', 'No such payment link.');
      const built = buildLinkView(link, clock.now(), client.conventions.paymentLinkStatus, options.currency);
      if (!built.known)
        log.warn('payment link status has no known meaning; shown as inactive', {
          link: link.id,
          status: link.status,
        });
      return etagJson(request, built.view);
    },
  };

  return [view];
}

const linkOptions = {
  linkCacheMs: ms()
    .min(0, { error: 'must not be negative' })
    .max(MAX_BANK_CACHE_MS, { error: 'must be at most one day (86400000)' })
    .default(30_000)
    .describe(
      'How long the list of payment links is kept before the provider is asked again, ms (0 … one day).',
    ),
  linkCurrency: z
    .string()
    .regex(/^[A-Za-z]{3}$/, { error: 'must be a three-letter currency code such as "NGN"' })
    .transform((c) => c.toUpperCase())
    .optional()
    .describe(
      'The currency payment links are priced in (`"NGN"`), sent as the link view\'s `currency`: the spec\'s links carry none, and an amount with no currency is ambiguous.',
    ),
};

/** Payment links, read from the provider's list. */
export const links: Flow<typeof linkOptions> = {
  name: 'links',
  about: "payment links, from the provider's list kept a while",
  options: linkOptions,
  start: (kit, options) => ({
    routes: linkRoutes({
      client: kit.client,
      clock: kit.clock,
      logger: kit.logger,
      maxBodyBytes: kit.maxBodyBytes,
      cacheMs: options.linkCacheMs,
      currency: options.linkCurrency,
    }),
  }),
};
