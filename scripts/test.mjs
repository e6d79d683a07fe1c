// The one test command: type-check and lint, then every suite (node unit, conformance, api, kit,
// browser components in Chromium, Firefox and WebKit, end to end). Each stage's counts are added up
// and printed as the last line, `N passed, N failed`, so any CI can read the result whatever runner
// produced it. Before any test runs, what the stages need from the machine (browsers, PostgreSQL,
// nginx…: the table in scripts/needs.mjs) is looked for: installed when it can be (root with
// apt-get), else named on one line, and a stage that needs what is missing is not run, and says so.
// `npm test -- <stage>…` runs those stages; `--dry-run` only looks and says what would run.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { canInstall, foundEnv, install, look, missingLine, packagesOf } from './needs.mjs';

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

/** Where the programs the tests need were found (CHROME_PATH…), for every stage; set once looked for. */
let found = {};

/**
 * How many stages run at once (`PAY_TEST_LANES`, default 2): two lanes, the node side (check,
 * consumer, node) and the browser side (browser, e2e), which wait on browsers and real time more than
 * they compute. With two, a stage's output is printed whole when it ends, so that lanes do not mix.
 */
const LANES = process.env.PAY_TEST_LANES === '1' ? 1 : 2;

/**
 * Runs a stage's command; its output is printed as it comes when `live` (one lane), else whole when
 * it ends.
 */
