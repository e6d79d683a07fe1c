// The route table: each route of the widget protocol declared once (its method, path, parameters,
// body, answers by status, summary and the README's words), under the kit's base path, beside the
// messages it carries: each module of this package that has routes exports them as its
// `<name>RouteTable` (sessions.ts's `sessionRouteTable`), and route-list.ts, written by
// `npm run generate -w @pay-elements/protocol`, gathers them. Everything else is made from the
// table: `endpoints` (what the kit mounts), the browser's path functions (routes.ts, written by the
// same command), openapi.json, the server README's route rows (`npm run docs:routes`), and
// pay-conformance's coverage. A test holds each made file to the table.
import { declaredRoutes } from './route-list.js';
import type { RouteDeclaration } from './route-parts.js';

export type { Answer, BodySchema, OpenApiComponent, Parameter, RouteDeclaration } from './route-parts.js';

/** Every route, in the order the README and openapi.json list them: module by module, by name. */
export const routeTable = declaredRoutes satisfies Record<string, RouteDeclaration>;

export type RouteName = keyof typeof routeTable;
type Table = typeof routeTable;

/** Each route's method and path pattern, as the kit mounts them. */
export const endpoints = Object.fromEntries(
  Object.entries(routeTable).map(([name, { method, path }]) => [name, { method, path }]),
) as { readonly [K in RouteName]: { readonly method: Table[K]['method']; readonly path: Table[K]['path'] } };
