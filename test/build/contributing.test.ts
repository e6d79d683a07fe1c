// CONTRIBUTING.md's "Add a flow", "Add a route", "Add an event" and "Add an element", followed for a
// toy feature (test/build/toy/: the `greetings` flow and `<pay-greeting>`) in a scratch copy of the
// repository: every file the toy touches, by hand or by a script, must be named by those steps; the
// commands they give are run as written; then the type-check, lint, format, the tests the steps name
// and the toy's own tests (the flow against the emulator, the element in Chromium) must pass. A step
// that is wrong or missing fails here, as it would fail the next person who follows it.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';

const root = join(import.meta.dirname, '../..');
const toy = join(import.meta.dirname, 'toy');
const run = promisify(execFile);

/** The sections of CONTRIBUTING.md the toy follows. */
const STEPS = ['Add an element', 'Add a flow', 'Add a route', 'Add an event'];

/** CONTRIBUTING.md's text of `heading` (a `## ` section), up to the next one. */
function section(text: string, heading: string): string {
  const start = text.indexOf(`\n## ${heading}\n`);
  assert.ok(start >= 0, `CONTRIBUTING.md has a "## ${heading}" section`);
  const end = text.indexOf('\n## ', start + 1);
  return text.slice(start, end < 0 ? undefined : end);
}

