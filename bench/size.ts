// Size of what a page downloads for <pay-dynamic-account>: the define module bundled and minified
// (as a merchant's bundler or our script tag would), gzip -9 and brotli, with the QR code chunk apart
// when the element loads it lazily. Baseline, same run: a trivial LitElement bundled the same way.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'esbuild';
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
    const account = await bundle(join(root, 'packages/elements/src/define/pay-dynamic-account.ts'));
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
        aim: '14 kB gzip',
      },
      {
        bundle: 'pay-dynamic-account + QR chunk',
        raw: kB(account.entry.raw + account.lazy.raw),
        gzip: kB(withQr.gzip),
        brotli: kB(withQr.brotli),
        'vs baseline (gzip)': ratio(withQr.gzip, baseline.entry.gzip),
        aim: '22 kB gzip',
      },
    ]);
    if (account.lazy.raw === 0) console.log('  (no lazy chunk: the QR code is in the first load)');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
