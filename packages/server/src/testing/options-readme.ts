// The README's table of the kit's options, made from the options' one description (options.ts):
// options.test.ts holds the README to it, and `npm run docs:options` writes it.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { optionsTable } from '../flows/index.js';
import type { OptionRow } from '../options.js';

const START = '<!-- options:start (made by `npm run docs:options` from src/options.ts) -->';
const END = '<!-- options:end -->';
export const README = fileURLToPath(new URL('../../README.md', import.meta.url));

/** The markdown table of the options, one row each, nested ones by their dotted name. */
export function optionsMarkdown(rows: readonly OptionRow[] = optionsTable()): string {
  const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
  return [
    '| option | default | meaning |',
    '|---|---|---|',
    ...rows.map((row) => `| \`${row.name}\` | ${cell(row.default)} | ${cell(row.description)} |`),
  ].join('\n');
}

/** The table as the README holds it now, between its markers. */
export function readmeOptions(readme: string): string {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`README.md has no ${START} … ${END} markers`);
  return readme.slice(start + START.length, end).trim();
}

/** The README with its table made anew. */
export function withOptions(readme: string): string {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`README.md has no ${START} … ${END} markers`);
  return `${readme.slice(0, start + START.length)}\n\n${optionsMarkdown()}\n\n${readme.slice(end)}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(README, withOptions(readFileSync(README, 'utf8')));
  console.log(`wrote the options table of ${README}`);
}
