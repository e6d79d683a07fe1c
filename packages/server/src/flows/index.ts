// The registry of flows: the one list the core loops over (its order is the order credits are offered
// in), and what the handler's options and methods are made of. Adding a flow is a folder beside these
// and one line in `flows` below.
import * as z from 'zod';
import { coreOptions, optionRowsOf, type OptionRow } from '../options.js';
import type { AnyFlow } from '../flow.js';
import { banks } from './banks/index.js';
import { funding, type FundingApi } from './funding/index.js';
import { invoices, type InvoicesApi } from './invoices/index.js';
import { links } from './links/index.js';
import { receipts, type ReceiptsApi } from './receipts/index.js';
import { sessions, type SessionsApi } from './sessions/index.js';

export const flows: readonly AnyFlow[] = [sessions, invoices, links, banks, funding, receipts];

/** createPayHandler's options: the core's and every flow's, each described where it is declared. */
export const Options = z.object({
  ...coreOptions,
  ...sessions.options,
  ...invoices.options,
  ...links.options,
  ...banks.options,
  ...funding.options,
  ...receipts.options,
});

/** Every flow's older counter names (`Flow.deprecatedCounters`), each with its flow and event. */
export const deprecatedCounters: ReadonlyArray<{ flow: string; event: string; name: string }> = flows.flatMap(
  (f) => Object.entries(f.deprecatedCounters ?? {}).map(([event, name]) => ({ flow: f.name, event, name })),
);

/** The methods the flows add to the handler. */
export type FlowApis = SessionsApi & InvoicesApi & FundingApi & ReceiptsApi;

/** The options, one row each (nested ones by their dotted name): the README's table is made from these. */
export function optionsTable(): OptionRow[] {
  return optionRowsOf(Options.shape);
}
