// Fewer, larger chunks for the hosted pages' elements. Left to itself, the bundler splits the code the
// site's pages share into a chunk per set of sharers: the hosted checkout needed eight files for its
// one element, and a phone's browser opens six connections to a server, so the last files waited for
// a second round trip (150–300 ms on a phone's network) and each carried its own headers. Here the
// code every hosted element needs (lit, the base element, the backend calls: what their import graphs
// share) becomes one chunk, and each element's own code, with the status stream's code it loads after
// its first answer, one more: the checkout is then its entry, the shared chunk and the element's.
// A page's script that opens the status stream before its element is defined (`early`: the checkout's,
// through @pay-elements/elements/stream) needs that code at once: it is a third, small chunk of its own
// (no Lit), which the entry imports statically and the other two import from.
// Other pages get the same chunks.
import { resolve } from 'node:path';
import type { Plugin, Rolldown } from 'vite';

/**
 * Vite's helper for a page's later imports (added after the graph is read): the entry calls it, so it goes
 * with the early chunk; in the shared one it would hold the entry back until Lit had arrived.
 */
const viteHelper = '\0vite/preload-helper.js';

type Group = NonNullable<
  Exclude<NonNullable<Rolldown.OutputOptions['codeSplitting']>, boolean>['groups']
>[number];

export interface HostedElement {
  /** the chunk's name */
  name: string;
  /** the module defining the element (relative to the repository) */
  define: string;
  /** modules it imports later (relative to the repository), kept in its chunk */
  later?: readonly string[];
}

/**
 * The chunk groups (`build.rolldownOptions.output.codeSplitting.groups`) and the plugin that reads the
 * import graph they need once every module is parsed (before chunks are made).
 */
export function hostedChunks(options: {
  repoRoot: string;
  elements: readonly HostedElement[];
  /** a module (relative to the repository) a page imports before its element: its closure is a chunk of its own */
  early?: { name: string; module: string };
}): {
  plugin: Plugin;
  groups: Group[];
} {
  const early = new Set<string>();
  const shared = new Set<string>();
  const own = new Map<string, Set<string>>();

  const plugin: Plugin = {
    name: 'pay-hosted-chunks',
    apply: 'build',
    buildEnd() {
      const imports = (id: string) => this.getModuleInfo(id)?.importedIds ?? [];
      /** `roots` and every module they import statically, transitively */
      const closure = (roots: readonly string[]) => {
        const seen = new Set<string>();
        const visit = (id: string) => {
          if (seen.has(id)) return;
          seen.add(id);
          for (const next of imports(id)) visit(next);
        };
        for (const root of roots) {
          if (!this.getModuleInfo(root)) throw new Error(`hosted chunks: ${root} is not in the build`);
          visit(root);
        }
        return seen;
      };
      const closures = options.elements.map((element) => ({
        name: element.name,
        modules: closure([element.define, ...(element.later ?? [])].map((m) => resolve(options.repoRoot, m))),
      }));
      early.clear();
      shared.clear();
      own.clear();
      if (options.early)
        for (const id of closure([resolve(options.repoRoot, options.early.module)])) early.add(id);
      // shared: what two elements or more need (a module only two share would otherwise land in one
      // of their chunks, and the other's page would load that element's whole chunk for it)
      const sharers = new Map<string, number>();
      for (const { modules } of closures)
        for (const id of modules) sharers.set(id, (sharers.get(id) ?? 0) + 1);
      for (const [id, count] of sharers) if (count >= 2) shared.add(id);
      for (const { name, modules } of closures)
        own.set(name, new Set([...modules].filter((id) => !shared.has(id))));
    },
  };

  const groups: Group[] = [
    ...(options.early
      ? [{ name: options.early.name, test: (id: string) => early.has(id) || id === viteHelper, priority: 3 }]
      : []),
    { name: 'hosted-shared', test: (id) => shared.has(id), priority: 2 },
    ...options.elements.map(({ name }) => ({
      name,
      test: (id: string) => own.get(name)?.has(id) ?? false,
      priority: 1,
    })),
  ];
  return { plugin, groups };
}
