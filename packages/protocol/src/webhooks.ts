// ── Webhooks ──────────────────────────────────────────────────────────────────────────────────
// The provider's events come in at the kit's base path too: a route of the table (the README lists it,
// the kit mounts it), not one the elements call, so openapi.json leaves it out.
import type { RouteDeclaration } from './route-parts.js';

/** The provider's webhooks (route-table.ts gathers every module's routes). */
export const webhookRouteTable = {
  webhooks: {
    method: 'POST',
    path: '/webhooks',
    summary: "The provider's events (Standard Webhooks), not a route the elements call",
    answers: { 200: { description: '`{received: true}`' } },
    readme: 'provider events in (below); `{received: true}`',
    widget: false,
  },
} as const satisfies Record<string, RouteDeclaration>;
