// The house rule of function length, held everywhere code is written by hand: no function (a
// declaration, a method, an arrow, an accessor) of more than 100 lines in the packages' sources and
// scripts, the repository's scripts or server-example. Tests are left out: a test reads top to bottom.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = fileURLToPath(new URL('../..', import.meta.url));
const LONGEST = 100;

/** The folders the rule holds in, those that exist. */
function folders(): string[] {
  const packages = readdirSync(join(root, 'packages')).flatMap((name) =>
    ['src', 'scripts'].map((part) => join(root, 'packages', name, part)),
  );
  return [...packages, join(root, 'scripts'), join(root, 'server-example/src')].filter((dir) =>
    existsSync(dir),
  );
}

const SOURCE = /\.(?:[cm]?[jt]s|tsx)$/;
const NOT_SOURCE = /\.test\.[cm]?[jt]sx?$|\.d\.[cm]?ts$/;

/** The non-test source files under a folder, as paths under the repository. */
function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) {
      if (name !== 'node_modules' && name !== 'dist') sources(full, out);
    } else if (SOURCE.test(name) && !NOT_SOURCE.test(name)) out.push(relative(root, full));
  }
  return out;
}

/** Each function of a file longer than the rule, as `path:line (n lines)`. */
function longFunctions(file: string): string[] {
  const source = ts.createSourceFile(
    file,
    readFileSync(join(root, file), 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  );
  const long: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart()).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      if (end - start + 1 > LONGEST) long.push(`${file}:${start + 1} (${end - start + 1} lines)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return long;
}

describe('the house rule of function length', () => {
  const files = folders().flatMap((dir) => sources(dir));

  it('looks at the packages, the scripts and server-example', () => {
    // a moved folder must not leave the rule holding over nothing
    for (const part of ['packages/server/src/', 'packages/http/src/', 'scripts/', 'server-example/src/'])
      assert.ok(
        files.some((file) => file.startsWith(part)),
        `no source file under ${part}`,
      );
  });

  it(`has no function over ${LONGEST} lines outside the tests`, () => {
    assert.deepEqual(files.flatMap(longFunctions), []);
  });
});
