// The one test command: type-check and lint, then every suite (node unit, conformance, api, kit,
// browser components, end to end). Each stage's counts are added up and printed as the last line,
// `N passed, N failed`, so any CI can read the result whatever runner produced it.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

/** Files below `dir` whose name ends with `suffix`, skipping node_modules. */
function find(dir, suffix, out = []) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const full = join(dir, name);
    if (statSync(full).isDirectory()) find(full, suffix, out);
    else if (name.endsWith(suffix)) out.push(relative(root, full));
  }
  return out;
}

// Workspace packages resolve to their TypeScript source (the `@pay-elements/source` export condition),
// in every stage and in every process a test starts, so no stage needs a build of dist/.
const SOURCE = '--conditions=@pay-elements/source';
const NODE_OPTIONS = [process.env.NODE_OPTIONS, SOURCE].filter(Boolean).join(' ');

function run(label, cmd, args, env = {}) {
  return new Promise((resolve) => {
    console.log(`\n── ${label} ──`);
    let output = '';
    const child = spawn(cmd, args, {
      cwd: root,
      env: { ...process.env, NODE_OPTIONS, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (d) => {
      output += d;
      process.stdout.write(d);
    });
    child.stderr.on('data', (d) => {
      output += d;
      process.stderr.write(d);
    });
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

/** Reads the counts a stage printed: node's `ℹ pass N` / `ℹ fail N`, or our reporters' `N passed, N failed`. */
function counts(output) {
  const plain = [...output.matchAll(/^(\d+) passed, (\d+) failed/gm)].at(-1);
  if (plain) return { passed: Number(plain[1]), failed: Number(plain[2]) };
  const pass = [...output.matchAll(/^ℹ pass (\d+)/gm)].at(-1);
  const fail = [...output.matchAll(/^ℹ fail (\d+)/gm)].at(-1);
  return { passed: Number(pass?.[1] ?? 0), failed: Number(fail?.[1] ?? 0) };
}

const only = process.argv.slice(2);
const stages = [
  { name: 'check', run: () => run('type-check, lint, format', 'npm', ['run', '--silent', 'check']) },
  {
    name: 'node',
    run: () => {
      const files = [
        ...[
          'packages/api',
          'packages/http',
          'packages/protocol',
          'packages/sandbox',
          'packages/server',
          'packages/service',
          'server-example',
        ].flatMap((d) => find(join(root, d), '.test.ts')),
        ...find(join(root, 'test'), '.test.ts').filter(
          (f) => !f.startsWith('test/e2e/') && !f.startsWith('test/consumer/'),
        ),
      ].sort();
      return run('node tests (units, emulator conformance, api client, kit)', process.execPath, [
        '--import',
        'tsx',
        '--test',
        '--test-reporter=spec',
        '--test-concurrency=2',
        ...files,
      ]);
    },
  },
  {
    // alone, after the node tests: packing rebuilds every package's dist/, which other tests read;
    // one file at a time, for each packs (the merchant's project, then the runtime matrix: Node, Bun, Deno)
    name: 'consumer',
    run: async () => {
      const tarballs = mkdtempSync(join(tmpdir(), 'pay-tarballs-'));
      try {
        return await run(
          'the packages as a merchant installs them (packed once, outside the workspace; Node, Bun, Deno, Next.js)',
          process.execPath,
          [
            '--import',
            'tsx',
            '--test',
            '--test-reporter=spec',
            '--test-concurrency=1',
            ...find(join(root, 'test/consumer'), '.test.ts').sort(),
          ],
          { PAY_TEST_TARBALLS: tarballs },
        );
      } finally {
        rmSync(tarballs, { recursive: true, force: true });
      }
    },
  },
  {
    // each engine in its own run (its own backend), one after another: side by side on two cores
    // WebKit's tests timed out and its browser disconnected (docs/testing.md); one line adds them up
    name: 'browser',
    run: async () => {
      const runs = [];
      for (const engine of ['chromium', 'firefox', 'webkit']) {
        const started = Date.now();
        const result = await run(
          `browser component tests (${engine})`,
          join(root, 'node_modules/.bin/wtr'),
          ['--config', 'packages/elements/web-test-runner.config.js'],
          { PAY_BROWSER: engine },
        );
        runs.push({
          engine,
          seconds: Math.round((Date.now() - started) / 1000),
          ...result,
          ...counts(result.output),
        });
      }
      console.log('');
      for (const r of runs)
        console.log(`${r.engine}: ${r.passed} passed, ${r.failed} failed in ${r.seconds} s`);
      const line = `${runs.reduce((n, r) => n + r.passed, 0)} passed, ${runs.reduce((n, r) => n + r.failed, 0)} failed`;
      console.log(line);
      return { code: runs.find((r) => r.code !== 0)?.code ?? 0, output: line };
    },
    when: () => find(join(root, 'packages/elements/src'), '.test.ts').length > 0,
  },
  {
    name: 'e2e',
    run: () =>
      run('end to end (Chromium; the shopper flows in Chromium, Firefox and WebKit)', process.execPath, [
        '--import',
        'tsx',
        '--test',
        '--test-reporter=spec',
        '--test-concurrency=1',
        ...find(join(root, 'test/e2e'), '.test.ts').sort(),
      ]),
    when: () => find(join(root, 'test/e2e'), '.test.ts').length > 0,
  },
];

let passed = 0;
let failed = 0;
let broken = [];
for (const stage of stages) {
  if (only.length && !only.includes(stage.name)) continue;
  if (stage.when && !stage.when()) continue;
  const { code, output } = await stage.run();
  if (stage.name !== 'check') {
    const c = counts(output);
    passed += c.passed;
    failed += c.failed;
  }
  if (code !== 0) broken.push(`${stage.name} (exit ${code})`);
}
if (broken.length) console.log(`\nstages that failed: ${broken.join(', ')}`);
if (broken.length && failed === 0) failed = broken.length; // a stage that crashed counts as a failure
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(broken.length ? 1 : 0);
