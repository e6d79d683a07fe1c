// `npm test` on a machine that lacks something the tests need (issue 37: with Chromium but no
// firefox-esr or WebKitWebDriver, it ended `1209 passed, 51 failed`, 49 Firefox files "Browser was not
// found"). scripts/test.mjs is run as `npm test` runs it, on a PATH of stand-ins (empty executables
// named as the programs are: the check looks for them, it does not start them), with installing
// off: with every one there it would run every stage; without firefox-esr it says so on one line
// before any test runs, and the stages that need Firefox are not run, the run failing.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from '../support/processes.js';

const PROGRAMS = [
  'chromium',
  'firefox-esr',
  'WebKitWebDriver',
  'MiniBrowser',
  'Xvfb',
  'xvfb-run',
  'initdb',
  'pg_ctl',
  'psql',
  'nginx',
  'python3',
  'php',
];

describe('npm test on a machine that lacks what a stage needs', () => {
  let bin = '';
  before(() => {
    bin = mkdtempSync(join(tmpdir(), 'pay-test-needs-'));
    for (const name of PROGRAMS) {
      writeFileSync(join(bin, name), '#!/bin/sh\nexit 1\n');
      chmodSync(join(bin, name), 0o755);
    }
  });
  after(() => rmSync(bin, { recursive: true, force: true }));

  /** scripts/test.mjs with `args`, on the stand-ins' PATH (less `without`), installing nothing. */
  function testCommand(args: string[], without: string[] = []) {
    for (const name of without) rmSync(join(bin, name), { force: true });
    const env: NodeJS.ProcessEnv = Object.fromEntries(
      Object.entries(process.env).filter(
        ([name]) => !/^(CHROME|FIREFOX|WEBKIT_DRIVER|MINIBROWSER)_PATH$|^PG_BIN$|^WEBVIEW_PYTHON$/.test(name),
      ),
    );
    const result = spawnSync(process.execPath, ['scripts/test.mjs', ...args], {
      cwd: root,
      encoding: 'utf8',
      env: {
        ...env,
        PATH: bin,
        CHROME_PATH: join(bin, 'chromium'),
        MINIBROWSER_PATH: join(bin, 'MiniBrowser'),
        WEBVIEW_PYTHON: join(bin, 'python3'),
        PG_BIN: bin,
        PAY_TEST_INSTALL: 'no',
      },
    });
    for (const name of without) {
      writeFileSync(join(bin, name), '#!/bin/sh\nexit 1\n');
      chmodSync(join(bin, name), 0o755);
    }
    return { status: result.status, lines: result.stdout.trim().split('\n') };
  }

  it('would run every stage when everything is there, and says nothing of what to install', () => {
    const { status, lines } = testCommand(['--dry-run']);
    assert.deepEqual(lines, [
      'build: runs',
      'check: runs',
      'node: runs',
      'consumer: runs',
      'browser: runs',
      'e2e: runs',
    ]);
    assert.equal(status, 0);
  });

  it('says on one line, before anything runs, what to install, and which stages will not run without it', () => {
    const { status, lines } = testCommand(['--dry-run'], ['firefox-esr']);
    assert.deepEqual(lines, [
      'missing for npm test: Firefox ESR; install them with `apt-get install -y firefox-esr` (or set ' +
        'FIREFOX_PATH); the stages that need them are not run',
      'build: runs',
      'check: runs',
      'node: runs',
      'consumer: runs',
      'browser: not run in firefox',
      'e2e: not run',
    ]);
    assert.equal(status, 1);
  });

  it('reports a stage whose browser is missing as not run, and fails, rather than failing its tests one by one', () => {
    const { status, lines } = testCommand(['e2e'], ['firefox-esr', 'Xvfb']);
    assert.match(
      lines[0] ?? '',
      /^missing for npm test: Firefox ESR, Xvfb; install them with `apt-get install -y firefox-esr xvfb`/,
    );
    assert.deepEqual(
      lines.filter((line) => line.startsWith('──')),
      ['── e2e ── not run: needs Firefox ESR, Xvfb'],
      'no stage ran',
    );
    assert.equal(lines.at(-1), '0 passed, 0 failed, 1 not run');
    assert.equal(status, 1);
  });
});
