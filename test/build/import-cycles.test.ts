// The layout shows the architecture: no module imports itself through others, type-only imports
// included (a cycle of types today is a cycle of values tomorrow, and it hides which way a
// dependency points). Dynamic `import()` is not counted: it is how a module loads another later.
// No relative import reaches into another package (a package is used by its name and exports), and
// in the elements no module imports a layer above its own (errors, events, i18n < lib < controllers <
// components < define); no product module imports the emulator or the test harnesses.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const full = join(dir, name);
    if (statSync(full).isDirectory()) sources(full, out);
    else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

/** Each module's static relative imports and re-exports, `type` ones included, as files. */
function importGraph(files: readonly string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const targets: string[] = [];
    for (const match of text.matchAll(/^\s*(?:import|export)\s[^;]*?\sfrom\s+['"](\.{1,2}\/[^'"]+)['"]/gm)) {
      const spec = match[1] ?? '';
      const base = resolve(dirname(file), spec.replace(/\.js$/, ''));
      const target = [`${base}.ts`, join(base, 'index.ts')].find((candidate) => existsSync(candidate));
      if (target) targets.push(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** The strongly connected groups of more than one module (Tarjan), each a cycle or several. */
function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(node, Math.min(low.get(node)!, index.get(target)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(group);
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe('import cycles', () => {
  it('finds a cycle when there is one (the check itself)', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    assert.deepEqual(
      cycles(graph).map((group) => group.sort()),
      [['a', 'b', 'c']],
    );
  });

  it('has none in the packages, server-example, the demo, the tests and the benches', () => {
    const files = ['packages', 'server-example', 'demo/src', 'test', 'bench'].flatMap((dir) =>
      sources(join(root, dir)),
    );
    assert.ok(files.length > 300, `read ${files.length} modules`);
    const found = cycles(importGraph(files)).map((group) => group.map((file) => relative(root, file)).sort());
    assert.deepEqual(found, []);
  });

  it('has no relative import into a package from outside it', () => {
    const packageOf = (file: string) => {
      const [top = '', name = ''] = relative(root, file).split('/');
      return top === 'packages' ? `packages/${name}` : top;
    };
    const files = ['packages', 'server-example', 'demo/src', 'test', 'bench'].flatMap((dir) =>
      sources(join(root, dir)),
    );
    const reaches = [...importGraph(files)].flatMap(([file, targets]) =>
      targets
        .filter(
          (target) => packageOf(target).startsWith('packages/') && packageOf(target) !== packageOf(file),
        )
        .map((target) => `${relative(root, file)} → ${relative(root, target)}`),
    );
    assert.deepEqual(reaches, []);
  });

  it('has no element module importing a layer above its own', () => {
    const src = join(root, 'packages/elements/src');
    const layers: Record<string, number> = {
      errors: 0,
      events: 0,
      i18n: 0,
      lib: 1,
      controllers: 2,
      components: 3,
      define: 4,
    };
    const layerOf = (file: string) => layers[relative(src, file).split('/')[0]!.replace(/\.ts$/, '')];
    const files = sources(src).filter((file) => !/\.test\.ts$/.test(file) && !file.includes('/src/test/'));
    const upward = [...importGraph(files)].flatMap(([file, targets]) => {
      const own = layerOf(file);
      return targets
        .filter((target) => own !== undefined && (layerOf(target) ?? -1) > own)
        .map((target) => `${relative(src, file)} → ${relative(src, target)}`);
    });
    assert.ok(files.length > 50, `read ${files.length} modules`);
    assert.deepEqual(upward, []);
  });

  it('has no product module importing the emulator or the test harnesses', () => {
    const products = ['api', 'protocol', 'http', 'server', 'elements'].flatMap((name) =>
      sources(join(root, 'packages', name, 'src')).filter(
        (file) => !/\.test\.ts$/.test(file) && !file.includes('/src/test/'),
      ),
    );
    const found = products.filter((file) =>
      /^\s*(?:import|export)\s[^;]*?\sfrom\s+['"]@pay-elements\/(?:sandbox|testing)\b/m.test(
        readFileSync(file, 'utf8'),
      ),
    );
    assert.deepEqual(
      found.map((file) => relative(root, file)),
      [],
    );
  });
});
