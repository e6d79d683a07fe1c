// Writes openapi.json from the zod schemas (src/openapi.ts), formatted as the repository formats
// JSON (its Prettier configuration): `npm run openapi -w @pay-elements/protocol`. src/openapi.test.ts
// fails while the file differs from what the schemas give.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { tsImport } from 'tsx/esm/api';

const { openApiDocument } = await tsImport('../src/openapi.ts', import.meta.url);
const file = fileURLToPath(new URL('../openapi.json', import.meta.url));
const options = { ...(await resolveConfig(file)), filepath: file };
writeFileSync(file, await format(JSON.stringify(openApiDocument()), options));
