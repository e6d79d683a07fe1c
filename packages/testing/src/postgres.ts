// Test support (not exported): a throwaway PostgreSQL cluster in a temporary folder on a free port,
// for the store conformance suite and the multi-instance tests. PostgreSQL refuses to run as root and
// these machines run as root, so the server is run as the `postgres` user (TOOLCHAIN.md). Under
// `npm test` one cluster serves the whole run (`PAY_TEST_POSTGRES_URL`, started by scripts/test.mjs):
// each file gets databases of its own names on it, and only a file that stops the server starts its own.
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TestPostgres {
  /** `postgres://postgres@127.0.0.1:PORT/postgres` */
  url: string;
  port: number;
  /** A new empty database on the cluster; answers its URL. */
  createDatabase(name: string): string;
  /** Stops the server as an operator would (`pg_ctl stop -m fast`: clients are disconnected), keeping its data. */
  pause(): void;
  /** Starts it again after `pause`, on the same port with the same data. */
  resume(): void;
  /** Stops the server at once and removes its folder. */
  stop(): void;
}

/** The folder of initdb and pg_ctl: `PG_BIN`, else the newest Debian PostgreSQL. */
export function postgresBin(): string {
  const configured = process.env['PG_BIN'];
  if (configured) return configured;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const newest = versions[0];
  if (newest === undefined)
    throw new Error('PostgreSQL is not installed: apt-get install -y postgresql (or set PG_BIN)');
  return join(root, newest, 'bin');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const asRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL program, as the `postgres` user when we are root. */
function runPg(program: string, args: string[]): void {
  const [cmd, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', program, ...args]] : [program, args];
  const result = spawnSync(cmd, argv, { encoding: 'utf8' });
  if (result.status !== 0)
    throw new Error(`${program} ${args.join(' ')} failed: ${result.stderr || result.stdout || result.error}`);
}

/** Options of {@link startPostgres}. */
export interface StartPostgresOptions {
  /** A cluster of the file's own even when the run shares one: for a test that pauses or stops it. */
  own?: boolean;
}

/**
 * A cluster for a test file: the run's shared one when `PAY_TEST_POSTGRES_URL` names it (unless
 * `own`), else a new one in a temporary folder.
 */
export async function startPostgres(options: StartPostgresOptions = {}): Promise<TestPostgres> {
  const shared = process.env['PAY_TEST_POSTGRES_URL'];
  if (shared && !options.own) return sharedCluster(shared);
  return ownCluster();
}

/** Databases this process made on the run's cluster: files that share a process share the count. */
let made = 0;

/**
 * The run's cluster, shared by the files running at once: databases made here carry the process id
 * and this process's count, so that two files' `shop` are two databases (also two files in one
 * process, scripts/one-process.mjs); pausing it would stop the others' tests, so it refuses.
 */
function sharedCluster(url: string): TestPostgres {
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const base = admin.href.replace(/\/postgres$/, '');
  const refuse = (what: string) => () => {
    throw new Error(`the run's shared PostgreSQL cannot be ${what}: startPostgres({ own: true })`);
  };
  return {
    url: admin.href,
    port: Number(admin.port),
    createDatabase(name) {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
      const unique = `${name}_p${process.pid}_${++made}`;
      execFileSync('psql', [admin.href, '-q', '-c', `CREATE DATABASE ${unique}`], { stdio: 'ignore' });
      return `${base}/${unique}`;
    },
    pause: refuse('paused'),
    resume: refuse('resumed'),
    stop() {}, // the run stops it
  };
}

async function ownCluster(): Promise<TestPostgres> {
  const bin = postgresBin();
  const dir = mkdtempSync(join(tmpdir(), 'pay-pg-'));
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  const port = await freePort();
  runPg(join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const start = () =>
    runPg(join(bin, 'pg_ctl'), [
      '-D',
      data,
      '-l',
      join(dir, 'log'),
      '-w',
      '-o',
      // fsync off: a test cluster that is thrown away needs no durability, and it makes it start fast
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=400`,
      'start',
    ]);
  start();
  const base = `postgres://postgres@127.0.0.1:${port}`;
  let stopped = false;
  return {
    url: `${base}/postgres`,
    port,
    createDatabase(name) {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
      execFileSync('psql', [`${base}/postgres`, '-q', '-c', `CREATE DATABASE ${name}`], { stdio: 'ignore' });
      return `${base}/${name}`;
    },
    pause() {
      runPg(join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']);
    },
    resume() {
      start();
    },
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        runPg(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
