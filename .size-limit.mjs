// Size budgets of what the elements ship, gzip -9 (`npm run size` after a build; the build test runs
// them on its own build). Each define module is bundled as a merchant's bundler would from the built
// package (esbuild, ES modules, without the QR encoder and <pay-qr>, loaded lazily: the first load); each CDN file is
// measured as served. PAY_ELEMENTS_BUILD names another build's folder (`build.mjs --out <dir>`).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = import.meta.dirname;
const pkgDir = join(root, 'packages/elements');
const built = process.env.PAY_ELEMENTS_BUILD ?? pkgDir;
const { version } = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));

/**
 * Each element's declaration (components/<name>/<name>.element.ts, gathered in elements.json by the
 * elements' build, scripts/elements.mjs): its budgets, gzip, for the first load of
 * dist/define/<tag>.js, and for its script-tag files, module and classic. The history of each
 * element's budgets is in its declaration; the script-tag files' is below.
 */
const declared = JSON.parse(readFileSync(join(pkgDir, 'elements.json'), 'utf8'));

/** First load of each element, from dist/define/<tag>.js: its budget, gzip. */
const elements = Object.fromEntries(declared.map(({ tag, budgets }) => [tag, budgets.firstLoad]));

/** Each script-tag file, as served. */
// issue 24: +0.4 kB where <pay-invoice-view> is in: a script-tag file has no lazy chunks, so the
// invoice status stream (lib/view-stream.ts) and the page's first view ship in it.
// issue 32: the files with the picker -0.6 kB (no repeat directive); those with a live element
// +0.2 to +0.3 kB (the return check, Latin digits, and in the stream code they carry, the guarded
// EventSource and the reopening of a stream that died); <pay-link>'s +0.1 to +0.2 kB (Latin digits,
// and the poller's return check it shares)
// issue 33: +3.1 kB in the all-elements files for <pay-funding-account> (33.38 -> 36.47 kB and
// 33.75 -> 36.85 kB measured): its class, templates, styles and lib/funding.ts, and its English and
// French (the script-tag files speak both); its stream code and controllers were there already for
// the invoice. Its own files 20.05 and 20.38 kB, less than <pay-invoice-view>'s. Every other element's
// files +0.42 to +0.45 kB (measured): each carries the whole French table, now with the new element's
// words (the price of one table per language; a French table per element would take it back: issue 47)
const cdnFiles = {
  // issue 39: +0.4 to +0.6 kB where a live element is in (measured 36.46 -> 37.02, 36.85 -> 37.40,
  // 21.83 -> 22.41, 22.2 -> 22.73, 20.68 -> 21.21, 21 -> 21.55, 20.04 -> 20.43, 20.37 -> 20.76 kB):
  // besides what the first loads gained, a script-tag file carries its stream code, which now counts a
  // stream open at its first event read and says once when a backend's events have no name, and the
  // French table's new words (receipt, the QR of the transfer details); <pay-link>'s module file +0.18 kB
  // (the guards' word on a refused answer)
  // issue 44: +0.1 to +0.15 kB where <pay-qr> is in (measured 37.03 -> 37.15, 37.41 -> 37.53, 22.41 ->
  // 22.53, 22.73 -> 22.85, 21.23 -> 21.31, 21.57 -> 21.64, 20.45 -> 20.56, 20.78 -> 20.89 kB): <pay-qr>
  // takes the encoder from `default` too, says once on the console that it could not load it, and hides
  // its caption while it draws nothing; figures never break inside (white-space, sizes from each value)
  // issue 44: where <pay-dynamic-account> is in, +1.3 to +1.5 kB: a script-tag file has no lazy chunks,
  // so it carries what the npm first load leaves for later (dynamic-account.later.ts: the paid and
  // expired states, "I've sent the money" with the confirming state and "Pay for me", their words and
  // styles); the all-elements files +0.15 kB more once the stream's code takes the protocol from its
  // caller (lib/session-stream-protocol.ts: the merchant's first load one file less)
  // issue 47: each script-tag file carries the French of the elements it carries the English of
  // (i18n/fr/<element>.ts), no longer the whole table: measured 22.53 -> 21.18, 22.85 -> 21.52,
  // 21.31 -> 19.90, 21.64 -> 20.23, 19.28 -> 17.38, 19.26 -> 17.36, 18.46 -> 16.61, 18.79 -> 16.93,
  // 20.56 -> 19.08, 20.89 -> 19.40, 11.63 -> 9.01, 11.98 -> 9.37 kB; the all-elements files +0.17 kB
  // (37.16 -> 37.33, 37.54 -> 37.70: the parts as objects of their own, and the registry's parts)
  // +0.1 kB (issue 47): the view elements' loading restarts from one controller, controllers/view-task.ts
  // (measured 37.33 -> 37.47, 37.70 -> 37.84 kB)
  // issue 44 with issue 47's parts: 39.26 and 39.62 kB measured
  [`pay-elements-${version}.js`]: '39.4 kB',
  [`pay-elements-${version}.iife.js`]: '39.8 kB',
  ...Object.fromEntries(
    declared.flatMap(({ tag, budgets }) => [
      [`${tag}-${version}.js`, budgets.module],
      [`${tag}-${version}.iife.js`, budgets.classic],
    ]),
  ),
  'qr-*.js': '9.9 kB',
};

/** esbuild as size-limit runs it, set to ship ES modules for es2022 like the build and the bench. */
const esm = (config) => ({
  ...config,
  format: 'esm',
  target: 'es2022',
  // the workspace's protocol from source, as everywhere in the repository
  conditions: ['@pay-elements/source'],
  // a build elsewhere (--out) finds lit and the protocol in the repository's node_modules
  nodePaths: [join(root, 'node_modules')],
  logLevel: 'silent',
});

export default [
  ...Object.entries(elements).map(([tag, limit]) => ({
    name: `${tag} first load (npm, bundled)`,
    path: join(built, `dist/define/${tag}.js`),
    // the QR encoder (`import('qrcode')`) and <pay-qr> (`import('./qr.js')`, components/qr/lazy-qr.ts)
    // are imported lazily, when a QR code is first shown, and the status stream
    // (`import('./session-stream-connection.js')`, controllers/session-stream.ts) on its first listen, after
    // the first answer, and an invoice's or a customer's accounts' (`import('../lib/view-stream.js')`,
    // controllers/view-stream.ts) likewise: no part of the first load
    ignore: [
      'qrcode',
      './qr.js',
      './session-stream-connection.js',
      '../lib/view-stream.js',
      './dynamic-account.later.js',
    ],
    limit,
    gzip: true,
    modifyEsbuildConfig: esm,
  })),
  // a CDN file passes through esbuild too (size-limit bundles every check once its esbuild plugin is
  // installed): already minified, it comes out within a few bytes of itself; the QR chunk stays apart
  ...Object.entries(cdnFiles).map(([name, limit]) => ({
    name: `dist/cdn/${name}`,
    path: join(built, `dist/cdn/${name}`),
    ignore: ['./qr-*'],
    limit,
    gzip: true,
    modifyEsbuildConfig: esm,
  })),
];
