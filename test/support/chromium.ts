// The Debian Chromium the real-browser tests drive with playwright-core, and the flags it needs here
// (root: no sandbox; nothing that reaches for the network).
import { existsSync } from 'node:fs';

export const chromiumPath =
  process.env['CHROME_PATH'] ??
  (existsSync('/usr/lib/chromium/chromium') ? '/usr/lib/chromium/chromium' : '/usr/bin/chromium');
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
