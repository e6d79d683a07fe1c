// Which rule of pay-conformance checks each route of the protocol's route table, or why none checks it
// yet. A route the map does not name is one no rule checks (`uncheckedRoutes` tells it), so a route
// added to the table is told unchecked until a rule for it is written and named here.
import { routeTable, type RouteName } from '@pay-elements/protocol';
import { EXPIRY_RULES } from './expiry.js';
import { INVOICE_RULES } from './invoice.js';
import { A_RULES } from './sessions.js';
import { WEBHOOK_RULES } from './webhooks.js';

type Values<T> = T[keyof T];
/** A rule the runner reports. */
export type RuleName =
  | Values<typeof A_RULES>
  | Values<typeof EXPIRY_RULES>
  | Values<typeof INVOICE_RULES>
  | Values<typeof WEBHOOK_RULES>;
/** A route no rule checks yet, and why. */
export type NotChecked = `not checked: ${string}`;

/** The rule that checks each route (its first one; others may check it further). */
export const routeCoverage = {
  createSession: A_RULES.create,
  session: A_RULES.etag,
  events: A_RULES.named,
  renew: EXPIRY_RULES.renew,
  claim: A_RULES.claim,
  invoice: INVOICE_RULES.view,
  invoiceEvents: INVOICE_RULES.stream,
  funding: 'not checked: a backend with customers’ accounts on is not asked for a token yet',
  fundingEvents: 'not checked: a backend with customers’ accounts on is not asked for a token yet',
  receipt: 'not checked: receipts are the kit’s option, not a rule of the protocol',
  link: 'not checked: pay-conformance is given no link id',
  banks: 'not checked: the bank list is the provider’s, passed on',
  suggest: 'not checked: suggestions are off unless the merchant turns them on',
  webhooks: WEBHOOK_RULES.signed,
} as const satisfies Partial<Record<RouteName, RuleName | NotChecked>>;

/** The rule that checks `route`, or why none does. */
export const coverageOf = (route: RouteName): RuleName | NotChecked =>
  (routeCoverage as Partial<Record<RouteName, RuleName | NotChecked>>)[route] ??
  'not checked: no rule is written for it yet';

/** The routes no rule checks yet. */
export const uncheckedRoutes = (): RouteName[] =>
  (Object.keys(routeTable) as RouteName[]).filter((route) => coverageOf(route).startsWith('not checked: '));
