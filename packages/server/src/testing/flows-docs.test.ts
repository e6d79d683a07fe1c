import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { flows } from '../flows/index.js';
import { architectureFlows, flowDocs, readmeFlows } from './flows-docs.js';
import { section, tableCells } from './readme-section.js';

describe('the docs’ tables of flows', () => {
  it('are the ones made from the registry (docs/architecture.md and the server README)', () => {
    for (const { file, made } of flowDocs())
      assert.deepEqual(
        tableCells(section(readFileSync(file, 'utf8'), 'flows')),
        tableCells(made),
        `${file} is behind the flows: run \`npm run docs:flows\``,
      );
  });

  it('gives each registered flow a row: its folder and words, its methods and events', () => {
    const folders = tableCells(architectureFlows())
      .slice(2)
      .map((row) => row[2]);
    assert.deepEqual(
      folders,
      flows.map((flow) => `\`flows/${flow.name}/\``),
    );
    const sessions = tableCells(readmeFlows()).find((row) => row[1] === 'sessions');
    assert.match(sessions?.[2] ?? '', /^`openSession\(orderId, order\)`/);
    assert.equal(sessions?.[3], '`session.paid`, `session.expired`, `session.claimed`');
  });
});
