// The files made from the route table are the committed ones, and what they hold is the table's: the
// kit's `endpoints`, one path function a route (filled and percent-encoded), and a route table whose
// entries say what the docs need (a path with its parameters declared, answers, README words).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { generatedFiles } from './generate.js';
import { endpoints, routeTable, type RouteDeclaration } from './route-table.js';
import { routePaths, routes, sessionEventsPath, sessionsPath } from './routes.js';

describe('the route table', () => {
  it('is what the committed files were made from (npm run generate -w @pay-elements/protocol)', async () => {
    for (const [path, text] of Object.entries(await generatedFiles()))
      assert.equal(
        readFileSync(new URL(`../${path}`, import.meta.url), 'utf8'),
        text,
        `${path} is stale: run \`npm run generate -w @pay-elements/protocol\``,
      );
  });

  it('gives the kit each route’s method and path, and the browser a path function a route', () => {
    assert.deepEqual(endpoints.renew, { method: 'POST', path: '/sessions/:id/renew' });
    assert.deepEqual(Object.keys(endpoints), Object.keys(routeTable));
    assert.deepEqual(Object.keys(routePaths), Object.keys(routeTable));
    assert.equal(sessionsPath, '/sessions');
    assert.equal(sessionEventsPath('ses_1/2'), '/sessions/ses_1%2F2/events');
    assert.equal(routes, routePaths, 'the deprecated name is the same table');
  });

  it('declares each path parameter, a summary, an answer and the README’s words for every route', () => {
    for (const [name, route] of Object.entries(routeTable) as [string, RouteDeclaration][]) {
      const inPath = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
      const declared = (route.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      assert.deepEqual(declared, inPath, name);
      assert.ok(route.summary.length > 0 && route.readme.length > 0, name);
      assert.ok(Object.keys(route.answers).length > 0, name);
      assert.ok(
        !new Set(
          Object.values(routeTable)
            .filter((r) => r !== route)
            .map((r) => `${r.method} ${r.path}`),
        ).has(`${route.method} ${route.path}`),
        `${name}: one route a method and path`,
      );
    }
  });
});
