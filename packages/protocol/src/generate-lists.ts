// What this package makes from its own files, before anything else is made: the package's index (every
// message module's exports) and route-list.ts (every module's routes, gathered into the route table).
// Both are read off the sources' text, not imported, so that scripts/generate.mjs writes them before it
// loads the route table they make (src/generate.ts makes the rest from that).
import { readdirSync, readFileSync } from 'node:fs';
import { format, resolveConfig } from 'prettier';

const src = new URL('./', import.meta.url);
const root = new URL('../', import.meta.url);

/**
 * The files that are not message modules: this package's machinery, each exported another way
 * (guards.ts is `@pay-elements/protocol/guards`; route-table.ts re-exports route-parts.ts's types).
 */
const MACHINERY = new Set([
  'index.ts',
  'guards.ts',
  'generate.ts',
  'generate-lists.ts',
  'openapi.ts',
  'route-parts.ts',
  'route-list.ts',
]);

/** The message modules of src/, by name, with the routes each declares (its `…RouteTable`). */
function modules(): { file: string; routeTable: string | null }[] {
  return readdirSync(src)
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !MACHINERY.has(file))
    .sort()
    .map((file) => {
      const text = readFileSync(new URL(file, src), 'utf8');
      return { file, routeTable: /^export const (\w+RouteTable) = /m.exec(text)?.[1] ?? null };
    });
}

const made = (what: string): string[] => [
  '// Made by `npm run generate -w @pay-elements/protocol` (src/generate-lists.ts): do not edit.',
  `// ${what}`,
];

const js = (file: string): string => `./${file.replace(/\.ts$/, '.js')}`;

/** src/index.ts: every message module's exports. */
function indexSource(): string {
  return [
    ...made('The widget ⇄ backend contract (docs/protocol.md): one module per message group, each with the'),
    '// routes that carry it; zod/mini keeps it small, and `sideEffects: false` lets a bundle keep only',
    '// the schemas it uses.',
    ...modules().map(({ file }) => `export * from '${js(file)}';`),
    '',
  ].join('\n');
}

/** src/route-list.ts: every module's routes, module by module. */
function routeListSource(): string {
  const declaring = modules().filter((m) => m.routeTable !== null);
  return [
    ...made("Each module's `…RouteTable`, gathered: route-table.ts reads it as the route table."),
    ...declaring.map(({ file, routeTable }) => `import { ${routeTable} } from '${js(file)}';`),
    '',
    "/** Every module's routes, the modules by name. */",
    'export const declaredRoutes = {',
    ...declaring.map(({ routeTable }) => `  ...${routeTable},`),
    '} as const;',
    '',
  ].join('\n');
}

/** Each file made from the sources' text, by its path in this package, before formatting. */
export function listFiles(): Record<string, string> {
  return { 'src/index.ts': indexSource(), 'src/route-list.ts': routeListSource() };
}

/** `files` (text by path in this package), each formatted as the repository formats it. */
export async function formatted(files: Record<string, string>): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const [path, text] of Object.entries(files)) {
    const filepath = new URL(path, root).pathname;
    out[path] = await format(text, { ...(await resolveConfig(filepath)), filepath });
  }
  return out;
}
