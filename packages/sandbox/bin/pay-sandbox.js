#!/usr/bin/env node
// The emulator's command: registers tsx so the TypeScript source runs as is, then starts the CLI.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli.ts');