/** Each `code span` of `text`. */
const spans = (text: string): string[] => [...text.matchAll(/`([^`\n]+)`/g)].map((m) => m[1] ?? '');

/**
 * The edits the toy makes to files that exist, as the steps say: each inserts `text` just before or
 * after `anchor`, which must occur once in the file.
 */
const edits: { file: string; anchor: string; where: 'before' | 'after'; text: string }[] = [
  {
    file: 'packages/protocol/src/guards.ts',
    anchor: "import type { LinkView } from './links.js';\n",
    where: 'before',
    text: "import type { GreetingView } from './greetings.js';\n",
  },
  {
    file: 'packages/protocol/src/guards.ts',
    anchor: 'export const readLinkView = /* @__PURE__ */ orNull(linkView);\n',
    where: 'after',
    text:
      'const greetingView = (): Read<GreetingView> => object<GreetingView>({ name: string, text: string });\n' +
      'export const readGreetingView = /* @__PURE__ */ orNull(greetingView);\n',
  },
  {
    file: 'packages/server/src/flows/index.ts',
    anchor: "import { funding } from './funding/index.js';\n",
    where: 'after',
    text: "import { greetings } from './greetings/index.js';\n",
  },
  {
    file: 'packages/server/src/flows/index.ts',
    anchor: '  receipts,\n]',
    where: 'before',
    text: '  greetings,\n',
  },
];

/** The files the toy adds (test/build/toy/<path>.tpl), by their path in the repository. */
function toyFiles(dir = toy): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return toyFiles(full);
    return entry.name.endsWith('.tpl') ? [relative(toy, full).slice(0, -'.tpl'.length)] : [];
  });
}

/**
 * The repository's files (tracked, and new ones not ignored) copied to `scratch`, with links to its
 * installed packages: the workspace's own (relative links) into the scratch copy, the rest to the
 * installed ones.
 */
async function copyRepository(scratch: string): Promise<void> {
  const { stdout } = await run('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    maxBuffer: 16 << 20,
  });
  for (const file of stdout.split('\0').filter(Boolean)) {
    if (!existsSync(join(root, file))) continue; // deleted, not yet committed
    mkdirSync(dirname(join(scratch, file)), { recursive: true });
    cpSync(join(root, file), join(scratch, file));
  }
  const modules = (dir: string) => join(root, dir, 'node_modules');
  const dirs = [
    '.',
    ...readdirSync(join(root, 'packages')).map((p) => `packages/${p}`),
    'server-example',
    'demo',
  ];
  for (const dir of dirs.filter((d) => existsSync(modules(d))))
    linkModules(modules(dir), join(scratch, dir, 'node_modules'));
}

/**
 * `into` made a folder of links to what `from` holds: a workspace package's relative link as it is
 * (it resolves into the scratch copy), anything else to where it is installed; scopes one by one.
 */
function linkModules(from: string, into: string): void {
  mkdirSync(into, { recursive: true });
  for (const name of readdirSync(from)) {
    const source = join(from, name);
    const link = lstatSync(source).isSymbolicLink() ? readlinkSync(source) : null;
    if (link !== null && !link.startsWith('/')) symlinkSync(link, join(into, name));
    else if (name.startsWith('@') && link === null) linkModules(source, join(into, name));
    else symlinkSync(source, join(into, name));
  }
}

/** The toy, added to `scratch`: its new files, then its edits. */
function addToy(scratch: string): void {
  for (const file of toyFiles()) {
    mkdirSync(dirname(join(scratch, file)), { recursive: true });
    cpSync(join(toy, `${file}.tpl`), join(scratch, file));
  }
  for (const { file, anchor, where, text } of edits) {
    const path = join(scratch, file);
    const before = readFileSync(path, 'utf8');
    const at = before.indexOf(anchor);
    assert.ok(at >= 0 && before.indexOf(anchor, at + 1) < 0, `${file} holds "${anchor.trim()}" once`);
    const cut = where === 'before' ? at : at + anchor.length;
    writeFileSync(path, before.slice(0, cut) + text + before.slice(cut));
  }
}

/** A toy path as the steps write it: `<name>` for the toy's names, `<code>` for a language. */
function generalized(path: string): string {
  return path
    .replace(/pay-wave/g, 'pay-<event>')
    .replace(/greetings?/g, '<name>')
    .replace(/\/(en|fr|pt|sw|ar)(\/|\.ts$)/, '/<code>$2');
}

/** Whether the steps name `path`: a code span holds it, or its end (a folder and a file at least). */
function named(path: string, said: readonly string[]): boolean {
  const parts = generalized(path).split('/');
  for (let i = 0; i < parts.length; i++) {
    const tail = parts.slice(i).join('/');
    if (i === parts.length - 1 && ['index.ts', 'README.md'].includes(tail)) return false;
    if (said.some((span) => span.includes(tail))) return true;
  }
  return false;
}

/** Runs `command` (a line of the steps, or our own) in `cwd`, failing with its output. */
async function sh(cwd: string, command: string, env: NodeJS.ProcessEnv = {}): Promise<string> {
  try {
    const started = Date.now();
    const { stdout } = await run('bash', ['-c', command], {
      cwd,
      // not as a child of this test runner: a `node --test` in it runs its own files and says so
      env: {
        ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'NODE_TEST_CONTEXT')),
        ...env,
      },
      maxBuffer: 64 << 20,
      timeout: 300_000,
    });
    if (process.env['PAY_TIMINGS']) console.log(`${Date.now() - started} ms: ${command.slice(0, 100)}`);
    return stdout;
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    const output = `${stdout ?? ''}\n${stderr ?? ''}`;
    // a test runner's failures first (its whole output can be long), then the output's end
    const failures = output
      .split('\n')
      .filter((line) => /^\s*not ok|^\s+error:|^\s+(expected|actual):/.test(line));
    assert.fail(`\`${command}\` failed:\n${failures.join('\n')}\n…\n${output.slice(-4000)}`);
  }
}

