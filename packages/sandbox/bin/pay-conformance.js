#!/usr/bin/env node
// The conformance runner's command (src/conformance/). Installed, `#conformance` is the compiled
// dist/conformance/cli.js, run by plain node. In this repository's workspace it runs from the
// TypeScript source through tsx, every import with the `@pay-elements/source` condition, as
// pay-sandbox.js does (see there).
import { existsSync } from 'node:fs';
import { register } from 'node:module';
import { fileURLToPath } from 'node:url';

const source = new URL('../src/conformance/cli.ts', import.meta.url);
if (existsSync(fileURLToPath(source))) {
  const tsx = await import('tsx/esm/api');
  tsx.register();
  register(new URL('./source-condition.js', import.meta.url));
  await import(source.href);
} else {
  await import('#conformance');
}
