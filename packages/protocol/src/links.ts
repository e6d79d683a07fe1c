import * as z from 'zod/mini';
import { Amount, Currency, Timestamp } from './common.js';
import { pathParameter, viewGet, type RouteDeclaration } from './route-parts.js';

// ── Payment links ───────────────────────────────────────────────────────────────────────────
export const LinkStatus = z.enum(['active', 'inactive', 'expired']);
export type LinkStatus = z.infer<typeof LinkStatus>;
export const LinkView = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  amount: Amount,
  currency: z.optional(Currency),
  url: z.string(),
  status: LinkStatus,
  expires_at: z.nullable(Timestamp),
  created_at: Timestamp,
});
export type LinkView = z.infer<typeof LinkView>;

/** A payment link by its id. (route-table.ts gathers every module's.) */
export const linkRouteTable = {
  link: {
    method: 'GET',
    path: '/links/:id',
    summary: 'A payment link',
    ...viewGet(LinkView, pathParameter('id', "The link's id."), 'no such link'),
    readme: '200 payment link view (below), `no-store`, ETag / 304; 404 `not_found` for an unknown id',
  },
} as const satisfies Record<string, RouteDeclaration>;
