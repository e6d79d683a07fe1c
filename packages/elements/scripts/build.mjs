// Builds what @pay-elements/elements publishes (`npm run build -w @pay-elements/elements`):
//
//   dist/**                 unbundled ES modules with bare imports, .d.ts and source maps (tsc, tsconfig.build.json),
//                           the text of their css``, html`` and svg`` templates minified (scripts/minify-templates.mjs)
//   dist/types/*            the framework typings (jsx, vue: compiled; preact, solid, svelte: copied .d.ts)
//   custom-elements.json    the manifest, from the classes' JSDoc (custom-elements-manifest.config.mjs)
//   dist/cdn/               for a script tag, bundled from dist/ (its templates minified), minified, es2022, no source maps:
//     pay-elements-<version>.js       ES module defining every element (and exporting the package's API)
//     pay-elements-<version>.iife.js  classic script defining every element (API on `window.PayElements`)
//     <tag>-<version>.js, .iife.js     one element each (and the elements it shows), module and classic
//     qr-<hash>.js                    the QR code encoder, an ES module both load only when a QR code is drawn
//     manifest.json                   file → {integrity (sha384, for SRI), bytes, gzip}
//
// Every element is found by listing src/define/*.ts, which scripts/elements.mjs makes (run first) from
// the elements' declarations (src/components/<name>/<name>.element.ts). The manifest is made beside the modules, then the
// CDN files (about 3 s in all).
// `--out <dir>` writes dist/ and custom-elements.json under <dir> instead of this package (the tests and
// the bench do), with a copy of package.json so that bundlers read its `sideEffects` there too.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFile, mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { minifyTemplates } from './minify-templates.mjs';

const pkgDir = resolve(import.meta.dirname, '..');
const require = createRequire(import.meta.url);

const { values: args } = parseArgs({ options: { out: { type: 'string' } } });
const outRoot = resolve(args.out ?? pkgDir);
const distDir = join(outRoot, 'dist');
const cdnDir = join(distDir, 'cdn');

const { version } = JSON.parse(await readFile(join(pkgDir, 'package.json'), 'utf8'));

/** The built define modules, one per element (src/define/<tag>.ts): dist/define/<tag>.js. */
async function defineModules() {
  const names = await readdir(join(pkgDir, 'src/define'));
  return names
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.d.ts') && !name.endsWith('.test.ts'))
    .sort()
    .map((name) => join(distDir, 'define', name.replace(/\.ts$/, '.js')));
}

function run(cmd, argv) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(cmd, argv, { cwd: pkgDir, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolvePromise() : reject(new Error(`${cmd} ${argv.join(' ')} exited with ${code}`)),
    );
  });
}

// ── npm: tsc, then the declaration-only framework typings ──────────────────────────────────────────

async function buildModules() {
  // --noCheck: `npm run typecheck` type-checks; the emitted files are the same either way
  const tsc = require.resolve('typescript/bin/tsc');
  await run(process.execPath, [tsc, '-p', 'tsconfig.build.json', '--outDir', distDir, '--noCheck']);
  // tsc emits no .d.ts it was given: copy them, each with an empty module so a plain import works too
  const typesDir = join(pkgDir, 'src/types');
  for (const name of await readdir(typesDir)) {
    if (!name.endsWith('.d.ts')) continue;
    await copyFile(join(typesDir, name), join(distDir, 'types', name));
    await writeFile(join(distDir, 'types', name.replace(/\.d\.ts$/, '.js')), 'export {};\n');
  }
  await minifyTemplateText(distDir);
}

/** Every built module's css``, html`` and svg`` templates, minified in place (scripts/minify-templates.mjs). */
async function minifyTemplateText(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) await minifyTemplateText(path);
    else if (entry.name.endsWith('.js')) {
      const code = await readFile(path, 'utf8');
      const minified = await minifyTemplates(code, relative(distDir, path));
      if (minified !== code) await writeFile(path, minified);
    }
  }
}

// ── custom-elements.json ───────────────────────────────────────────────────────────────────────────

async function buildManifest() {
  const { cli } = await import('@custom-elements-manifest/analyzer/cli.js');
  const manifest = await cli({ argv: ['analyze', '--quiet'], cwd: pkgDir, noWrite: true });
  await writeFile(join(outRoot, 'custom-elements.json'), `${JSON.stringify(manifest, null, 2)}\n`);
}

