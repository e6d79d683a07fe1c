// The README's table of the kit's options, made from the options' one description (options.ts):
// options.test.ts holds the README to it, and `npm run docs:options` writes it.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { optionsTable } from '../flows/index.js';
import type { OptionRow } from '../options.js';
import { cell, section, withSection } from './readme-section.js';

export const README = fileURLToPath(new URL('../../README.md', import.meta.url));

/** The markdown table of the options, one row each, nested ones by their dotted name. */
export function optionsMarkdown(rows: readonly OptionRow[] = optionsTable()): string {
  return [
    '| option | default | meaning |',
    '|---|---|---|',
    ...rows.map((row) => `| \`${row.name}\` | ${cell(row.default)} | ${cell(row.description)} |`),
  ].join('\n');
}

/** The table as the README holds it now, between its markers. */
export const readmeOptions = (readme: string): string => section(readme, 'options');

/** The README with its table made anew. */
export const withOptions = (readme: string): string => withSection(readme, 'options', optionsMarkdown());

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(README, withOptions(readFileSync(README, 'utf8')));
  console.log(`wrote the options table of ${README}`);
}
