// docs/architecture.md held to the kit's code, so that a move that makes it false fails like a type
// error: every folder of packages/server/src and every flow is named there, the registry lists every
// flow folder, the layout's rules hold on the imports (a flow never imports another; the core imports
// no flow but through the registry, the public index and its test support; the store and the HTTP
// core know no other room; streams only the HTTP core), at most 12 modules at the top, a test of its
// name for each module that exports a function or class, and no import cycle (the length of
// functions is held everywhere by function-length.test.ts).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = fileURLToPath(new URL('../..', import.meta.url));
const src = join(root, 'packages/server/src');
const doc = readFileSync(join(root, 'docs/architecture.md'), 'utf8');

/** The kit's modules (not tests), as paths under src. */
function modules(dir = src, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) modules(full, out);
    else if (name.endsWith('.ts') && !name.endsWith('.test.ts')) out.push(relative(src, full));
  }
  return out;
}

/** A module's static relative imports and re-exports, as paths under src (`values`: not `import type`). */
function importsOf(file: string, values = false): string[] {
  const text = readFileSync(join(src, file), 'utf8');
  const found: string[] = [];
  for (const match of text.matchAll(/^\s*(?:import|export)\s[^;]*?\sfrom\s+['"](\.{1,2}\/[^'"]+)['"]/gm)) {
    if (values && /^\s*(?:import|export)\s+type\s/.test(match[0])) continue;
    const base = resolve(dirname(join(src, file)), (match[1] ?? '').replace(/\.js$/, ''));
    const target = [`${base}.ts`, join(base, 'index.ts')].find((candidate) => existsSync(candidate));
    if (target) found.push(relative(src, target));
  }
  return found;
}

/** The room of a module: `top`, a folder, or `flows/<name>` (`flows` for the registry). */
function room(file: string): string {
  const parts = file.split('/');
  if (parts.length === 1) return 'top';
  if (parts[0] === 'flows') return parts.length === 2 ? 'flows' : `flows/${parts[1]}`;
  return parts[0] ?? 'top';
}

const all = modules();

/** Every file under src, as paths under src. */
function readdirRecursive(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) readdirRecursive(full, out);
    else out.push(relative(src, full));
  }
  return out;
}

/** Whether a module exports a function or a class of its own (a declaration, or a const bound to one). */
function exportsLogic(file: string): boolean {
  const source = ts.createSourceFile(
    file,
    readFileSync(join(src, file), 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  );
  return source.statements.some((statement) => {
    const exported = ts.canHaveModifiers(statement)
      ? (ts.getModifiers(statement) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
      : false;
    if (!exported) return false;
    if (ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) return true;
    return (
      ts.isVariableStatement(statement) &&
      statement.declarationList.declarations.some(
        (d) =>
          d.initializer !== undefined &&
          (ts.isArrowFunction(d.initializer) || ts.isFunctionExpression(d.initializer)),
      )
    );
  });
}
const flowNames = readdirSync(join(src, 'flows')).filter((n) =>
  statSync(join(src, 'flows', n)).isDirectory(),
);

/** Every import that breaks `allowed`, as `from → to`. */
function breaking(
  from: (file: string) => boolean,
  allowed: (target: string, file: string) => boolean,
): string[] {
  return all.filter(from).flatMap((file) =>
    importsOf(file)
      .filter((t) => !allowed(t, file))
      .map((t) => `${file} → ${t}`),
  );
}

/** The import cycles among the kit's modules at run time, each as `a → b → … → a`. */
function cycles(): string[] {
  const found: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    path.push(file);
    for (const next of importsOf(file, true)) {
      if (state.get(next) === 'open') found.push([...path.slice(path.indexOf(next)), next].join(' → '));
      else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(file, 'done');
  };
  for (const file of all) if (!state.has(file)) visit(file);
  return found;
}

const shared = (target: string) => target === 'errors.ts' || target === 'log.ts';

describe('docs/architecture.md and the kit', () => {
  it('names every folder of the kit and every flow, and the registry lists every flow folder', () => {
    // a folder with modules in it (an empty one left by a move is not the kit's)
    const folders = [...new Set(all.filter((f) => f.includes('/')).map((f) => f.split('/')[0] ?? ''))];
    for (const folder of folders) assert.ok(doc.includes(`\`${folder}/\``), `the doc names ${folder}/`);
    assert.ok(flowNames.length >= 6, flowNames.join());
    const registry = readFileSync(join(src, 'flows/index.ts'), 'utf8');
    for (const flow of flowNames) {
      assert.ok(doc.includes(`\`flows/${flow}/\``), `the doc's table names flows/${flow}/`);
      assert.ok(registry.includes(`from './${flow}/index.js'`), `the registry imports flows/${flow}`);
    }
  });

  it('keeps each flow to the core and its own folder', () => {
    assert.deepEqual(
      breaking(
        (f) => room(f).startsWith('flows/'),
        (t, f) => !room(t).startsWith('flows') || room(t) === room(f),
      ),
      [],
    );
  });

  it('has the core import no flow but through the registry, the public index and its test support', () => {
    const through = new Set(['handler.ts', 'index.ts']);
    assert.deepEqual(
      breaking(
        (f) => !room(f).startsWith('flows') && !through.has(f) && room(f) !== 'testing',
        (t) => !room(t).startsWith('flows'),
      ),
      [],
    );
  });

  it('keeps the store and the HTTP core to themselves, and streams to the HTTP core', () => {
    assert.deepEqual(
      breaking(
        (f) => room(f) === 'store',
        (t) => room(t) === 'store' || shared(t),
      ),
      [],
    );
    assert.deepEqual(
      breaking(
        (f) => room(f) === 'http',
        (t) => room(t) === 'http' || shared(t),
      ),
      [],
    );
    assert.deepEqual(
      breaking(
        (f) => room(f) === 'streams',
        (t) => room(t) === 'streams' || room(t) === 'http' || shared(t) || t === 'clock.ts',
      ),
      [],
    );
  });

  it('keeps the top folder to at most 12 modules', () => {
    // a new core module goes into the folder of its room; the top only grows by moving one out
    const top = all.filter((f) => room(f) === 'top').sort();
    assert.ok(top.length <= 12, `${top.length} modules at the top of packages/server/src: ${top.join(', ')}`);
  });

  it('gives each module that exports a function or class a test of its name', () => {
    // the test of `x.ts` is `x.test.ts` or `x.<aspect>.test.ts` beside it; of a folder's `index.ts`,
    // the test named after the folder; type-only and re-export modules have nothing of their own
    const names = readdirRecursive(src).filter((f) => f.endsWith('.test.ts'));
    const untested = all
      .filter((f) => !['testing', 'conformance', 'scenarios'].includes(room(f)) && exportsLogic(f))
      .filter((f) => {
        const stem = f.slice(0, -'.ts'.length);
        const folder = dirname(f);
        const folderTest = f.endsWith('/index.ts')
          ? join(folder, `${folder.split('/').pop() ?? ''}.test.ts`)
          : null;
        return !names.some(
          (t) =>
            t === `${stem}.test.ts` ||
            t === folderTest ||
            (t.startsWith(`${stem}.`) && dirname(t) === folder),
        );
      });
    assert.deepEqual(untested, []);
  });

  it('has no import cycle at run time', () => {
    assert.deepEqual(cycles(), []);
  });
});
