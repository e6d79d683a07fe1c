// What `npm test` needs from the machine beyond node_modules: one table, a row a program. `npm test`
// (scripts/test.mjs) looks for each before any test runs; as root with apt-get it installs what is
// missing (so does `.ci/run`, through `node scripts/needs.mjs install`), otherwise it says in one
// line what to install, and a stage that needs what is missing is reported as not run (the run
// fails) instead of failing test by test. Nothing here but node's own modules: it runs before
// `npm install` too.
//
// To add a need: a row. `stages` are those of scripts/test.mjs (`browser:<engine>` for one engine's
// run of the browser stage); `find` answers where the program is, or undefined; `env` names the
// variable that overrides where it is (and that the tests read; the path found is passed to them).
import { spawnSync } from 'node:child_process';
import { accessSync, constants, readdirSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** An executable file at `path`, or undefined. */
function executable(path) {
  try {
    accessSync(path, constants.X_OK);
    return path;
  } catch {
    return undefined;
  }
}

/** Whether `path` is a file this process can read. */
function readable(path) {
  try {
    accessSync(path, constants.R_OK);
    return true;
  } catch {
    return false;
  }
}

/** `name` in one of the folders of `env.PATH`, or undefined. */
function onPath(name, env) {
  for (const folder of (env.PATH ?? '').split(delimiter))
    if (folder && executable(join(folder, name))) return join(folder, name);
  return undefined;
}

/** The names in `folder` matching `pattern`; none when there is no such folder. */
function namesIn(folder, pattern) {
  try {
    return readdirSync(folder).filter((name) => pattern.test(name));
  } catch {
    return [];
  }
}

/** The first `<folder>/<one of its subfolders matching pattern>/<rest>` that is executable. */
function inSubfolder(folder, pattern, rest) {
  const names = namesIn(folder, pattern);
  // the newest first: `15` before `9`, `4.1` before `4.0`
  for (const name of names.sort((a, b) => b.localeCompare(a, 'en', { numeric: true }))) {
    const found = executable(join(folder, name, rest));
    if (found) return found;
  }
  return undefined;
}

/** Debian's MiniBrowser, in the library folder of the machine's architecture. */
function miniBrowser() {
  for (const folder of namesIn('/usr/lib', /-linux-gnu$/)) {
    const found = inSubfolder(join('/usr/lib', folder), /^webkit2gtk-4\./, 'MiniBrowser');
    if (found) return found;
  }
  return undefined;
}

/** What the variable `name` points at, when it is set to an executable. */
const fromEnv = (name, env) => (env[name] ? executable(env[name]) : undefined);

/**
 * @typedef {{ name: string, apt: string, stages: string[], env?: string,
 *   find: (env: NodeJS.ProcessEnv) => string | undefined }} Need
 * @type {Need[]}
 */
export const NEEDS = [
  {
    name: 'Chromium',
    apt: 'chromium',
    env: 'CHROME_PATH',
    // the browser stage in Chromium, end to end, and the merchant's bundle and orders in the consumer stage
    stages: ['browser:chromium', 'e2e', 'consumer'],
    find: (env) =>
      fromEnv('CHROME_PATH', env) ?? executable('/usr/lib/chromium/chromium') ?? onPath('chromium', env),
  },
  {
    name: 'Firefox ESR',
    apt: 'firefox-esr',
    env: 'FIREFOX_PATH',
    stages: ['browser:firefox', 'e2e'],
    find: (env) => fromEnv('FIREFOX_PATH', env) ?? onPath('firefox-esr', env),
  },
  {
    name: 'WebKitWebDriver',
    apt: 'webkit2gtk-driver',
    env: 'WEBKIT_DRIVER_PATH',
    stages: ['browser:webkit', 'e2e'],
    find: (env) => fromEnv('WEBKIT_DRIVER_PATH', env) ?? onPath('WebKitWebDriver', env),
  },
  {
    name: "WebKitGTK's MiniBrowser",
    apt: 'webkit2gtk-driver',
    env: 'MINIBROWSER_PATH',
    stages: ['browser:webkit', 'e2e'],
    find: (env) => fromEnv('MINIBROWSER_PATH', env) ?? miniBrowser(),
  },
  {
    name: 'Xvfb',
    apt: 'xvfb',
    // WebKit's MiniBrowser needs an X display; the tests start their own
    stages: ['browser:webkit', 'e2e'],
    find: (env) => onPath('Xvfb', env),
  },
  {
    name: "PostgreSQL's initdb and pg_ctl",
    apt: 'postgresql',
    env: 'PG_BIN',
    // the stores' conformance against a throwaway cluster, several instances on one database
    stages: ['node', 'consumer'],
    find: (env) => {
      const bin =
        env.PG_BIN ?? inSubfolder('/usr/lib/postgresql', /^\d+$/, 'bin/initdb')?.replace(/\/initdb$/, '');
      return bin && executable(join(bin, 'initdb')) && executable(join(bin, 'pg_ctl')) ? bin : undefined;
    },
  },
  {
    name: 'psql',
    apt: 'postgresql-client',
    stages: ['node', 'consumer'],
    find: (env) => onPath('psql', env),
  },
  {
    name: 'nginx',
    apt: 'nginx-light',
    // the proxy test runs the nginx block of docs/operations.md
    stages: ['node'],
    find: (env) => executable('/usr/sbin/nginx') ?? onPath('nginx', env),
  },
  {
    name: 'python3',
    apt: 'python3',
    // the reference backends and shops in Python (examples/), against the protocol and end to end
    stages: ['node', 'e2e'],
    find: (env) => onPath('python3', env),
  },
  {
    name: "Debian's Python with PyGObject",
    apt: 'python3-gi',
    env: 'WEBVIEW_PYTHON',
    // the hosted checkout in a native WebView (test/e2e/webview.test.ts): Debian's own python3, whose
    // dist-packages hold gi (a pyenv python3 on the PATH has none)
    stages: ['e2e'],
    find: (env) =>
      fromEnv('WEBVIEW_PYTHON', env) ??
      (readable('/usr/lib/python3/dist-packages/gi/__init__.py')
        ? executable('/usr/bin/python3')
        : undefined),
  },
  {
    name: "WebKitGTK's GObject bindings (WebKit2 4.1)",
    apt: 'gir1.2-webkit2-4.1',
    stages: ['e2e'],
    find: () => {
      for (const folder of namesIn('/usr/lib', /-linux-gnu$/)) {
        const typelib = join('/usr/lib', folder, 'girepository-1.0/WebKit2-4.1.typelib');
        if (readable(typelib)) return typelib;
      }
      return undefined;
    },
  },
  {
    name: 'xvfb-run',
    apt: 'xvfb',
    // the native WebView's window gets a display of its own
    stages: ['e2e'],
    find: (env) => onPath('xvfb-run', env),
  },
  {
    name: 'php',
    apt: 'php-cli',
    // the reference shop in plain PHP (examples/), end to end
    stages: ['e2e'],
    find: (env) => onPath('php', env),
  },
];

/**
 * Each need of `stages` (all when none is named) with where it was found, or undefined.
 * @param {string[]} stages
 * @param {NodeJS.ProcessEnv} env
 */
export function look(stages, env = process.env) {
  const wanted = (need) => stages.length === 0 || need.stages.some((s) => stages.includes(s.split(':')[0]));
  return NEEDS.filter(wanted).map((need) => ({ need, at: need.find(env) }));
}

/** Whether this process may install Debian packages: root, apt-get on the PATH, not told otherwise. */
export function canInstall(env = process.env) {
  return process.getuid?.() === 0 && onPath('apt-get', env) !== undefined && env.PAY_TEST_INSTALL !== 'no';
}

/**
 * Installs the Debian packages of what is missing (quietly, one apt-get update first); false when
 * apt-get failed. Says first, on one line, what it installs.
 * @param {string[]} packages
 */
export function install(packages, env = process.env) {
  console.log(`installing from Debian what the tests need: ${packages.join(' ')}`);
  const quiet = {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...env, DEBIAN_FRONTEND: 'noninteractive' },
  };
  if (spawnSync('apt-get', ['update', '-qq'], quiet).status !== 0) return false;
  return spawnSync('apt-get', ['install', '-y', '-qq', ...packages], quiet).status === 0;
}

