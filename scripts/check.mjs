// `npm run check`: the type-check, the lint and the format check in one process, each TypeScript
// program built once. tsc and ESLint's type-aware rules read the same programs (the repository's,
// tsconfig.json, and the framework typings', packages/elements/types-test/tsconfig.json): ESLint
// given them (`parserOptions.programs`) does not build its own, which was most of its time.
// The same verdicts as `npm run typecheck`, `npm run lint` and `npm run format:check` one after the
// other, which stay for running one alone.
//
//   node scripts/check.mjs [file…]   the files given only, for the format check, and those of them
//                                    ESLint reads (.ts, .tsx, .js, .mjs, .cjs) for the lint
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import ts from 'typescript';

const root = join(import.meta.dirname, '..');
const files = process.argv.slice(2);
const PROJECTS = ['tsconfig.json', 'packages/elements/types-test/tsconfig.json'];

/** The program of a tsconfig, as `tsc -p` builds it. */
function programOf(project) {
  const host = { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => report([d]) };
  const config = ts.getParsedCommandLineOfConfigFile(join(root, project), {}, host);
  if (!config) throw new Error(`${project} does not read`);
  if (config.errors.length) report(config.errors);
  return ts.createProgram({
    rootNames: config.fileNames,
    options: config.options,
    projectReferences: config.projectReferences,
  });
}

let failed = false;

/** Prints diagnostics as tsc does, and counts the run failed. */
function report(diagnostics) {
  if (!diagnostics.length) return;
  failed = true;
  const host = {
    getCanonicalFileName: (f) => f,
    getCurrentDirectory: () => root,
    getNewLine: () => '\n',
  };
  console.error(ts.formatDiagnosticsWithColorAndContext(diagnostics, host));
}

const started = Date.now();
const programs = PROJECTS.map(programOf);
for (const program of programs) report(ts.getPreEmitDiagnostics(program));
const typed = Date.now();

const eslint = new ESLint({
  cwd: root,
  overrideConfig: [
    {
      files: ['**/*.ts', '**/*.tsx'],
      languageOptions: { parserOptions: { projectService: false, programs } },
    },
  ],
});
const lintable = files.filter((file) => /\.(tsx?|[cm]?js)$/.test(file));
const results =
  files.length && !lintable.length ? [] : await eslint.lintFiles(files.length ? lintable : ['.']);
const problems = results.reduce((n, r) => n + r.errorCount + r.warningCount, 0);
if (problems) {
  failed = true;
  console.error(await (await eslint.loadFormatter('stylish')).format(results));
}
const linted = Date.now();

try {
  execFileSync(
    process.execPath,
    [join(root, 'node_modules/prettier/bin/prettier.cjs'), '--check', ...(files.length ? files : ['.'])],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
} catch {
  failed = true;
}
const seconds = (from, to) => `${Math.round((to - from) / 1000)} s`;
console.log(
  `check: type-check ${seconds(started, typed)}, lint ${seconds(typed, linted)} (${results.length} files), ` +
    `format ${seconds(linted, Date.now())}${failed ? ': failed' : ''}`,
);
process.exitCode = failed ? 1 : 0;
