import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { routeTable } from '@pay-elements/protocol';
import { EXPIRY_RULES } from './expiry.js';
import { INVOICE_RULES } from './invoice.js';
import { coverageOf, routeCoverage, uncheckedRoutes } from './coverage.js';
import { A_RULES } from './sessions.js';
import { WEBHOOK_RULES } from './webhooks.js';

describe('pay-conformance’s coverage of the route table', () => {
  it('names, for each route of the table, a rule the runner reports or why none checks it', () => {
    for (const route of Object.keys(routeCoverage)) assert.ok(route in routeTable, `${route} is a route`);
    const rules = new Set<string>(
      [A_RULES, EXPIRY_RULES, INVOICE_RULES, WEBHOOK_RULES].flatMap((group) => Object.values(group)),
    );
    for (const route of Object.keys(routeTable) as (keyof typeof routeTable)[]) {
      const rule = coverageOf(route);
      assert.ok(rules.has(rule) || rule.startsWith('not checked: '), `${route}: ${rule}`);
    }
  });

  it('checks the checkout and invoice routes and the webhooks; the others are told', () => {
    const unchecked = uncheckedRoutes();
    for (const route of ['createSession', 'session', 'events', 'renew', 'invoice', 'webhooks'] as const)
      assert.ok(!unchecked.includes(route), `${route} is checked`);
    assert.ok(unchecked.includes('banks'), 'a route without a rule is told');
  });
});
