// Size of what a page downloads for <pay-dynamic-account>: the define module of the built package
// (built by the elements' own build script into a temporary folder) bundled and minified as a
// merchant's bundler would, gzip -9 and brotli, with what the element loads lazily (<pay-qr> and the QR
// encoder, when a QR code is first shown; the status stream, after the first answer) apart. Aim: 16 kB gzip first load (issue 14). Baseline, same run: a trivial LitElement bundled the
// same way. The budgets CI enforces are in .size-limit.mjs.
//
// Then the script-tag files of the same build (every element, and <pay-dynamic-account> alone; QR
// chunk apart) against a peer's embed script measured in the same run: Paystack's inline script, the
// browser bundle of @paystack/inline-js from npm (dist/inline.js, what js.paystack.co/v2/inline.js
// serves). Aim: 25 kB gzip for every element, under half the peer.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import * as z from 'zod';
import { kB, ratio, table } from './lib.js';

const root = new URL('..', import.meta.url).pathname;

interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}

function measure(code: Uint8Array): Sizes {
  return {
    raw: code.byteLength,
    gzip: gzipSync(code, { level: 9 }).byteLength,
    brotli: brotliCompressSync(code, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).byteLength,
  };
}

/** Bundles `entry` as ES modules with code splitting; answers the entry chunk and the lazy chunks. */
async function bundle(entry: string): Promise<{ entry: Sizes; lazy: Sizes }> {
  const result = await build({
    entryPoints: [entry],
    // a build in a temporary folder finds lit and the protocol (from source) in the repository
    nodePaths: [join(root, 'node_modules')],
    conditions: ['@pay-elements/source'],
    bundle: true,
    minify: true,
    format: 'esm',
    splitting: true,
    write: false,
    outdir: '/out',
    target: 'es2022',
    tsconfig: join(root, 'tsconfig.json'),
    legalComments: 'none',
    logLevel: 'silent',
  });
  const entryName = entry.split('/').at(-1)?.replace(/\.ts$/, '.js') ?? '';
  const entryFile = result.outputFiles.find((f) => f.path.endsWith(`/${entryName}`));
  const others = result.outputFiles.filter((f) => f !== entryFile && f.path.endsWith('.js'));
  // Chunks the entry imports statically count with the entry; the rest are loaded on demand.
  const entryText = entryFile?.text ?? '';
  const staticChunks = others.filter(
    (f) =>
      entryText.includes(`from"./${f.path.split('/').at(-1)}"`) ||
      entryText.includes(`import"./${f.path.split('/').at(-1)}"`),
  );
  const lazyChunks = others.filter((f) => !staticChunks.includes(f));
  const join2 = (files: typeof others) => Buffer.concat(files.map((f) => Buffer.from(f.contents)));
  return {
    entry: measure(
      Buffer.concat([Buffer.from(entryFile?.contents ?? new Uint8Array()), join2(staticChunks)]),
    ),
    lazy: measure(join2(lazyChunks)),
  };
}

const require = createRequire(import.meta.url);

/** The elements built now by their build script into `dir` (dist/ as npm publishes it). */
async function buildElements(dir: string): Promise<void> {
  await promisify(execFile)(process.execPath, [
    join(root, 'packages/elements/scripts/build.mjs'),
    '--out',
    dir,
  ]);
}

const version = z
  .object({ version: z.string() })
  .parse(JSON.parse(readFileSync(join(root, 'packages/elements/package.json'), 'utf8'))).version;

/** The script-tag files of the build in `dir`. */
function cdnFiles(dir: string): { iife: Sizes; esm: Sizes; account: Sizes; accountIife: Sizes; qr: Sizes } {
  const cdn = join(dir, 'dist/cdn');
  const names = readdirSync(cdn);
  const pick = (test: (name: string) => boolean) => {
    const name = names.find(test);
    if (!name) throw new Error(`no such file in ${cdn}: ${names.join(', ')}`);
    return measure(readFileSync(join(cdn, name)));
  };
  return {
    iife: pick((n) => n === `pay-elements-${version}.iife.js`),
    esm: pick((n) => n === `pay-elements-${version}.js`),
    account: pick((n) => n === `pay-dynamic-account-${version}.js`),
    accountIife: pick((n) => n === `pay-dynamic-account-${version}.iife.js`),
    qr: pick((n) => /^qr-[0-9a-f]+\.js$/.test(n)),
  };
}

