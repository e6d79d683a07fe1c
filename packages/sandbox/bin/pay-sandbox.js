#!/usr/bin/env node
// The emulator's command. Installed, `#cli` is the compiled dist/cli.js. In this repository's
// workspace (where src/ is beside bin/; the package ships no src/) it always runs from the TypeScript
// source, built or not: a newcomer's `npx pay-sandbox` runs the code they are reading, and a build in
// progress beside it is never half-loaded. tsx (a workspace dev dependency, never a dependency of
// this package) runs it, and the `@pay-elements/source` condition is added for every import, so that
// the other workspace packages resolve to their source too.
import { existsSync } from 'node:fs';
import { register } from 'node:module';
import { fileURLToPath } from 'node:url';

const source = new URL('../src/cli.ts', import.meta.url);
if (existsSync(fileURLToPath(source))) {
  const tsx = await import('tsx/esm/api');
  tsx.register();
  register(new URL('./source-condition.js', import.meta.url));
  await import(source.href);
} else {
  await import('#cli');
}
