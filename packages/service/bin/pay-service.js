#!/usr/bin/env node
// The service's command. Installed, `#cli` is the compiled dist/main.js. In this repository's workspace
// (where src/ is beside bin/; the package ships no src/) it runs from the TypeScript source, built or
// not, through tsx (a workspace dev dependency, never a dependency of this package), with the
// `@pay-elements/source` condition on every import so that the other workspace packages resolve to
// their source too.
import { existsSync } from 'node:fs';
import { register } from 'node:module';
import { fileURLToPath } from 'node:url';

const source = new URL('../src/main.ts', import.meta.url);
if (existsSync(fileURLToPath(source))) {
  const tsx = await import('tsx/esm/api');
  tsx.register();
  register(new URL('./source-condition.js', import.meta.url));
  await import(source.href);
} else {
  await import('#cli');
}
