// Every CSS part an element renders is listed in custom-elements.json on its own, so that editors and
// the reference page offer it: a part named only inside another part's description (`copy-amount`,
// `charge-tax`, `deposit-new` were) is invisible to tools. The manifest is made as the build makes it
// (the analyzer over the classes' JSDoc), the parts read from the templates' `part` attributes and the
// values their templated parts take (the copyable fields, the charge kinds).
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { join } from 'node:path';
import { InvoiceChargeView } from '@pay-elements/protocol';
import * as z from 'zod';
import { root } from '../support/processes.js';

const elements = join(root, 'packages/elements');
const components = join(elements, 'src/components');
const declared = z
  .array(z.object({ tag: z.string(), folder: z.string() }))
  .parse(JSON.parse(readFileSync(join(elements, 'elements.json'), 'utf8')));

interface Declaration {
  tagName?: string;
  cssParts?: Array<{ name: string; description?: string }>;
}

/** The element folder's templates and class, tests left out. */
function sources(folder: string): string {
  return readdirSync(join(components, folder))
    .filter((f) => f.endsWith('.ts') && !f.includes('.test.'))
    .map((f) => readFileSync(join(components, folder, f), 'utf8'))
    .join('\n');
}

/** The literal part names of a folder's `part` values (`part="…"`, `const parts = \`…\``), a
 * templated piece read as the parts it may add (`${arrived ? ' deposit-new' : ''}`). */
function literalParts(source: string): string[] {
  const names = new Set<string>();
  const values = [
    ...[...source.matchAll(/part="([^"]*)"/g)].map((m) => m[1] ?? ''),
    ...[...source.matchAll(/const parts = `([^`]*)`/g)].map((m) => m[1] ?? ''),
  ];
  for (const value of values) {
    const strings = value.replace(/\$\{([^}]*)\}/g, (_, inner: string) =>
      ['', ...[...inner.matchAll(/' ([^']*)'/g)].map((m) => m[1] ?? ''), ''].join(' '),
    );
    for (const token of strings.split(/\s+/)) if (/^[a-z][a-z-]*[a-z]$/.test(token)) names.add(token);
  }
  return [...names];
}

/** The values of a string union type an element's English declares (`FundingCopyField`). */
function unionOf(type: string, folder: string): string[] {
  const source = readFileSync(join(elements, `src/i18n/en/${folder}.ts`), 'utf8');
  const body = new RegExp(`export type ${type} =([^;]*);`).exec(source)?.[1] ?? '';
  return [...body.matchAll(/'([a-z-]+)'/g)].map((m) => m[1] ?? '');
}

describe('custom-elements.json lists every CSS part', () => {
  const parts = new Map<string, Set<string>>();
  const descriptions: Array<[string, string]> = [];
  before(async () => {
    // the analyzer as the elements' build runs it (scripts/build.mjs), in the elements' folder
    const script = `import { cli } from '@custom-elements-manifest/analyzer/cli.js';
const manifest = await cli({ argv: ['analyze', '--quiet'], cwd: process.cwd(), noWrite: true });
process.stdout.write(JSON.stringify(manifest));`;
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
      cwd: elements,
      maxBuffer: 64 * 1024 * 1024,
    });
    const manifest = JSON.parse(stdout) as { modules: Array<{ declarations?: Declaration[] }> };
    for (const mod of manifest.modules)
      for (const declaration of mod.declarations ?? []) {
        if (!declaration.tagName) continue;
        parts.set(declaration.tagName, new Set((declaration.cssParts ?? []).map((p) => p.name)));
        for (const part of declaration.cssParts ?? [])
          descriptions.push([declaration.tagName, part.description ?? '']);
      }
  });

  it('names no part inside another part’s description that is not listed itself', () => {
    const hidden = descriptions.flatMap(([tag, text]) =>
      [...text.matchAll(/`([a-z][a-z-]*[a-z])`/g)]
        .map((m) => m[1] ?? '')
        .filter((name) => /-(button|amount|number|new|total|code|tax|fee|shipping|discount)$/.test(name))
        .filter((name) => !parts.get(tag)?.has(name))
        .map((name) => `${tag}: ${name}`),
    );
    assert.deepEqual(hidden, []);
  });

  it('lists each part the templates render, the templated ones for every value they take', () => {
    // every element, from its declaration (components/<name>/<name>.element.ts, in elements.json)
    const folders = Object.fromEntries(declared.map(({ tag, folder }) => [tag, folder]));
    const missing: string[] = [];
    const expect = (tag: string, name: string) => {
      if (!parts.get(tag)?.has(name)) missing.push(`${tag}: ${name}`);
    };
    for (const [tag, folder] of Object.entries(folders))
      for (const name of literalParts(sources(folder))) expect(tag, name);
    for (const field of unionOf('FundingCopyField', 'funding-account'))
      expect('pay-funding-account', `copy-${field}`);
    for (const kind of InvoiceChargeView.shape.kind.options) expect('pay-invoice-view', `charge-${kind}`);
    for (const field of ['total', 'account-number', 'swift-code'])
      expect('pay-invoice-view', `copy-${field}`);
    for (const field of ['amount', 'account-number']) expect('pay-dynamic-account', `copy-${field}`);
    assert.deepEqual(missing, []);
  });
});
