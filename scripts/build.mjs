// `npm run build` (and `npm start`, `npm run pack:all`): builds each package, server-example, the demo
// and the emulator's dashboard, but only those whose sources changed since their last build, or whose
// dependencies were built since; a line per step says which, and why. A step is rebuilt whole (its own
// build script, which empties its dist/ first), never patched.
//
//   node scripts/build.mjs [--force] [--only <package>[,<package>…]]
//
// A step is up to date when its stamp (node_modules/.cache/pay-elements/build/, written when it last
// built) is newer than every file and folder of its sources (a folder's time changes when a file is
// added, removed or renamed in it; the package's own folder aside, where its dist/ is remade), than the lock file and tsconfig.base.json, and than each of its
// dependencies' stamps, and its output is there. `--only` builds those packages' steps and what they
// need. Output of a build is shown only when it fails.
import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';

const root = new URL('..', import.meta.url).pathname;
const stamps = join(root, 'node_modules/.cache/pay-elements/build');

/** Files and folders that are outputs, or runtime state, never sources. */
const NOT_SOURCES = new Set([
  'node_modules',
  'dist',
  'data',
  'coverage',
  'test-results',
  'custom-elements.json',
]);
const notSource = (name) =>
  NOT_SOURCES.has(name) ||
  /\.(log|sqlite|sqlite-wal|sqlite-shm|tsbuildinfo)$/.test(name) ||
  name.endsWith('.test.ts');

/**
 * The steps (`inOrder` puts each after what it needs). `package`: the workspace whose script
 * runs; `sources`: what it reads besides its dependencies' outputs; `output`: what it writes.
 */
const STEPS = [
  ...['http', 'protocol', 'api', 'server', 'sandbox', 'elements', 'service'].map((name) => ({
    name: `@pay-elements/${name}`,
    package: `@pay-elements/${name}`,
    script: 'build',
    sources: [`packages/${name}`],
    skip: name === 'sandbox' ? ['packages/sandbox/dashboard'] : [],
    output: `packages/${name}/dist`,
  })),
  {
    name: 'the emulator’s dashboard',
    package: '@pay-elements/sandbox',
    script: 'build:dashboard',
    sources: ['packages/sandbox/dashboard', 'packages/sandbox/scripts'],
    skip: [],
    output: 'packages/sandbox/dashboard/dist',
    needs: ['@pay-elements/sandbox'],
  },
  {
    name: 'server-example',
    package: 'server-example',
    script: 'build',
    sources: ['server-example'],
    skip: [],
    output: 'server-example/dist',
  },
  {
    name: 'the demo',
    package: 'demo',
    script: 'build',
    sources: ['demo', 'vite.config.ts'],
    skip: [],
    output: 'demo/dist',
  },
];
const SHARED_SOURCES = ['package-lock.json', 'tsconfig.base.json'];

/** The workspaces a step's package depends on that are built here: their steps come first. */
function needs(step) {
  if (step.needs) return step.needs;
  const dir = step.sources[0];
  const pkg = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8'));
  const names = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies });
  return STEPS.filter(
    (s) => s.script === 'build' && s.package !== step.package && names.includes(s.package),
  ).map((s) => s.name);
}

/**
 * The newest modification time under `path` (files and folders), and the file that has it. The top
 * folder's own time is not counted: its build empties and remakes its dist/ there.
 */
function newest(path, skip, found = { time: 0, path: '' }, top = true) {
  if (!existsSync(path) || skip.includes(path)) return found;
  const stat = statSync(path);
  if (!(top && stat.isDirectory()) && stat.mtimeMs > found.time)
    Object.assign(found, { time: stat.mtimeMs, path });
  if (stat.isDirectory())
    for (const name of readdirSync(path)) if (!notSource(name)) newest(join(path, name), skip, found, false);
  return found;
}

const stampOf = (step) => join(stamps, `${step.name.replace(/[^\w.-]+/g, '_')}.stamp`);
const stampTime = (step) => (existsSync(stampOf(step)) ? statSync(stampOf(step)).mtimeMs : 0);

/** Why `step` must be built, or null when it is up to date. */
function reason(step, built) {
  const stamp = stampTime(step);
  if (stamp === 0) return 'never built here';
  const output = join(root, step.output);
  if (!existsSync(output) || readdirSync(output).length === 0) return `${step.output} is missing`;
  for (const need of needs(step)) {
    const other = STEPS.find((s) => s.name === need);
    if (built.has(need) || (other && stampTime(other) > stamp)) return `${need} was built`;
  }
  const skip = step.skip.map((p) => join(root, p));
  for (const source of [...step.sources, ...SHARED_SOURCES]) {
    const changed = newest(join(root, source), skip);
    if (changed.time > stamp) return `${relative(root, changed.path)} changed`;
  }
  return null;
}

/** Runs the step's npm script; its output is kept, and shown only if it fails. */
function run(step) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', step.script, '--silent', '-w', step.package], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

/** The steps, each after the steps it needs (their order above otherwise). */
function inOrder() {
  const ordered = [];
  const visit = (step) => {
    if (ordered.includes(step)) return;
    for (const need of needs(step)) visit(STEPS.find((s) => s.name === need));
    ordered.push(step);
  };
  for (const step of STEPS) visit(step);
  return ordered;
}

/** The steps of `packages` and every step they need, in build order. */
function selected(packages) {
  if (!packages) return inOrder();
  const wanted = new Set(STEPS.filter((s) => packages.includes(s.package)).map((s) => s.name));
  for (const step of [...STEPS].reverse())
    if (wanted.has(step.name)) for (const n of needs(step)) wanted.add(n);
  return inOrder().filter((s) => wanted.has(s.name));
}

const { values: args } = parseArgs({
  options: { force: { type: 'boolean', default: false }, only: { type: 'string' } },
});
const steps = selected(args.only?.split(','));
const built = new Set();
const started = Date.now();
mkdirSync(stamps, { recursive: true });
for (const step of steps) {
  const why = args.force ? 'asked for (--force)' : reason(step, built);
  if (why === null) {
    console.log(`build: ${step.name} is up to date`);
    continue;
  }
  console.log(`build: ${step.name} (${why})…`);
  const began = Date.now();
  const result = await run(step);
  if (result.code !== 0) {
    process.stderr.write(result.output);
    console.error(`build: ${step.name} failed (exit ${result.code})`);
    process.exit(1);
  }
  // stamped with the time the build began: a file saved while it ran is newer, and builds next time
  writeFileSync(stampOf(step), '');
  utimesSync(stampOf(step), new Date(began), new Date(began));
  built.add(step.name);
  console.log(`build: ${step.name} built in ${((Date.now() - began) / 1000).toFixed(1)} s`);
}
console.log(
  `build: ${built.size} of ${steps.length} built, the rest up to date (${((Date.now() - started) / 1000).toFixed(1)} s)`,
);
