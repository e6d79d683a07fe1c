// @web/test-runner: the elements' tests in one real browser engine (`PAY_BROWSER`: chromium, the
// default, firefox or webkit; test-browsers.js), against the real backend kit (@pay-elements/server)
// talking to the real emulator (@pay-elements/sandbox), both started here in Node and mounted on the
// dev server: the kit under /pay, a test-only control route under /_test that forwards to the
// emulator's control API (so the key stays in Node).
// Run from the repository root:
//   PAY_BROWSER=firefox node_modules/.bin/wtr --config packages/elements/web-test-runner.config.js
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { register } from 'tsx/esm/api';
import { defaultReporter } from '@web/test-runner';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { freePort, startEngine } from './test-browsers.js';
import {
  emulateMediaFeaturesPlugin,
  keyboardAndViewportPlugin,
  saveScreenshotPlugin,
} from './test-commands.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

// ── the `N passed, N failed` line, printed last whatever happens ─────────────────────────────
const engineName = process.env.PAY_BROWSER ?? 'chromium';
let summary = null;
process.on('exit', () => {
  // each skip, by name (a test skips only where its engine lacks what it needs, and says so)
  for (const name of summary?.skipped ?? []) console.log(`skipped in ${engineName}: ${name}`);
  // each failure again, by file and name with its first line, so the end of a long log still names it
  for (const name of summary?.failures ?? []) console.log(`failed in ${engineName}: ${name}`);
  console.log(summary ? `${summary.passed} passed, ${summary.failed} failed` : '0 passed, 1 failed');
});

/** The first line of an error's message, for a failure's one-line recap. */
const firstLine = (error) =>
  String(error?.message ?? error ?? '')
    .split('\n')[0]
    .slice(0, 200);

/** Counts tests over every session; a file that failed to load (or failed outside its tests) is one failure. */
function summaryReporter() {
  const countSuite = (suite, counts, path, file) => {
    for (const test of suite.tests) {
      if (test.skipped) counts.skipped.push([...path, test.name].join(' > '));
      else if (test.passed) counts.passed++;
      else {
        counts.failed++;
        counts.failures.push(`${[file, ...path, test.name].join(' > ')}: ${firstLine(test.error)}`);
      }
    }
    for (const child of suite.suites) countSuite(child, counts, [...path, child.name], file);
  };
  return {
    onTestRunFinished({ sessions }) {
      const total = { passed: 0, failed: 0, skipped: [], failures: [] };
      for (const session of sessions) {
        const counts = { passed: 0, failed: 0, skipped: [], failures: [] };
        const file = relative(root, session.testFile);
        if (session.testResults) countSuite(session.testResults, counts, [], file);
        if ((session.errors?.length ?? 0) > 0 || (!session.passed && counts.failed === 0)) {
          counts.failed++;
          counts.failures.push(`${file}: ${firstLine(session.errors?.[0]) || 'failed outside its tests'}`);
        }
        total.passed += counts.passed;
        total.failed += counts.failed;
        total.skipped.push(...counts.skipped);
        total.failures.push(...counts.failures);
      }
      summary = total;
    },
  };
}

// ── qrcode is CommonJS only: serve it pre-bundled as ESM with named exports ──────────────────
function qrcodeAsEsm() {
  const path = '/__pay-test__/qrcode.js';
  let bundled = null;
  return {
    name: 'qrcode-as-esm',
    resolveImport({ source }) {
      if (source === 'qrcode') return path;
      return undefined;
    },
    async serve(context) {
      if (context.path !== path) return undefined;
      bundled ??= build({
        stdin: {
          contents:
            "import qr from 'qrcode'; export default qr; export const { create, toString, toDataURL, toCanvas } = qr;",
          resolveDir: root,
          loader: 'js',
        },
        bundle: true,
        format: 'esm',
        platform: 'browser',
        write: false,
        logLevel: 'silent',
      }).then((result) => result.outputFiles[0].text);
      return { body: await bundled, type: 'js' };
    },
  };
}

// ── the backend: emulator + kit, in this process (TypeScript packages: tsx first) ────────────
register();
const { startBrowserBackend } = await import('@pay-elements/testing/browser-backend');
const backend = await startBrowserBackend();
// an engine that cannot start (a binary missing) must not leave the backend holding the process
const engine = await startEngine(engineName).catch(async (error) => {
  await backend.close();
  throw error;
});

export default {
  rootDir: root,
  // a free port of its own, not the first free one from 8000 up: two runs started at once (the
  // engines side by side, or two people on one machine) raced for it (EADDRINUSE)
  port: await freePort(),
  files: ['packages/elements/src/**/*.test.ts'],
  // the workspace's packages from their TypeScript source (README.md, "Development")
  nodeResolve: { exportConditions: ['@pay-elements/source'] },
  concurrency: 1,
  concurrentBrowsers: 1,
  // Firefox takes longer to start than Chromium
  browserStartTimeout: 60_000,
  // budgets that catch a hang, not timings: with both cores busy (the suite run beside other work),
  // WebKit took over 5 s for a test of five axe checks (locales, themes) and over 50 s for the layout
  // file's widths, each passing when given the time
  testsFinishTimeout: 120_000,
  testFramework: { config: { timeout: 15_000 } },
  filterBrowserLogs: ({ args }) => !String(args[0]).includes('Lit is in dev mode'),
  browsers: [engine.browser],
  middleware: backend.middleware,
  plugins: [
    qrcodeAsEsm(),
    keyboardAndViewportPlugin(),
    emulateMediaFeaturesPlugin(),
    saveScreenshotPlugin(`${root}test-results/screenshots/${engineName}`),
    // the plugin reads the file raw (no `extends`): point it at the base that sets legacy decorators
    esbuildPlugin({
      ts: true,
      target: 'auto',
      tsconfig: fileURLToPath(new URL('../../tsconfig.base.json', import.meta.url)),
    }),
    {
      name: 'pay-backend-lifecycle',
      async serverStop() {
        await Promise.all([backend.close(), engine.close()]);
      },
    },
  ],
  reporters: [defaultReporter(), summaryReporter()],
};
