// What this package makes from its route table (route-table.ts) and schemas, as files: openapi.json
// and src/routes.ts (the browser's path functions), with the lists made from the sources' text
// (generate-lists.ts: the index, route-list.ts), each formatted as the repository formats it.
// scripts/generate.mjs writes them (`npm run generate -w @pay-elements/protocol`); generate.test.ts
// fails while a committed file differs from what this gives.
import { formatted, listFiles } from './generate-lists.js';
import { openApiDocument } from './openapi.js';
import { routeTable, type RouteDeclaration } from './route-table.js';

/** The path function of one route: a constant for a path without a parameter. */
function pathFunction(name: string, route: RouteDeclaration): string {
  const fn = route.pathFunction ?? `${name}Path`;
  const parameter = /:([a-z]+)/.exec(route.path)?.[1];
  const doc = `/** \`${route.method} ${route.path}\`: ${route.summary} */`;
  if (!parameter) return `${doc}\nexport const ${fn} = '${route.path}';`;
  return `${doc}\nexport const ${fn} = (${parameter}: string): string => fill('${route.path}', ${parameter});`;
}

/** routes.ts as TypeScript, before formatting. */
export function routePathsSource(): string {
  const entries = Object.entries(routeTable) as [string, RouteDeclaration][];
  return [
    '// Made by `npm run generate -w @pay-elements/protocol` from the route table (route-table.ts): do not',
    '// edit. One function a route, so that an element’s bundle carries only the paths it asks for.',
    '',
    '/** A pattern with its one parameter filled in, percent-encoded. */',
    'function fill(pattern: string, value: string): string {',
    '  return pattern.replace(/:[a-z]+/, () => encodeURIComponent(value));',
    '}',
    '',
    ...entries.map(([name, route]) => pathFunction(name, route)),
    '',
    '/** Every route’s path function (or path), by the route’s name. */',
    'export const routePaths = {',
    ...entries.map(([name, route]) => `  ${name}: ${route.pathFunction ?? `${name}Path`},`),
    '} as const;',
    '',
    '/** @deprecated since 0.2.0: `routePaths` (whose `createSession` was `sessions`). */',
    'export const routes = routePaths;',
    '',
  ].join('\n');
}

/** Each made file by its path in this package, formatted. */
export async function generatedFiles(): Promise<Record<string, string>> {
  return formatted({
    ...listFiles(),
    'openapi.json': JSON.stringify(openApiDocument()),
    'src/routes.ts': routePathsSource(),
  });
}
