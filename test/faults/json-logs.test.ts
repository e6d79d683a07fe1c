// server-example as a process with PAY_LOG_FORMAT=json, as a log shipper reads it: every line of
// stdout and stderr, from start to exit, is one JSON object in pino's shape. Started, asked what
// once wrote other lines (TRACE, a body cut off, a forged webhook), stopped with SIGTERM; started
// with its PostgreSQL down (one line naming the failure, no stack, exit 1); and an error nothing
// caught (one line, exit 1).
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { baseEnv, freePort, killLaunched, launch, root, until } from '../support/processes.js';

interface Line {
  level: number;
  time: number;
  msg: string;
  [field: string]: unknown;
}

/** Every line of `output` parsed as JSON in pino's shape; fails on the first that is not. */
function jsonLines(output: string): Line[] {
  return output
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      let parsed: unknown;
      assert.doesNotThrow(() => (parsed = JSON.parse(line)), `not JSON: ${line}`);
      const entry = parsed as Line;
      assert.equal(typeof entry.level, 'number', line);
      assert.equal(typeof entry.time, 'number', line);
      assert.equal(typeof entry.msg, 'string', line);
      return entry;
    });
}

/** Runs `node args…` to its end; its exit code and everything it wrote. */
function runToEnd(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => resolve({ code, output }));
  });
}

const json = { PAY_LOG_FORMAT: 'json', PAY_SANDBOX_PORT: '0', HOST: '127.0.0.1' };

describe('server-example with PAY_LOG_FORMAT=json', { timeout: 120_000 }, () => {
  after(() => killLaunched());

  it('writes only JSON lines from its start to its exit on SIGTERM', async () => {
    const port = await freePort();
    const server = await launch(
      ['--import', 'tsx', 'server-example/src/main.ts'],
      { ...baseEnv(), ...json, PORT: String(port), PAY_DB: ':memory:' },
      /Ctrl-C to stop/,
    );
    const base = `http://127.0.0.1:${port}`;
    const created = await fetch(`${base}/pay/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ order_id: 'demo-1' }),
    });
    assert.equal(created.status, 201);
    const forged = await fetch(`${base}/pay/webhooks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'webhook-id': 'x', 'webhook-timestamp': '1' },
      body: '{}',
    });
    assert.equal(forged.status, 400);
    await new Promise<void>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => socket.write('TRACE / HTTP/1.1\r\nHost: x\r\n\r\n'));
      socket.on('data', () => socket.destroy());
      socket.on('close', () => resolve());
    });
    await new Promise<void>((resolve) => {
      const socket = connect(port, '127.0.0.1', () =>
        socket.write(
          'POST /pay/sessions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
            'Transfer-Encoding: chunked\r\nExpect: 100-continue\r\n\r\n',
        ),
      );
      socket.on('data', () => {
        socket.write('5\r\n{"ord\r\n');
        socket.destroy();
      });
      socket.on('close', () => resolve());
    });
    // the server's line about the body cut off, before it is stopped
    await until('the line about the body cut off', 5000, () =>
      Promise.resolve(server.output().includes('cut off') ? true : undefined),
    );
    server.child.kill('SIGTERM');
    assert.equal(await server.exited, 0);

    const lines = jsonLines(server.output());
    const banner = lines[0];
    assert.equal(
      banner?.msg,
      'pay-elements demo is running in emulator mode: not a real provider, nothing here is real money; Ctrl-C to stop',
    );
    // the emulator's demo: every line says so
    assert.deepEqual(
      lines.filter((line) => line['livemode'] !== false),
      [],
    );
    assert.equal(banner?.['kit'], `${base}/pay`);
    assert.match(String(banner?.['emulator_control']), /^http:\/\/127\.0\.0\.1:\d+\/_sandbox$/);
    const said = lines.map((line) => line.msg);
    for (const expected of [
      'session created',
      'webhook refused',
      'request body cut off: the client went away',
      'SIGTERM: draining (at most 10000 ms)',
    ])
      assert.ok(said.includes(expected), `${expected} in ${said.join(' | ')}`);
    assert.match(said.at(-1) ?? '', /^stopped cleanly in \d+ ms$/);
    assert.ok(
      lines.every((line) => !JSON.stringify(line).includes('at new Request')),
      'no stack of a TRACE',
    );
  });

  it('says in one JSON line, without a stack, that it cannot start with its PostgreSQL down, and exits 1', async () => {
    const closed = await freePort();
    const { code, output } = await runToEnd(['--import', 'tsx', 'server-example/src/main.ts'], {
      ...baseEnv(),
      ...json,
      PORT: '0',
      PAY_DATABASE_URL: `postgres://pay@127.0.0.1:${closed}/shop`,
    });
    assert.equal(code, 1);
    const lines = jsonLines(output);
    const last = lines.at(-1);
    assert.equal(last?.msg, 'server-example failed to start');
    assert.equal(last?.level, 50);
    assert.deepEqual(last?.['error'], {
      name: 'StoreUnavailableError',
      message: 'PostgreSQL is unavailable',
      code: 'ECONNREFUSED',
    });
    assert.ok(
      lines.every((line) => !JSON.stringify(line).includes('"stack"')),
      'no stack on any line',
    );
  });

  for (const [what, thrown] of [
    ['uncaught exception', 'setTimeout(() => { throw new Error("boom"); });'],
    ['unhandled promise rejection', 'void Promise.reject(new Error("boom"));'],
  ] as const)
    it(`writes an ${what} as one JSON line and exits 1`, async () => {
      // the process's own handlers, as main.ts installs them, then an error nothing catches
      const script = `
        const { exitOnUncaught } = await import('./server-example/src/service.ts');
        const { createLogger } = await import('./packages/service/src/operations/logging.ts');
        exitOnUncaught(createLogger('json'));
        ${thrown}
      `;
      const { code, output } = await runToEnd(
        ['--import', 'tsx', '--input-type=module', '-e', script],
        baseEnv(),
      );
      assert.equal(code, 1);
      const lines = jsonLines(output);
      assert.equal(lines.length, 1, output);
      assert.equal(lines[0]?.msg, what);
      assert.equal((lines[0]?.['error'] as { message?: string }).message, 'boom');
    });
});