/** The Debian packages of what is missing, each once. */
export const packagesOf = (missing) => [...new Set(missing.map(({ need }) => need.apt))];

/**
 * The one line that says what is missing and how to get it, or null when nothing is.
 * @param {{ need: Need, at: string | undefined }[]} found
 */
export function missingLine(found) {
  const missing = found.filter(({ at }) => at === undefined);
  if (missing.length === 0) return null;
  const names = missing.map(({ need }) => need.name).join(', ');
  const variables = missing.flatMap(({ need }) => (need.env ? [need.env] : []));
  return (
    `missing for npm test: ${names}; install them with \`apt-get install -y ${packagesOf(missing).join(' ')}\`` +
    `${variables.length ? ` (or set ${variables.join(', ')})` : ''}; the stages that need them are not run`
  );
}

/** The variables that tell the tests where each program was found. */
export function foundEnv(found) {
  return Object.fromEntries(found.flatMap(({ need, at }) => (need.env && at ? [[need.env, at]] : [])));
}

// `node scripts/needs.mjs install`: what .ci/run calls before `npm ci`
if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === 'install') {
  const missing = look([]).filter(({ at }) => at === undefined);
  if (missing.length && canInstall()) install(packagesOf(missing));
  const line = missingLine(look([]));
  if (line) console.log(line);
}
