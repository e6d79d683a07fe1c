// One name a concept. The packages a merchant installs export no two types of one name (two
// `PayEvent`s in two packages are two things a reader takes for one), a renamed type's old name kept a
// release as a `@deprecated` alias aside; and docs/architecture.md's glossary is held to the code:
// each type it names in backticks is exported by a package, each term is defined once.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Each published package's entry files (their `@pay-elements/source` exports, no patterns). */
function entries(): { pkg: string; file: string }[] {
  const found: { pkg: string; file: string }[] = [];
  for (const name of readdirSync(join(root, 'packages'))) {
    const manifest = JSON.parse(readFileSync(join(root, 'packages', name, 'package.json'), 'utf8')) as {
      name: string;
      private?: boolean;
      exports?: unknown;
    };
    if (manifest.private) continue;
    const files = new Set<string>();
    const walk = (value: unknown, key: string): void => {
      if (typeof value === 'string') {
        if (key === '@pay-elements/source' && !value.includes('*')) files.add(value);
      } else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, k);
    };
    walk(manifest.exports, '');
    for (const file of files) found.push({ pkg: manifest.name, file: join(root, 'packages', name, file) });
  }
  return found;
}

interface Exported {
  /** where it is declared, `path:position` */
  declaration: string;
  deprecated: boolean;
  /** the packages that export it under this name */
  from: Set<string>;
}

/**
 * Every type (interface, type alias, class, enum) the packages export, by name and declaration, and
 * whether a name is the platform's (`Response`, `ElementInternals`).
 */
function exportedTypes(): {
  byName: Map<string, Map<string, Exported>>;
  platform: (name: string) => boolean;
} {
  const list = entries();
  const config = ts.getParsedCommandLineOfConfigFile(
    join(root, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: () => undefined,
    },
  );
  assert.ok(config, 'tsconfig.json reads');
  const program = ts.createProgram(
    list.map((e) => e.file),
    { ...config.options, noEmit: true },
  );
  const checker = program.getTypeChecker();
  const byName = new Map<string, Map<string, Exported>>();
  for (const { pkg, file } of list) {
    const source = program.getSourceFile(file);
    assert.ok(source, `${file} is read`);
    const module = checker.getSymbolAtLocation(source);
    if (!module) continue;
    for (const symbol of checker.getExportsOfModule(module)) {
      const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      const declaration = target.declarations?.[0];
      if (!declaration || !(target.flags & ts.SymbolFlags.Type)) continue;
      const id = `${declaration.getSourceFile().fileName.slice(root.length)}:${declaration.pos}`;
      const named = byName.get(symbol.name) ?? new Map<string, Exported>();
      byName.set(symbol.name, named);
      const deprecated = ts.getJSDocTags(declaration).some((tag) => tag.tagName.text === 'deprecated');
      const entry = named.get(id) ?? { declaration: id, deprecated, from: new Set<string>() };
      entry.from.add(pkg);
      named.set(id, entry);
    }
  }
  const platform = (name: string) =>
    checker
      .resolveName(name, undefined, ts.SymbolFlags.Type, false)
      ?.declarations?.some((d) => program.isSourceFileDefaultLibrary(d.getSourceFile())) ?? false;
  return { byName, platform };
}

const { byName: types, platform } = exportedTypes();

describe('one name a concept', () => {
  it('reads the exports of every published package', () => {
    // a moved entry must not leave the rule holding over nothing
    for (const name of ['SessionView', 'PayClient', 'Flow', 'PayStore', 'PayDynamicAccount'])
      assert.ok(types.has(name), `${name} is exported`);
  });

  it('exports no two types of one name, deprecated aliases aside', () => {
    const twice = [...types]
      .map(([name, declarations]) => [name, [...declarations.values()].filter((d) => !d.deprecated)] as const)
      .filter(([, current]) => current.length > 1)
      .map(
        ([name, current]) =>
          `${name}: ${current.map((d) => `${[...d.from].join(', ')} (${d.declaration})`).join(' / ')}`,
      );
    assert.deepEqual(twice, []);
  });

  const text = readFileSync(join(root, 'docs/architecture.md'), 'utf8');
  const glossary = text.slice(text.indexOf('\n## Glossary'));
  const terms = [...glossary.matchAll(/^- \*\*([^*]+)\*\*/gm)].map((m) => (m[1] ?? '').toLowerCase());

  it('defines each term of the glossary once', () => {
    assert.ok(terms.length >= 20, `the glossary has ${terms.length} terms`);
    assert.deepEqual(
      terms.filter((term, i) => terms.indexOf(term) !== i),
      [],
    );
  });

  it('names in the glossary only types the packages (or the platform) export', () => {
    const named = [...glossary.matchAll(/`([A-Z][A-Za-z0-9]+)`/g)].map((m) => m[1] ?? '');
    assert.ok(named.length >= 5, `the glossary names ${named.length} types`);
    assert.deepEqual(
      named.filter((name) => !types.has(name) && !platform(name)),
      [],
    );
  });
});
