// server-example as it runs in production: `node scripts/build.mjs --only server-example` (part of `npm run build`) builds the
// packages (the elements too: the hosted pages render with @pay-elements/elements/ssr) and
// server-example to JavaScript, and `node server-example/dist/main.js` runs with plain
// node (no tsx, no export condition, so every package resolves to its dist/): it answers /healthz,
// /readyz and a session create with its in-process emulator, and stops on SIGTERM with exit code 0.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { baseEnv, killLaunched, launch, root } from '../support/processes.js';

const run = promisify(execFile);

describe('the built server-example', { timeout: 300_000 }, () => {
  after(() => killLaunched());

  it('starts with plain node, answers, and stops cleanly', async () => {
    const env = baseEnv();
    delete env['NODE_OPTIONS'];
    await run(process.execPath, ['scripts/build.mjs', '--only', 'server-example'], {
      cwd: root,
      env,
      timeout: 240_000,
    });
    const main = join(root, 'server-example/dist/main.js');
    assert.ok(existsSync(main), 'dist/main.js built');

    const server = await launch(
      [main],
      { ...env, PORT: '0', PAY_SANDBOX_PORT: '0', PAY_DB: ':memory:' },
      /Ctrl-C to stop/,
    );
    const url = /backend kit \(widget API\)\s+(http:\/\/127\.0\.0\.1:\d+)\/pay/.exec(server.output())?.[1];
    assert.ok(url, server.output());
    assert.equal((await fetch(`${url}/healthz`)).status, 200);
    assert.equal((await fetch(`${url}/readyz`)).status, 200);
    const created = await fetch(`${url}/pay/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ order_id: 'demo-1' }),
    });
    assert.equal(created.status, 201);
    server.child.kill('SIGTERM');
    assert.equal(await server.exited, 0);
    assert.doesNotMatch(server.output(), /tsx|\.ts:\d+/, 'nothing ran from TypeScript source');
  });
});