describe("CONTRIBUTING.md's steps, followed for a toy flow and its element", () => {
  const guide = readFileSync(join(root, 'CONTRIBUTING.md'), 'utf8');
  const steps = STEPS.map((heading) => section(guide, heading)).join('\n');
  const said = spans(steps);
  let scratch = '';
  let touched: string[] = [];

  before(async () => {
    scratch = mkdtempSync(join(tmpdir(), 'pay-contributing-'));
    await copyRepository(scratch);
    const git = 'git -c user.name=toy -c user.email=toy@example.com';
    await sh(scratch, `git init -q && ${git} add -A && ${git} commit -q -m before`);
    addToy(scratch);
    // the commands the steps give, as they give them, in their order
    for (const command of new Set(said.filter((span) => /^(node|npm run) /.test(span))))
      await sh(scratch, command.replace(/<name>/g, 'greeting'));
    const { stdout } = await run('git', ['status', '--porcelain', '--untracked-files=all'], { cwd: scratch });
    touched = stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => line.slice(3));
  });
  after(() => {
    // PAY_KEEP_SCRATCH=1 keeps the copy with the toy in it, to look at or measure (npm run size)
    if (process.env['PAY_KEEP_SCRATCH']) console.log(`the copy with the toy: ${scratch}`);
    else if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  it('touches only files the steps name, by hand or by the commands they give', () => {
    const unnamed = touched.filter((path) => !named(path, said));
    const made = touched.filter((path) => !toyFiles().includes(path) && !edits.some((e) => e.file === path));
    console.log(
      `the toy flow and element: ${touched.length} files, ${toyFiles().length} new by hand, ` +
        `${new Set(edits.map((e) => e.file)).size} edited by hand, ${made.length} written by the steps' commands`,
    );
    assert.deepEqual(unnamed, [], `files the steps do not name (as ${unnamed.map(generalized).join(', ')})`);
    for (const file of toyFiles()) assert.ok(touched.includes(file), `${file} is new`);
  });

  it('type-checks, lints and is formatted', async () => {
    // `npm run check` (scripts/check.mjs), its lint and format check on the files touched
    await sh(scratch, `node scripts/check.mjs ${touched.join(' ')}`);
  });

  it('passes the tests the steps name, and the toy flow’s own against the emulator', async () => {
    // not this file, which would follow the steps again inside the copy
    const tests = [
      ...new Set(
        said.filter((s) => s.endsWith('.test.ts') && !s.includes('<')).map((s) => s.split('/').at(-1)),
      ),
    ].filter((name) => name !== 'contributing.test.ts');
    const { stdout: found } = await run(
      'git',
      ['ls-files', '--others', '--cached', ...tests.map((t) => `*${t}`)],
      {
        cwd: scratch,
      },
    );
    const all = found.split('\n').filter(Boolean);
    for (const test of tests)
      assert.ok(
        all.some((f) => f.endsWith(`/${test}`)),
        `${test} exists`,
      );
    // the elements' tests run in a browser (below)
    const files = all.filter((f) => !f.startsWith('packages/elements/src/'));
    const flowTests = touched.filter((f) => f.startsWith('packages/server/') && f.endsWith('.test.ts'));
    assert.equal(flowTests.length, 1, flowTests.join());
    const out = await sh(
      scratch,
      `node --conditions=@pay-elements/source --import tsx --test --test-reporter=tap --test-concurrency=2 ${[...files, ...flowTests].join(' ')}`,
    );
    assert.match(out, /^# fail 0$/m);
    const passed = Number(/^# pass (\d+)$/m.exec(out)?.[1]);
    console.log(`the steps' tests and the toy flow's: ${passed} passed in ${files.length + 1} files`);
    assert.ok(passed > files.length, out.slice(-2000));
  });

  it('shows the toy element in Chromium, and in the themes and languages tests of every element', async (t) => {
    if (!process.env['CHROME_PATH'] && !existsSync('/usr/bin/chromium')) return t.skip('no Chromium here');
    const element = touched.filter((f) => f.startsWith('packages/elements/') && f.endsWith('.test.ts'));
    const every = ['packages/elements/src/test/themes.test.ts', 'packages/elements/src/test/locales.test.ts'];
    const out = await sh(
      scratch,
      `node_modules/.bin/wtr --config packages/elements/web-test-runner.config.js --files ${[...element, ...every].map((f) => `'${f}'`).join(' ')}`,
      { PAY_BROWSER: 'chromium', NODE_OPTIONS: '--conditions=@pay-elements/source' },
    );
    assert.match(out, /\b\d+ passed, 0 failed/);
  });
});
