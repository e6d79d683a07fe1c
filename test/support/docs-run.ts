// Runs the commands of a document as a reader would type them: its code blocks read from the file
// (never copied into the test), each shell block run by bash as printed. What stands in for the
// reader's machine: free ports for the documented 3000 and 4010 (so the test runs beside an `npm start`),
// npm answering from its cache, and better-sqlite3's native build (about 45 s here) replaced by the
// binary the workspace compiled for the same version and node.
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFile, mkdir, readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { merchantEnv, packageJson, root, run } from './packed.js';

export interface Block {
  lang: string;
  text: string;
}

/** The fenced code blocks of `file` between the heading `from` and the next heading of its level. */
export async function blocksOf(file: string, from: string): Promise<Block[]> {
  const text = await readFile(join(root, file), 'utf8');
  const start = text.indexOf(`\n${from}\n`);
  if (start < 0) throw new Error(`${file} has no heading ${from}`);
  const level = /^#+/.exec(from)?.[0] ?? '##';
  const rest = text.slice(start + from.length + 2);
  const end = rest.search(new RegExp(`^${level} `, 'm'));
  const section = end < 0 ? rest : rest.slice(0, end);
  return [...section.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].map((m) => ({
    lang: m[1] ?? '',
    text: m[2] ?? '',
  }));
}

/** The ports the documents use, and the free ones the test gives them instead. */
export interface Ports {
  shop: number;
  emulator: number;
}

/** `text` with the documented ports replaced by the test's. */
export function withPorts(text: string, ports: Ports): string {
  return text
    .replaceAll('127.0.0.1:3000', `127.0.0.1:${ports.shop}`)
    .replaceAll('127.0.0.1:4010', `127.0.0.1:${ports.emulator}`)
    .replaceAll('.listen(3000,', `.listen(${ports.shop},`);
}

/** The reader's shell: no workspace variables; npm from its cache, no install scripts (see above). */
export function readerEnv(ports: Ports, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    ...merchantEnv,
    PORT: String(ports.shop),
    PAY_SANDBOX_PORT: String(ports.emulator),
    npm_config_prefer_offline: 'true',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
    npm_config_ignore_scripts: 'true',
    ...extra,
  };
}

/** What a shell block left behind: its folder and the variables it exported. */
export interface Shell {
  cwd: string;
  env: NodeJS.ProcessEnv;
}

const MARK = '--shell-state--';

/**
 * Runs `lines` in bash (`set -e`) in `shell.cwd`; answers the folder it ended in and what it exported
 * (`names`), for the next block, as the same terminal would have them.
 */
export async function runLines(lines: string, shell: Shell, names: string[] = []): Promise<Shell> {
  const report = `\nprintf '\\n${MARK}'; printf '%s\\0' "$PWD" ${names.map((n) => `"\${${n}-}"`).join(' ')}`;
  const { stdout } = await run('bash', ['-e', '-c', `${lines}${report}`], {
    cwd: shell.cwd,
    env: shell.env,
    timeout: 300_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  const values = stdout.slice(stdout.lastIndexOf(MARK) + MARK.length).split('\0');
  const env = { ...shell.env };
  names.forEach((name, i) => (env[name] = values[i + 1] ?? ''));
  return { cwd: values[0] ?? shell.cwd, env };
}

/** A block split at its one command that keeps running (`npx --no-install pay-…`): before, it, after. */
export function splitAtServer(text: string): { before: string; server: string; after: string } {
  const lines = text.replace(/\\\n\s*/g, ' ').split('\n');
  const at = lines.findIndex((l) => /^npx --no-install pay-(service|sandbox)\b/.test(l));
  if (at < 0) throw new Error(`no long-running command in:\n${text}`);
  return {
    before: lines.slice(0, at).join('\n'),
    server: lines[at] ?? '',
    after: lines.slice(at + 1).join('\n'),
  };
}

export interface Server {
  child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

/** Starts `command` in bash in `shell`, resolved once its output matches `ready`. */
export function startServer(command: string, shell: Shell, ready: RegExp): Promise<Server> {
  const child = spawn('bash', ['-c', command], {
    cwd: shell.cwd,
    env: shell.env,
    detached: true,
    stdio: 'pipe',
  });
  let output = '';
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const server: Server = {
    child,
    output: () => output,
    stop: async () => {
      if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
      await closed;
    },
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${command}: not ready in 60 s:\n${output}`)), 60_000);
    const read = (chunk: Buffer) => {
      output += String(chunk);
      if (ready.test(output)) {
        clearTimeout(timer);
        resolve(server);
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => reject(new Error(`${command} exited ${code}:\n${output}`)));
  });
}

/** better-sqlite3 in `project` given the workspace's compiled binary when the versions match, else built. */
export async function provideSqliteBinary(project: string): Promise<void> {
  const installed = join(project, 'node_modules/better-sqlite3');
  if (!existsSync(installed)) return;
  const binary = 'build/Release/better_sqlite3.node';
  const built = join(root, 'node_modules/better-sqlite3', binary);
  const same =
    existsSync(built) &&
    (await packageJson(installed)).version ===
      (await packageJson(join(root, 'node_modules/better-sqlite3'))).version;
  if (same) {
    await mkdir(join(installed, 'build/Release'), { recursive: true });
    await copyFile(built, join(installed, binary));
  } else {
    await run('npm', ['rebuild', 'better-sqlite3'], { cwd: project, env: merchantEnv, timeout: 300_000 });
  }
}
