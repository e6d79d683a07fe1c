// The registry of flows: each flow folder registered once under its own name, every option of the
// core and of each flow in createPayHandler's options and in the README's table, described, and no
// option declared twice (a spread would let one flow's quietly replace another's).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { coreOptions } from '../options.js';
import type { AnyFlow } from '../flow.js';
import {
  eventCatalogue,
  flows,
  kitEventTypes,
  Options,
  optionsTable,
  type FlowApis,
  type KitEvent,
} from './index.js';

const folder = fileURLToPath(new URL('.', import.meta.url));
/** each flow's declared options, by the flow's name (the registry holds them untyped) */
const declared = flows.map((f): [string, Record<string, unknown>] => [
  f.name,
  f.options as Record<string, unknown>,
]);

describe('the registry of flows', () => {
  it('registers each flow folder once, under its folder’s name', () => {
    const folders = readdirSync(folder).filter((name) => statSync(`${folder}/${name}`).isDirectory());
    assert.deepEqual(flows.map((f) => f.name).sort(), folders.sort());
    assert.equal(new Set(flows.map((f) => f.name)).size, flows.length);
  });

  it('declares no option twice, between the core and the flows', () => {
    const owners = new Map<string, string[]>();
    for (const [owner, shape] of [['core', coreOptions] as [string, Record<string, unknown>], ...declared])
      for (const name of Object.keys(shape)) owners.set(name, [...(owners.get(name) ?? []), owner]);
    const twice = [...owners].filter(([, declared]) => declared.length > 1);
    assert.deepEqual(twice, []);
  });

  it("puts every flow's options in the handler's options and the table, each described", () => {
    const rows = optionsTable();
    const names = new Set(rows.map((row) => row.name));
    for (const [flow, shape] of declared)
      for (const name of Object.keys(shape)) {
        assert.ok(name in Options.shape, `${flow}: ${name} in createPayHandler's options`);
        assert.ok(names.has(name), `${flow}: ${name} in the table`);
      }
    for (const row of rows) assert.ok(row.description.trim() !== '', `${row.name} is described`);
  });

  it('makes the event catalogue of each flow’s events, no type declared by two flows', () => {
    const declaredTypes = flows.flatMap((f: AnyFlow) => Object.keys(f.events ?? {}));
    assert.deepEqual(kitEventTypes, declaredTypes);
    assert.equal(new Set(declaredTypes).size, declaredTypes.length);
    for (const type of ['session.paid', 'invoice.paid', 'deposit.received'] as const)
      assert.ok(kitEventTypes.includes(type), type);
    for (const type of kitEventTypes) assert.ok(eventCatalogue[type].when.length > 0, `${type} says when`);
  });

  it('computes the handler’s methods, options and events from the flows’ types', () => {
    // type-level: a method, option or event no flow declares fails the type-check
    const typed = (apis: FlowApis, event: KitEvent) => {
      void apis.openSession;
      void apis.fundingToken;
      // @ts-expect-error no flow adds this method
      void apis.refund;
      void Options.shape.resolveOrder;
      // @ts-expect-error no flow declares this option
      void Options.shape.refunds;
      if (event.type === 'deposit.received') return event.data.received_at;
      // @ts-expect-error no flow declares this event
      if (event.type === 'refund.requested') return null;
      return null;
    };
    assert.equal(typeof typed, 'function');
  });
});