/** The peer's embed script: Paystack's inline script from npm, as browsers download it. */
function peerScript(): { sizes: Sizes; version: string } {
  const pkgFile = require.resolve('@paystack/inline-js/package.json');
  const { version } = z.object({ version: z.string() }).parse(JSON.parse(readFileSync(pkgFile, 'utf8')));
  return { sizes: measure(readFileSync(join(pkgFile, '..', 'dist/inline.js'))), version };
}

function scriptTagBench(dir: string): void {
  {
    const ours = cdnFiles(dir);
    const peer = peerScript();
    const row = (bundle: string, sizes: Sizes, aim = '') => ({
      bundle,
      raw: kB(sizes.raw),
      gzip: kB(sizes.gzip),
      brotli: kB(sizes.brotli),
      'vs peer (gzip)': ratio(sizes.gzip, peer.sizes.gzip),
      aim,
    });
    const sum = (a: Sizes, b: Sizes): Sizes => ({
      raw: a.raw + b.raw,
      gzip: a.gzip + b.gzip,
      brotli: a.brotli + b.brotli,
    });
    table('Script-tag bundle, every element, vs a peer embed script (gzip -9, brotli 11)', [
      row(`peer: @paystack/inline-js ${peer.version} dist/inline.js`, peer.sizes),
      row(`pay-elements-${version}.iife.js (classic, first load)`, ours.iife, '25 kB gzip, < 0.50×'),
      row(`pay-elements-${version}.js (module, first load)`, ours.esm, '25 kB gzip, < 0.50×'),
      row(`pay-dynamic-account-${version}.iife.js (one element, classic)`, ours.accountIife),
      row(`pay-dynamic-account-${version}.js (one element, module)`, ours.account),
      row('QR chunk (loaded when a QR code is drawn)', ours.qr),
      row('classic + QR chunk', sum(ours.iife, ours.qr)),
    ]);
    const aim = 25_000;
    const verdict = (sizes: Sizes) =>
      `${sizes.gzip <= aim ? 'meets' : 'misses'} 25 kB gzip by ${kB(Math.abs(aim - sizes.gzip))}; ` +
      `${sizes.gzip < peer.sizes.gzip / 2 ? 'under' : 'over'} half the peer (${kB(peer.sizes.gzip / 2)})`;
    console.log(`  classic script: ${verdict(ours.iife)}`);
    console.log(`  <pay-dynamic-account> alone, classic: ${verdict(ours.accountIife)}`);
  }
}

export async function sizeBench(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'pay-bench-'));
  try {
    const baselineEntry = join(dir, 'lit-baseline.ts');
    writeFileSync(
      baselineEntry,
      `import { LitElement, html, css } from '${join(root, 'node_modules/lit/index.js')}';
class X extends LitElement { static styles = css\`:host{display:block}\`; render() { return html\`<p>hi</p>\`; } }
customElements.define('x-baseline', X);\n`,
    );
    const baseline = await bundle(baselineEntry);
    await buildElements(dir);
    const account = await bundle(join(dir, 'dist/define/pay-dynamic-account.js'));
    const withQr = {
      gzip: account.entry.gzip + account.lazy.gzip,
      brotli: account.entry.brotli + account.lazy.brotli,
    };
    table('Size of <pay-dynamic-account> (minified ES modules; gzip -9, brotli 11)', [
      {
        bundle: 'baseline: trivial LitElement',
        raw: kB(baseline.entry.raw),
        gzip: kB(baseline.entry.gzip),
        brotli: kB(baseline.entry.brotli),
        'vs baseline (gzip)': '1.00×',
        aim: '',
      },
      {
        bundle: 'pay-dynamic-account, first load (no QR)',
        raw: kB(account.entry.raw),
        gzip: kB(account.entry.gzip),
        brotli: kB(account.entry.brotli),
        'vs baseline (gzip)': ratio(account.entry.gzip, baseline.entry.gzip),
        aim: '16 kB gzip',
      },
      {
        bundle: 'pay-dynamic-account + lazy chunks (<pay-qr>, QR encoder, status stream)',
        raw: kB(account.entry.raw + account.lazy.raw),
        gzip: kB(withQr.gzip),
        brotli: kB(withQr.brotli),
        'vs baseline (gzip)': ratio(withQr.gzip, baseline.entry.gzip),
        aim: '22 kB gzip',
      },
    ]);
    if (account.lazy.raw === 0)
      console.log('  (no lazy chunk: <pay-qr>, the QR encoder and the status stream are in the first load)');
    const aim = 16_000;
    console.log(
      `  first load ${account.entry.gzip <= aim ? 'meets' : 'misses'} 16 kB gzip by ${kB(Math.abs(aim - account.entry.gzip))}`,
    );
    scriptTagBench(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
