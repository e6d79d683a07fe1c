// A section of a markdown file that a script makes: the text between `<!-- <name>:start … -->` and
// `<!-- <name>:end -->`. The docs scripts write it (`withSection`, `writeSections`) and their tests
// read it back (`section`) to hold the file to what it is made from.
import { readFileSync, writeFileSync } from 'node:fs';

function bounds(text: string, name: string): { from: number; to: number } {
  const start = new RegExp(`<!-- ${name}:start[^>]*-->`).exec(text);
  const to = text.indexOf(`<!-- ${name}:end -->`);
  if (!start || to < start.index)
    throw new Error(`no <!-- ${name}:start … --> … <!-- ${name}:end --> markers`);
  return { from: start.index + start[0].length, to };
}

/** The section as the file holds it now, trimmed. */
export function section(text: string, name: string): string {
  const { from, to } = bounds(text, name);
  return text.slice(from, to).trim();
}

/** The file with its section made anew from `body`. */
export function withSection(text: string, name: string, body: string): string {
  const { from, to } = bounds(text, name);
  return `${text.slice(0, from)}\n\n${body}\n\n${text.slice(to)}`;
}

/** A markdown table's cells, row by row (spacing ignored: Prettier may pad a table). */
export function tableCells(table: string): string[][] {
  return table
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .map((line) => line.split(/(?<!\\)\|/).map((cell) => cell.trim()));
}

/** Text made fit for a table cell. */
export const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** Writes each file's section `name` anew from what it is made of, saying so. */
export function writeSections(docs: readonly { file: string; made: string }[], name: string): void {
  for (const { file, made } of docs) {
    writeFileSync(file, withSection(readFileSync(file, 'utf8'), name, made));
    console.log(`wrote the ${name} table of ${file}`);
  }
}
