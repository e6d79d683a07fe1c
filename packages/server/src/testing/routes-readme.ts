// The README's table of routes, made from the protocol's route table (@pay-elements/protocol,
// route-table.ts): routes-readme.test.ts holds the README to it, and `npm run docs:routes` writes it.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { routeTable, type RouteDeclaration } from '@pay-elements/protocol';
import { cell, withSection } from './readme-section.js';

export const README = fileURLToPath(new URL('../../README.md', import.meta.url));

/** `{order_id}`: the fields of a route's body, when its body is an object schema of the protocol. */
function bodyFields(route: RouteDeclaration): string {
  const schema = route.body?.schema;
  const zod = schema && '_zod' in schema ? (schema as { _zod: { def: { shape?: object } } }) : undefined;
  const shape = zod?._zod.def.shape;
  return shape ? ` \`{${Object.keys(shape).join(', ')}}\`` : '';
}

/** The markdown table of the routes, one row each, in the table's order. */
export function routesMarkdown(): string {
  const rows = Object.values(routeTable as Record<string, RouteDeclaration>).map((route) => {
    const path = route.path.replace(/:(\w+)/g, '{$1}');
    return `| \`${route.method} ${path}\`${bodyFields(route)} | ${cell(route.readme)} |`;
  });
  return ['| route | answer |', '|---|---|', ...rows].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(README, withSection(readFileSync(README, 'utf8'), 'routes', routesMarkdown()));
  console.log(`wrote the routes table of ${README}`);
}