// ── CDN bundles ────────────────────────────────────────────────────────────────────────────────────

const cdnOptions = {
  bundle: true,
  minify: true,
  target: 'es2022',
  platform: 'browser',
  sourcemap: false,
  legalComments: 'eof',
  // a build elsewhere (--out) finds lit and the protocol where this package does
  nodePaths: require.resolve.paths('lit') ?? [],
  // the workspace packages (the protocol) from source, as everywhere in the repository
  conditions: ['@pay-elements/source', 'module'],
  write: false,
  logLevel: 'warning',
};

/** Resolves `import('qrcode')` to `path`, left to the browser: the QR chunk is never in the bundle. */
function qrcodeAs(path) {
  return {
    name: 'qrcode-chunk',
    setup(b) {
      b.onResolve({ filter: /^qrcode$/ }, (resolved) => {
        if (resolved.kind !== 'dynamic-import') {
          throw new Error(
            `${resolved.importer} imports qrcode statically: it must stay lazy (import('qrcode'))`,
          );
        }
        return { path, external: true };
      });
    },
  };
}

/** The QR code encoder as a standalone ES module (qrcode is CommonJS: its functions become named exports). */
async function buildQrChunk() {
  const result = await build({
    ...cdnOptions,
    format: 'esm',
    stdin: {
      contents: `import qr from 'qrcode';\nexport const { create, toCanvas, toDataURL, toString } = qr;\nexport default qr;\n`,
      resolveDir: pkgDir,
      loader: 'js',
    },
  });
  const code = result.outputFiles[0].contents;
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 8);
  return { name: `qr-${hash}.js`, code };
}

const IIFE_QR_MARKER = '__PAY_ELEMENTS_QR_CHUNK__';

/** The same bundle as an ES module and as a classic script; `api` names the classic script's global. */
async function buildPair(imports, exportFrom, api, qrName) {
  const [esm, iife] = await Promise.all([
    // the ES module: `import('./qr-<hash>.js')` resolves against the module's own URL
    build({
      ...cdnOptions,
      format: 'esm',
      stdin: {
        contents: `${imports}\nexport * from ${JSON.stringify(exportFrom)};\n`,
        resolveDir: pkgDir,
        loader: 'js',
      },
      plugins: [qrcodeAs(`./${qrName}`)],
    }),
    // the classic script: a dynamic import in it would resolve against the page, so the chunk's URL is
    // made from the script's own (document.currentScript, only known while the script first runs)
    build({
      ...cdnOptions,
      format: 'iife',
      stdin: {
        contents: api
          ? `${imports}\nimport * as api from ${JSON.stringify(exportFrom)};\nglobalThis.${api} ??= api;\n`
          : imports,
        resolveDir: pkgDir,
        loader: 'js',
      },
      plugins: [qrcodeAs(IIFE_QR_MARKER)],
    }),
  ]);
  const esmCode = esm.outputFiles[0].text;
  const marker = `import("${IIFE_QR_MARKER}")`;
  const iifeText = iife.outputFiles[0].text;
  const markers = iifeText.split(marker).length - 1;
  if (markers > 1) throw new Error(`expected at most one ${marker} in a classic script`);
  const base = '__payElementsScript';
  const iifeCode =
    markers === 0
      ? iifeText
      : `(()=>{"use strict";var ${base}=document.currentScript instanceof HTMLScriptElement?document.currentScript.src:document.baseURI;` +
        iifeText.replace(marker, `import(new URL(${JSON.stringify(`./${qrName}`)},${base}).href)`) +
        '})();\n';
  return { esmCode, iifeCode };
}

/** `part` of a table in `code`, as its module exports it: `fr`, `invoice-view` → `frInvoiceView`. */
const partName = (code, part) =>
  code + part.replace(/(^|-)([a-z])/g, (_, _dash, letter) => letter.toUpperCase());

/**
 * The French an entry's elements show: a module that registers the French part of each English part
 * the entry's bundle carries (dist/i18n/en/<part>.js → dist/i18n/fr/<part>.js), found by bundling it
 * once. So a script-tag file carries only its own elements' words, and a new element's move no other's.
 */
