// Module preloads for what a page's script imports only later: the hosted checkout imports its element
// after its language table (`await import(...)`, so the table is registered before the element is
// defined), and the element imports its status stream's code after its first answer. Vite preloads a
// dynamic import's chunks only once the import runs, a round trip after the entry arrived (two for the
// stream's code); on a phone's network each is 150–300 ms. This plugin writes
// `<link rel="modulepreload">` in the page for the chunks of the modules named, and the chunks they
// import, so the browser fetches them with the entry: nothing runs sooner or in another order.
import { resolve } from 'node:path';
import type { Plugin, Rolldown } from 'vite';

/**
 * The files to preload for `modules` (absolute paths): every chunk holding one of them or standing
 * for it (a dynamic import's facade), then their static imports, in the order a browser needs them.
 * Throws when a module is in no chunk: a renamed file must not quietly end the preloads.
 */
export function preloadedFiles(
  bundle: Rolldown.OutputBundle,
  modules: readonly string[],
  skip: ReadonlySet<string>,
): string[] {
  const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
  const files: string[] = [];
  const add = (fileName: string) => {
    if (skip.has(fileName) || files.includes(fileName)) return;
    files.push(fileName);
    const chunk = chunks.find((c) => c.fileName === fileName);
    for (const imported of chunk?.imports ?? []) add(imported);
  };
  for (const id of modules) {
    const holders = chunks.filter((c) => c.facadeModuleId === id || c.moduleIds.includes(id));
    if (holders.length === 0) throw new Error(`preload: no chunk holds ${id}`);
    for (const chunk of holders) add(chunk.fileName);
  }
  return files;
}

/**
 * For each page (its HTML file name, relative to the Vite root), the source modules (relative to the
 * repository) whose chunks it preloads.
 */
export function payPreloads(options: { repoRoot: string; pages: Record<string, readonly string[]> }): Plugin {
  let base = '/';
  return {
    name: 'pay-preloads',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const page = ctx.filename.split(/[\\/]/).at(-1) ?? '';
        const modules = options.pages[page];
        if (!modules || !ctx.bundle || !ctx.chunk) return;
        // the entry and what it imports statically: Vite preloads those itself
        const skip = new Set([ctx.chunk.fileName, ...ctx.chunk.imports]);
        const files = preloadedFiles(
          ctx.bundle,
          modules.map((module) => resolve(options.repoRoot, module)),
          skip,
        );
        return files.map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}
