// Made by `npm run generate -w @pay-elements/protocol` (src/generate-lists.ts): do not edit.
// Each module's `…RouteTable`, gathered: route-table.ts reads it as the route table.
import { bankRouteTable } from './banks.js';
import { fundingRouteTable } from './funding.js';
import { invoiceRouteTable } from './invoices.js';
import { linkRouteTable } from './links.js';
import { receiptRouteTable } from './receipts.js';
import { sessionRouteTable } from './sessions.js';
import { webhookRouteTable } from './webhooks.js';

/** Every module's routes, the modules by name. */
export const declaredRoutes = {
  ...bankRouteTable,
  ...fundingRouteTable,
  ...invoiceRouteTable,
  ...linkRouteTable,
  ...receiptRouteTable,
  ...sessionRouteTable,
  ...webhookRouteTable,
} as const;
