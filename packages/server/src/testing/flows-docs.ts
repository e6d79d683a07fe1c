// The flows' tables in the docs, made from the registry (`flows`, flows/index.ts): docs/architecture.md's
// (each flow's folder and what it adds, its `about`) and the server README's (the methods it adds to
// `pay` and the events it tells). flows-docs.test.ts holds both files to it, and `npm run docs:flows`
// writes them.
import { fileURLToPath } from 'node:url';
import type { AnyFlow } from '../flow.js';
import { flows } from '../flows/index.js';
import { README } from './events-docs.js';
import { cell, writeSections } from './readme-section.js';

export const ARCHITECTURE = fileURLToPath(new URL('../../../../docs/architecture.md', import.meta.url));

/** The registry, each flow read as any flow (its own types are checked where it is declared). */
const registered: readonly AnyFlow[] = flows;

/** docs/architecture.md's table: each flow, its folder, what it adds. */
export function architectureFlows(): string {
  const rows = registered.map(({ name, about }) => `| ${name} | \`flows/${name}/\` | ${cell(about)} |`);
  return ['| flow | folder | what it adds |', '|---|---|---|', ...rows].join('\n');
}

/** The README's table: each flow, its methods on `pay`, its events. */
export function readmeFlows(): string {
  const rows = registered.map(({ name, methods, events }) => {
    const types = Object.keys(events ?? {}).map((type) => `\`${type}\``);
    return `| ${name} | ${cell(methods ?? '—')} | ${types.join(', ') || '—'} |`;
  });
  return ['| flow | methods on `pay` | events |', '|---|---|---|', ...rows].join('\n');
}

/** Each file with its section of flows, as it should be. */
export function flowDocs(): { file: string; made: string }[] {
  return [
    { file: ARCHITECTURE, made: architectureFlows() },
    { file: README, made: readmeFlows() },
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) writeSections(flowDocs(), 'flows');
