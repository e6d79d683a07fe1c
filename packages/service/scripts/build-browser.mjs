// Builds what the hosted pages load under /hosted/ (part of `npm run build`): src/browser's page
// scripts bundled with the elements they show (esbuild, ES modules, the shared code in hashed chunks)
// and the stylesheet, into dist/browser/.
import { copyFile, mkdir, readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkgDir = resolve(import.meta.dirname, '..');
const source = join(pkgDir, 'src/browser');
const outdir = join(pkgDir, 'dist/browser');

await mkdir(outdir, { recursive: true });
await build({
  entryPoints: ['checkout', 'invoice', 'fund', 'receipt'].map((name) => join(source, `${name}.ts`)),
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  target: 'es2022',
  platform: 'browser',
  minify: true,
  legalComments: 'none',
  entryNames: '[name]',
  chunkNames: 'chunks/[name]-[hash]',
  // the workspace's packages from their source, as everywhere in the repository; installed, their dist
  conditions: ['@pay-elements/source', 'module'],
  logLevel: 'warning',
});
await copyFile(join(source, 'hosted.css'), join(outdir, 'hosted.css'));

if (!process.argv.includes('--quiet')) {
  const files = [
    ...(await readdir(outdir)).filter((f) => f !== 'chunks'),
    ...(await readdir(join(outdir, 'chunks'))).map((f) => `chunks/${f}`),
  ];
  let bytes = 0;
  let gzip = 0;
  for (const file of files) {
    const body = readFileSync(join(outdir, file));
    bytes += body.byteLength;
    gzip += gzipSync(body, { level: 9 }).byteLength;
  }
  console.log(`dist/browser/: ${files.length} files, ${bytes} bytes, ${gzip} gzip`);
}
