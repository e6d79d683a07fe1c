#!/usr/bin/env node
// The emulator's command. Installed, `#cli` is the compiled dist/cli.js. In this repository's
// workspace it runs from the TypeScript source: when the `@pay-elements/source` condition is set (the
// npm scripts), or when nothing is built yet (`npm install`, then `npx pay-sandbox`). Then tsx (a
// workspace dev dependency, never a dependency of this package) runs it, and the source condition is
// added for every import, so that the other workspace packages resolve to their source too.
import { existsSync } from 'node:fs';
import { register } from 'node:module';
import { fileURLToPath } from 'node:url';

let cli = import.meta.resolve('#cli');
const source = new URL('../src/cli.ts', import.meta.url);
const unbuilt = !cli.endsWith('.ts') && !existsSync(fileURLToPath(cli)) && existsSync(fileURLToPath(source));
if (unbuilt) cli = source.href;
if (cli.endsWith('.ts')) {
  const tsx = await import('tsx/esm/api');
  tsx.register();
  if (unbuilt) register(new URL('./source-condition.js', import.meta.url));
}
await import(cli);
