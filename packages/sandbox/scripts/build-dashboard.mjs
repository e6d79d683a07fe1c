// Builds the dashboard served at /_sandbox/ (`npm run build:dashboard`): dashboard/src (Lit) bundled
// and minified into dashboard/dist/dashboard.js, one ES module loaded from 'self' under the page's CSP.
import { gzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { build } from 'esbuild';

const pkgDir = resolve(import.meta.dirname, '..');
const outfile = resolve(pkgDir, 'dashboard/dist/dashboard.js');

await build({
  entryPoints: [resolve(pkgDir, 'dashboard/src/main.ts')],
  outfile,
  bundle: true,
  format: 'esm',
  target: 'es2022',
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
});
const bytes = readFileSync(outfile);
if (!process.argv.includes('--quiet'))
  console.log(
    `dashboard/dist/dashboard.js: ${bytes.byteLength} bytes, ${gzipSync(bytes, { level: 9 }).byteLength} gzip`,
  );
