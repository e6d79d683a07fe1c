import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { routeTable } from '@pay-elements/protocol';
import { section, tableCells } from './readme-section.js';
import { README, routesMarkdown } from './routes-readme.js';

describe('the README’s table of routes', () => {
  it('is the one made from the protocol’s route table, a row a route', () => {
    const made = tableCells(routesMarkdown());
    assert.deepEqual(
      tableCells(section(readFileSync(README, 'utf8'), 'routes')),
      made,
      'packages/server/README.md is behind the route table: run `npm run docs:routes`',
    );
    assert.equal(made.length, 2 + Object.keys(routeTable).length);
    // the protocol's modules by name, so banks.ts's routes first and webhooks.ts's last
    assert.deepEqual(made[2]?.[1], '`GET /banks/{country}`');
    assert.ok(made.some((row) => row[1] === '`POST /sessions` `{order_id}`'));
    assert.deepEqual(made.at(-1)?.[1], '`POST /webhooks`');
  });
});
