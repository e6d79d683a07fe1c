// `npm start` as the README runs it: it builds only what changed since its last build (a line per step,
// scripts/build.mjs), then serves the demo. In the consumer stage, which runs alone: a build rewrites
// dist/ folders other tests read.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { utimesSync } from 'node:fs';
import { join } from 'node:path';
import { merchantEnv, root, run } from '../support/packed.js';

const children: ChildProcess[] = [];
after(() => {
  for (const child of children) if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
});

/** `npm run build`'s lines. */
async function build(): Promise<string[]> {
  const { stdout } = await run('npm', ['run', '--silent', 'build'], {
    cwd: root,
    env: merchantEnv, // a contributor's shell: no source condition, nothing of the test runner's
    timeout: 300_000,
    maxBuffer: 16 * 1024 * 1024,
  });
  return stdout.trim().split('\n');
}

const built = (lines: string[]) =>
  lines.filter((l) => / built in [\d.]+ s$/.test(l)).map((l) => l.split(' built in')[0]);

describe('npm start and npm run build', { timeout: 600_000 }, () => {
  it('build nothing when nothing changed, and only the step whose sources did', async () => {
    await build(); // whatever the workspace holds now, built
    const again = await build();
    assert.deepEqual(built(again), [], again.join('\n'));
    assert.equal(again.filter((l) => l.endsWith(' is up to date')).length, 10, again.join('\n'));
    assert.match(again.at(-1) ?? '', /^build: 0 of 10 built/);

    const page = join(root, 'demo/src/gallery.ts');
    const now = new Date();
    utimesSync(page, now, now); // saved again, as an editor would
    const changed = await build();
    assert.deepEqual(built(changed), ['build: the demo'], changed.join('\n'));
    assert.ok(changed.includes('build: the demo (demo/src/gallery.ts changed)…'), changed.join('\n'));
  });

  it('serves the demo after a line per step, none of them a build, when nothing changed', async () => {
    const child = spawn('npm', ['start'], {
      cwd: root,
      env: { ...merchantEnv, PORT: '0', PAY_SANDBOX_PORT: '0', PAY_DB: ':memory:' },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`not running in 60 s:\n${output}`)), 60_000);
      const read = (chunk: Buffer) => {
        output += String(chunk);
        if (output.includes('pay-elements demo is running')) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
      child.once('exit', (code) => reject(new Error(`npm start exited ${code}:\n${output}`)));
    });
    const lines = output.split('\n').filter((l) => l.startsWith('build: '));
    assert.equal(lines.length, 11, output);
    assert.deepEqual(built(lines), []);
    const url = /demo and widget gallery\s+(http:\/\/\S+)/.exec(output)?.[1] ?? '';
    assert.equal((await fetch(url)).status, 200, url);
  });
});