async function frenchOf(entry) {
  const { metafile } = await build({
    ...cdnOptions,
    minify: false,
    metafile: true,
    entryPoints: [entry],
    plugins: [qrcodeAs('./qr.js')],
  });
  const parts = Object.keys(metafile.inputs)
    .map((input) => /(?:^|\/)dist\/i18n\/en\/([a-z-]+)\.js$/.exec(input)?.[1])
    .filter((part) => part && part !== 'shared')
    .sort();
  if (parts.length === 0) throw new Error(`${entry} carries no English part (dist/i18n/en/*.js)`);
  const registry = join(distDir, 'i18n/registry.js');
  return [
    `import { registerTranslationParts } from ${JSON.stringify(registry)};`,
    ...parts.map(
      (part) =>
        `import { ${partName('fr', part)} } from ${JSON.stringify(join(distDir, `i18n/fr/${part}.js`))};`,
    ),
    `registerTranslationParts(${parts.map((part) => partName('fr', part)).join(', ')});`,
  ].join('\n');
}

/**
 * pay-elements-<version>(.iife).js: every element and the package's API; <tag>-<version>(.iife).js:
 * one element (and those it shows), so a checkout page loads only what it uses. The script-tag
 * files speak English and French, each the French of its own elements (other tables through
 * `registerTranslation`).
 */
async function buildBundles(qrName) {
  const defines = await defineModules();
  const index = join(distDir, 'index.js');
  const importOf = (file) => `import ${JSON.stringify(file)};`;
  const imports = defines.map(importOf).join('\n');
  const everyFrench = await frenchOf(index);
  const all = buildPair(`${imports}\n${everyFrench}`, index, 'PayElements', qrName);
  const each = defines.map(async (file) => {
    const tag = basename(file, '.js');
    const french = await frenchOf(file);
    return { tag, ...(await buildPair(`${importOf(file)}\n${french}`, file, null, qrName)) };
  });
  return { all: await all, each: await Promise.all(each) };
}

async function buildCdn() {
  const qr = await buildQrChunk();
  const { all, each } = await buildBundles(qr.name);
  const files = {
    [`pay-elements-${version}.js`]: all.esmCode,
    [`pay-elements-${version}.iife.js`]: all.iifeCode,
    [qr.name]: qr.code,
  };
  for (const { tag, esmCode, iifeCode } of each) {
    files[`${tag}-${version}.js`] = esmCode;
    files[`${tag}-${version}.iife.js`] = iifeCode;
  }
  await mkdir(cdnDir, { recursive: true });
  const manifest = {};
  for (const [name, code] of Object.entries(files).sort(([a], [b]) => a.localeCompare(b))) {
    const bytes = Buffer.from(code);
    await writeFile(join(cdnDir, name), bytes);
    manifest[name] = {
      integrity: `sha384-${createHash('sha384').update(bytes).digest('base64')}`,
      bytes: bytes.byteLength,
      gzip: gzipSync(bytes, { level: 9 }).byteLength,
    };
  }
  await writeFile(join(cdnDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

// ── all of it ──────────────────────────────────────────────────────────────────────────────────────

const started = performance.now();
// the lists made from the elements' declarations first (scripts/elements.mjs): written here, only
// checked in CI, where a stale committed file fails the build
await run(process.execPath, [join(pkgDir, 'scripts/elements.mjs'), ...(process.env.CI ? ['--check'] : [])]);
await rm(distDir, { recursive: true, force: true });
await mkdir(outRoot, { recursive: true });
if (outRoot !== pkgDir) await copyFile(join(pkgDir, 'package.json'), join(outRoot, 'package.json'));
const [cdn] = await Promise.all([buildModules().then(buildCdn), buildManifest()]);
const seconds = ((performance.now() - started) / 1000).toFixed(1);
const kB = (n) => `${(n / 1024).toFixed(1)} kB`;
console.log(
  `@pay-elements/elements ${version} built in ${seconds} s → ${relative(process.cwd(), outRoot) || '.'}`,
);
for (const [name, { bytes, gzip }] of Object.entries(cdn)) {
  console.log(`  dist/cdn/${name.padEnd(38)} ${kB(bytes).padStart(9)}  ${kB(gzip).padStart(8)} gzip`);
}
