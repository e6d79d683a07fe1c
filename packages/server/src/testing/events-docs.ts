// The kit's event lists in the docs, made from the event catalogue (each flow's `events.ts`): the
// server README's *Events* table and docs/any-backend.md's table of notifications. events-docs.test.ts
// holds both files to it, and `npm run docs:events` writes them.
import { fileURLToPath } from 'node:url';
import { eventCatalogue } from '../flows/index.js';
import type { EventDeclaration } from '../flow.js';
import { cell, writeSections } from './readme-section.js';

export const README = fileURLToPath(new URL('../../README.md', import.meta.url));
export const ANY_BACKEND = fileURLToPath(new URL('../../../../docs/any-backend.md', import.meta.url));

const events = () => Object.entries(eventCatalogue) as [string, EventDeclaration][];

/** An event's fields, each with its description if it has one, then the event's note. */
function fields(event: EventDeclaration): string {
  const list = Object.entries(event.data.shape).map(([name, schema]) =>
    schema.description ? `\`${name}\` (${schema.description})` : `\`${name}\``,
  );
  return `${list.join(', ')}${event.note ? ` (${event.note})` : ''}`;
}

/** The README's table: each type and its data. */
export function readmeEvents(): string {
  const rows = events().map(([type, event]) => `| \`${type}\` | ${cell(fields(event))} |`);
  return ['| type | data |', '|---|---|', ...rows].join('\n');
}

/** docs/any-backend.md's table: each type, when it is sent, and its data. */
export function anyBackendEvents(): string {
  const rows = events().map(
    ([type, event]) => `| \`${type}\` | ${cell(event.when)} | ${cell(fields(event))} |`,
  );
  return ['| type | when | `data` |', '|---|---|---|', ...rows].join('\n');
}

/** Each file with its section of events, as it should be. */
export function eventDocs(): { file: string; made: string }[] {
  return [
    { file: README, made: readmeEvents() },
    { file: ANY_BACKEND, made: anyBackendEvents() },
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) writeSections(eventDocs(), 'events');