function run(label, cmd, args, env = {}, live = LANES === 1) {
  return new Promise((resolve) => {
    const started = Date.now();
    if (live) console.log(`\n── ${label} ──`);
    let output = '';
    const child = spawn(cmd, args, {
      cwd: root,
      env: { ...process.env, NODE_OPTIONS, ...found, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (d) => {
      output += d;
      if (live) process.stdout.write(d);
    });
    child.stderr.on('data', (d) => {
      output += d;
      if (live) process.stderr.write(d);
    });
    child.on('close', (code) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      if (!live) process.stdout.write(`\n── ${label} ──\n${output}`);
      console.log(`── ${label}: exit ${code} in ${seconds} s ──`);
      resolve({ code: code ?? 1, output });
    });
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

/**
 * The failures a stage named, a line each: our browser reporter's `failed in <engine>: …` lines, the
 * shared process's files that ran no test, and node's closing `✖ failing tests:` list (`test at
 * <file>`, then `✖ <name>`, then the error's message).
 * Printed again at the very end, so a CI that keeps only a log's tail still names what failed.
 */
function failures(output) {
  const lines = output.split('\n');
  const named = [
    ...lines.filter((l) => l.startsWith('failed in ')).map((l) => l.slice('failed in '.length)),
    // scripts/one-process-reporter.mjs: files of the shared process that ran no test
    ...lines.filter((l) => l.startsWith('✖ one process: ')).map((l) => l.slice(2)),
  ];
  const from = lines.findLastIndex((l) => l.startsWith('✖ failing tests:'));
  if (from >= 0)
    for (let i = from; i < lines.length; i++) {
      const at = /^test at (.+)$/.exec(lines[i]);
      if (!at) continue;
      const name = (lines[i + 1] ?? '').replace(/^✖ /, '').replace(/ \([\d.]+ms\)$/, '');
      // the error's message: its lines up to the stack
      const message = [];
      for (let j = i + 2; j < lines.length && !/^\s*at |^test at /.test(lines[j]); j++)
        if (lines[j].trim()) message.push(lines[j].trim());
      named.push(`${at[1]} > ${name}: ${message.join(' ').slice(0, 200)}`);
    }
  return named;
}

/**
 * The node stage's files that spend most of their time waiting on real time, the CPU idle:
 * pay-conformance's expiry and renewal wait a real minute for an account to expire (the provider's
 * `lifespan_minutes` is a whole number: a minute is the shortest life). They run in a second
 * `node --test` beside the first, so that their minutes do not hold the first's two places.
 */
const WAITING = ['test/conformance/kit.test.ts', 'test/conformance/python-backend.test.ts'];
/**
 * The longest of the other node files (docs/performance.md has the figures), started first and the
 * longest first, so that no long file starts late and runs alone at the end; the rest follow in name
 * order.
 */
const LONGEST = [
  'test/build/contributing.test.ts',
  'packages/server/src/scenarios/exactly-once-interleavings.test.ts',
  'test/instances/postgres.test.ts',
  'test/build/server-example-build.test.ts',
  'packages/server/src/store/d1.test.ts',
  'test/build/elements-build.test.ts',
  'packages/service/src/api/prism.test.ts',
  'test/instances/rolling-restart.test.ts',
  'test/robustness/state-file.test.ts',
  'test/instances/service-notifications.test.ts',
  'packages/server/src/provider/watcher.test.ts',
  'test/conformance/hostile-backend.test.ts',
  'test/security/tokens-in-logs.test.ts',
  'test/faults/shutdown.test.ts',
];

/**
 * Whether a node test file may run in one process with others (scripts/one-process.mjs): not when
 * it starts processes or servers of its own making, reads or sets the environment or globals,
 * fakes or keeps timers, or has a hook outside any `describe` that runs before or around tests
 * (which would run around every file's); a top-level `after` (a temporary folder removed) runs at
 * the end, once. The emulator and kit a file starts in-process (`startWorld`, `startEmulator`)
 * listen on a port of their own and close with the file. Read from its text, so a new file needs
 * no list; one that misbehaves among the others fails the run there (and
 * scripts/one-process-reporter.mjs names a file that ran no test): teach this rule what it does.
 */
function sharesProcess(file) {
  const text = readFileSync(join(root, file), 'utf8');
  return !(
    /\b(spawn|execFile|fork|launch|createServer)\(|\.listen\(/.test(text) ||
    /process\.env|globalThis\.|mock\.timers|setInterval\(|PAY_TEST_POSTGRES/.test(text) ||
    /^(before|beforeEach|afterEach)\(/m.test(text)
  );
}

/**
 * The node stage's files: those that wait on real time, the small ones that share one process, and
 * the others, the longest first.
 */
function nodeFiles() {
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
  // a file renamed or removed would leave its place in a list silently
  const gone = [...WAITING, ...LONGEST].filter((f) => !files.includes(f));
  if (gone.length)
    throw new Error(`scripts/test.mjs names node test files that are not there: ${gone.join(', ')}`);
  const rest = files.filter((f) => !WAITING.includes(f) && !LONGEST.includes(f));
  const shared = rest.filter(sharesProcess);
  return { waiting: WAITING, shared, others: [...LONGEST, ...rest.filter((f) => !shared.includes(f))] };
}

/** One `node --test` run of `files`, two at a time, started in the order given. */
function nodeTests(label, files, live = LANES === 1) {
  return run(
    label,
    process.execPath,
    ['--import', 'tsx', '--test', '--test-reporter=spec', '--test-concurrency=2', ...files],
    {},
    live,
  );
}

/** The `files` that share a process, in one (scripts/one-process.mjs and its reporter beside spec). */
function oneProcess(label, files, live = LANES === 1) {
  const reporters = ['spec', './scripts/one-process-reporter.mjs'].flatMap((reporter) => [
    `--test-reporter=${reporter}`,
    '--test-reporter-destination=stdout',
  ]);
  return run(
    label,
    process.execPath,
    ['--import', 'tsx', ...reporters, 'scripts/one-process.mjs', ...files],
    {},
    live,
  );
}

/**
 * Starts the run's PostgreSQL cluster (packages/testing/src/postgres-for-run.ts), which lives until
 * its standard input closes: with this process, however it ends.
 */
function startCluster() {
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/testing/src/postgres-for-run.ts'], {
    cwd: root,
    env: { ...process.env, NODE_OPTIONS, ...found },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.once('exit', (code) =>
      reject(new Error(`the test PostgreSQL cluster did not start (exit ${code})`)),
    );
    child.stdout.on('data', (d) => {
      out += d;
      const url = out.split('\n')[0];
      if (out.includes('\n') && url) resolve({ url, stop: () => child.stdin.end() });
    });
  });
}

const dryRun = process.argv.includes('--dry-run');
const only = process.argv.slice(2).filter((arg) => arg !== '--dry-run');
/** The engines of the browser stage, each run on its own. */
const ENGINES = ['chromium', 'firefox', 'webkit'];
/** What each stage (or `browser:<engine>`) lacks, by name; set once looked for. */
let lacking = () => [];
const stages = [
  {
    // dist/ of every package, server-example and the demo, once for the run: the consumer stage
    // packs it, the e2e stage serves it, and no stage after builds it again (PAY_TEST_BUILT)
    name: 'build',
    run: () => run('build (what changed since the last build)', process.execPath, ['scripts/build.mjs']),
  },
  { name: 'check', run: () => run('type-check, lint, format', 'npm', ['run', '--silent', 'check']) },
  {
    // two runs at once, the files that wait on real time in the second (WAITING), then the small
    // files in one process (sharesProcess), printed whole when they end; one line adds them up
    name: 'node',
    run: async () => {
      const { waiting, shared, others } = nodeFiles();
      const runs = await Promise.all([
        nodeTests('node tests (units, emulator conformance, api client, kit)', others).then((r) => [r]),
        // the waits first, then the small files in one process, on the place the waits leave idle
        nodeTests(
          'node tests that wait on real time (pay-conformance: an account expires)',
          waiting,
          false,
        ).then(async (r) => [
          r,
          await oneProcess(`node tests sharing one process (${shared.length} files)`, shared, false),
        ]),
      ]).then((lanes) => lanes.flat());
      const line = `${runs.reduce((n, r) => n + counts(r.output).passed, 0)} passed, ${runs.reduce((n, r) => n + counts(r.output).failed, 0)} failed`;
      console.log(line);
      return {
        code: runs.find((r) => r.code !== 0)?.code ?? 0,
        output: [...runs.map((r) => r.output), line].join('\n'),
        failures: runs.flatMap((r) => failures(r.output)),
      };
    },
  },
  {
    // alone, after the node tests: packing (npm run pack:all) rebuilds each changed package's dist/,
    // which other tests read; one file at a time, for each packs (the merchant's project, then the
    // runtime matrix: Node, Bun, Deno; Bun, Deno and miniflare installed into their cache when missing)
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
      const notRun = [];
      for (const engine of ENGINES) {
        const missing = lacking(`browser:${engine}`);
        if (missing.length) {
          console.log(`\n── browser component tests (${engine}) ── not run: needs ${missing.join(', ')}`);
          notRun.push(`browser (${engine})`);
          continue;
        }
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
      // each engine's output, then the line that adds them up (the last, which counts() reads)
      const output = [...runs.map((r) => r.output), line].join('\n');
      return { code: runs.find((r) => r.code !== 0)?.code ?? 0, output, notRun };
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

const chosen = stages.filter(
  (stage) => (!only.length || only.includes(stage.name)) && (!stage.when || stage.when()),
);
// before any test runs: what the chosen stages need, installed when it can be, else said on one line
let needs = look(chosen.map((stage) => stage.name));
const absent = needs.filter(({ at }) => at === undefined);
if (absent.length && canInstall() && !dryRun) {
  install(packagesOf(absent));
  needs = look(chosen.map((stage) => stage.name));
}
const line = missingLine(needs);
if (line) console.log(line);
found = foundEnv(needs);
lacking = (stage) =>
  needs
    .filter(({ need, at }) => at === undefined && need.stages.includes(stage))
    .map(({ need }) => need.name);

// one PostgreSQL cluster for the run (a database per test file), when a chosen stage uses it
const hasPostgres = needs.some(({ need, at }) => need.env === 'PG_BIN' && at !== undefined);
const cluster =
  !dryRun && hasPostgres && chosen.some((s) => ['node', 'consumer'].includes(s.name))
    ? await startCluster()
    : undefined;
if (cluster) found = { ...found, PAY_TEST_POSTGRES_URL: cluster.url };

let passed = 0;
let failed = 0;
const broken = [];
/** Each failure by stage and name, for the recap before the last line. */
const failedTests = [];
const notRun = [];
/** Runs one stage and adds up what it said. */
async function runStage(stage) {
  // the browser stage looks at each engine's needs itself
  const missing = stage.name === 'browser' ? [] : lacking(stage.name);
  if (dryRun) {
    const engines = stage.name === 'browser' ? ENGINES.filter((e) => lacking(`browser:${e}`).length) : [];
    const skipped = missing.length ? 'not run' : engines.length ? `not run in ${engines.join(', ')}` : 'runs';
    console.log(`${stage.name}: ${skipped}`);
    return;
  }
  if (missing.length) {
    console.log(`\n── ${stage.name} ── not run: needs ${missing.join(', ')}`);
    notRun.push(stage.name);
    return;
  }
  const { code, output, notRun: partly = [], failures: named = failures(output) } = await stage.run();
  notRun.push(...partly);
  failedTests.push(...named.map((name) => `${stage.name}: ${name}`));
  if (stage.name !== 'check' && stage.name !== 'build') {
    const c = counts(output);
    passed += c.passed;
    failed += c.failed;
  }
  if (code !== 0) broken.push(`${stage.name} (exit ${code})`);
  else if (stage.name === 'build') found = { ...found, PAY_TEST_BUILT: '1' };
}

/** Each chosen stage's run, started once and only after what it waits for (`after`). */
const runs = new Map();
const runOnce = (name) => {
  const stage = chosen.find((s) => s.name === name);
  if (!stage) return Promise.resolve();
  if (!runs.has(name))
    runs.set(
      name,
      Promise.all((AFTER[name] ?? []).map(runOnce)).then(() => runStage(stage)),
    );
  return runs.get(name);
};
/**
 * What a stage waits for besides the one before it in its lane: everything waits for the build, and
 * e2e for consumer, whose `npm start` test saves a demo file and builds the demo again, which the e2e
 * stage serves.
 */
const AFTER = {
  check: ['build'],
  node: ['build'],
  consumer: ['build'],
  browser: ['build'],
  e2e: ['build', 'consumer'],
};
const LANE_ORDER =
  LANES === 1 || dryRun
    ? [stages.map((s) => s.name)]
    : [
        ['build', 'check', 'consumer', 'node'],
        ['browser', 'e2e'],
      ];
const started = Date.now();
await Promise.all(
  LANE_ORDER.map(async (lane) => {
    for (const name of lane) await runOnce(name);
  }),
);
if (!dryRun) console.log(`\nall stages in ${Math.round((Date.now() - started) / 1000)} s`);
cluster?.stop();
if (dryRun) process.exit(line ? 1 : 0);
if (failedTests.length) console.log(`\nfailed:\n${failedTests.map((name) => `  ${name}`).join('\n')}`);
if (broken.length) console.log(`\nstages that failed: ${broken.join(', ')}`);
if (notRun.length) console.log(`\nnot run, for what this machine lacks: ${notRun.join(', ')}`);
if (broken.length && failed === 0) failed = broken.length; // a stage that crashed counts as a failure
console.log(`\n${passed} passed, ${failed} failed${notRun.length ? `, ${notRun.length} not run` : ''}`);
process.exit(broken.length || notRun.length ? 1 : 0);
