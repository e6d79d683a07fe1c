#!/usr/bin/env node
// The emulator's command. Installed, `#cli` is the compiled dist/cli.js; in this repository's workspace,
// run with the `@pay-elements/source` condition, it is the TypeScript source, which tsx (a workspace
// dev dependency, never a dependency of this package) is registered to run.
const cli = import.meta.resolve('#cli');
if (cli.endsWith('.ts')) {
  const { register } = await import('tsx/esm/api');
  register();
}
await import(cli);
