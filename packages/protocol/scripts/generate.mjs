// Writes what the package makes: first the lists read off the sources' text (src/generate-lists.ts:
// the index and route-list.ts), then, from the route table they gather and the schemas
// (src/generate.ts, loaded only once the lists are written), openapi.json and src/routes.ts.
// `npm run generate -w @pay-elements/protocol`; src/generate.test.ts fails while a committed file
// differs from what this gives.
import { writeFileSync } from 'node:fs';
import { tsImport } from 'tsx/esm/api';

const write = (files) => {
  for (const [path, text] of Object.entries(files)) {
    writeFileSync(new URL(`../${path}`, import.meta.url), text);
    console.log(`wrote ${path}`);
  }
};
const { formatted, listFiles } = await tsImport('../src/generate-lists.ts', import.meta.url);
write(await formatted(listFiles()));
const { generatedFiles } = await tsImport('../src/generate.ts', import.meta.url);
write(await generatedFiles());
