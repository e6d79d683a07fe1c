// The registry of flows: the one list the core loops over (its order is the order credits are offered
// in), and what the handler's options, methods and events are made of: each computed from the flows'
// own types, so that adding a flow is a folder beside these and one entry in `flows` below.
import * as z from 'zod';
import { coreOptions, optionRowsOf, type OptionRow } from '../options.js';
import type { AnyFlow, EventsOf, Flow } from '../flow.js';
import { banks } from './banks/index.js';
import { funding } from './funding/index.js';
import { invoices } from './invoices/index.js';
import { links } from './links/index.js';
import { receipts } from './receipts/index.js';
import { sessions } from './sessions/index.js';

export const flows = [
  sessions,
  invoices,
  links,
  banks,
  funding,
  receipts,
] as const satisfies readonly AnyFlow[];

type Registered = (typeof flows)[number];
/** `A | B` → `A & B` */
type Intersect<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
/* eslint-disable @typescript-eslint/no-explicit-any -- inferring one parameter of each flow, any for the others */
type OptionsOf<F> = F extends Flow<infer Shape, any, any> ? Shape : never;
type ApiOf<F> = F extends Flow<any, infer Api, any> ? Api : never;
type CatalogueOf<F> = F extends Flow<any, any, infer Events> ? Events : never;
/* eslint-enable @typescript-eslint/no-explicit-any */

/** Each flow's part of the merged `Record`s, checked to name nothing another flow names. */
function merged<T>(parts: readonly object[], what: string): T {
  const out: Record<string, unknown> = {};
  for (const part of parts)
    for (const [key, value] of Object.entries(part)) {
      if (key in out) throw new Error(`two flows declare the ${what} ${key}`);
      out[key] = value;
    }
  return out as T;
}

/** createPayHandler's options: the core's and every flow's, each described where it is declared. */
export const Options = z.object(
  merged<typeof coreOptions & Intersect<OptionsOf<Registered>>>(
    [coreOptions, ...flows.map((f) => f.options)],
    'option',
  ),
);

/** The methods the flows add to the handler. */
export type FlowApis = Intersect<ApiOf<Registered>>;

/** Every kit event, by type: each declared by its flow (flows/<flow>/events.ts). */
export const eventCatalogue = merged<Intersect<CatalogueOf<Registered>>>(
  flows.map((f) => f.events ?? {}),
  'event',
);

/** A kit event of a declared type, its `data` typed by the declaration (narrow on `type`). */
export type KitEvent = EventsOf<typeof eventCatalogue>;
export type KitEventType = KitEvent['type'];

/** The declared event types, in the flows' order. */
export const kitEventTypes = Object.keys(eventCatalogue) as [KitEventType, ...KitEventType[]];

/** Every flow's older counter names (`Flow.deprecatedCounters`), each with its flow and event. */
export const deprecatedCounters: ReadonlyArray<{ flow: string; event: string; name: string }> = flows.flatMap(
  (f: AnyFlow) =>
    Object.entries(f.deprecatedCounters ?? {}).map(([event, name]) => ({ flow: f.name, event, name })),
);

/** The options, one row each (nested ones by their dotted name): the README's table is made from these. */
export function optionsTable(): OptionRow[] {
  return optionRowsOf(Options.shape);
}
