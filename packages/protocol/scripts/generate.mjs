// Writes what the package makes from its route table and schemas (src/generate.ts): openapi.json and
// src/routes.ts. `npm run generate -w @pay-elements/protocol`; src/generate.test.ts fails while
// a committed file differs from what this gives.
import { writeFileSync } from 'node:fs';
import { tsImport } from 'tsx/esm/api';

const { generatedFiles } = await tsImport('../src/generate.ts', import.meta.url);
for (const [path, text] of Object.entries(await generatedFiles())) {
  writeFileSync(new URL(`../${path}`, import.meta.url), text);
  console.log(`wrote ${path}`);
}
