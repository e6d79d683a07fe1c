// GET /v1/links. Status is an integer (conventions.paymentLinkStatus: 1 active, 0 inactive,
// 2 expired); an active link whose expires_at has passed reads as expired.
import { defaultConventions, type PaymentLink } from '@pay-elements/api';
import type { Route, Services } from '../context.js';
import { paginate } from '../list.js';
import { ok } from '../responses.js';
import type { LinkRecord } from '../store.js';

function statusCode(meaning: 'inactive' | 'active' | 'expired'): number {
  const entry = Object.entries(defaultConventions.paymentLinkStatus).find(([, m]) => m === meaning);
  return Number(entry?.[0]);
}
export const LINK_ACTIVE = statusCode('active');
export const LINK_INACTIVE = statusCode('inactive');
export const LINK_EXPIRED = statusCode('expired');

export const linkFields = [
  'id',
  'title',
  'description',
  'amount',
  'url',
  'status',
  'expires_at',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof PaymentLink)[];

export function linkWire(record: LinkRecord, now: number): PaymentLink {
  const expired = record.link.status === LINK_ACTIVE && now >= record.expiresAt;
  return expired ? { ...record.link, status: LINK_EXPIRED } : record.link;
}

function links(services: Services): PaymentLink[] {
  const now = services.clock.now();
  return services.state.links.map((l) => linkWire(l, now));
}

export const linkRoutes: Route[] = [
  {
    method: 'GET',
    path: '/v1/links',
    handle: (ctx) => ok(paginate(links(ctx), ctx.url, { fields: linkFields })),
  },
];
