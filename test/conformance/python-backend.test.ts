// examples/python-backend (Python's standard library, written from docs/protocol.md) passes
// pay-conformance, expiry and renewal included; and the runner fails it, naming the rule and the
// field or header, when the example is broken on purpose (PAY_EXAMPLE_BROKEN): optional fields sent
// as null, stream events without a name, no ETag, an amount as a number; and when a copy of it skips
// a webhook check (patched here, in a temporary folder): the signature, the timestamp, the id seen.
// The real emulator on real time, its webhooks going to the example, python3 and the runner started
// as commands.
import assert from 'node:assert/strict';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, afterEach, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { createClock, startSandbox, type Sandbox } from '@pay-elements/sandbox';

const root = fileURLToPath(new URL('../..', import.meta.url));
const example = `${root}examples/python-backend/server.py`;
const bin = `${root}packages/sandbox/bin/pay-conformance.js`;
const run = promisify(execFile);

/** A free loopback port (the example's: the emulator must know where to send webhooks first). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** Starts the example (or a copy, `script`) on `port`, talking to the emulator; resolves once it listens. */
async function startExample(
  port: number,
  sandbox: Sandbox,
  broken = '',
  script = example,
): Promise<ChildProcess> {
  const child = spawn('python3', [script], {
    env: { ...process.env, PORT: String(port), PAY_BASE_URL: sandbox.url, PAY_EXAMPLE_BROKEN: broken },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('listening on')) resolve();
    });
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.once('exit', (code) => reject(new Error(`python3 exited with ${code}: ${out}`)));
  });
  return child;
}

/** pay-conformance against the example: its exit code and lines. */
async function conformance(port: number, sandbox: Sandbox, args: string[]) {
  const argv = [bin, '--backend', `http://127.0.0.1:${port}/pay`, '--sandbox', sandbox.url, ...args];
  const started = Date.now();
  const result = await run(process.execPath, argv, { timeout: 240_000 }).then(
    ({ stdout }) => ({ code: 0, stdout }),
    (error: { code?: number; stdout?: string; stderr?: string }) => {
      if (typeof error.code !== 'number') throw error;
      return { code: error.code, stdout: `${error.stdout ?? ''}${error.stderr ?? ''}` };
    },
  );
  return {
    ...result,
    seconds: Math.round((Date.now() - started) / 1000),
    lines: result.stdout.trim().split('\n'),
  };
}

describe('examples/python-backend under pay-conformance', () => {
  let sandbox: Sandbox;
  let port: number;
  let child: ChildProcess | null = null;
  const id = Date.now().toString(36);
  before(async () => {
    port = await freePort();
    sandbox = await startSandbox({
      port: 0,
      clock: createClock(),
      webhookUrl: `http://127.0.0.1:${port}/pay/webhooks`,
    });
  });
  afterEach(async () => {
    const stopping = child;
    child = null;
    if (stopping && stopping.exitCode === null) {
      const exited = new Promise((resolve) => stopping.once('exit', resolve));
      stopping.kill('SIGTERM');
      await exited;
    }
  });
  after(() => sandbox.close());

  it('holds every rule, expiry and renewal included, and exits 0', async () => {
    child = await startExample(port, sandbox);
    const result = await conformance(port, sandbox, [
      '--order',
      `order-${id}-a`,
      '--order',
      `order-${id}-b`,
      '--order',
      `order-${id}-c-1min`,
    ]);
    console.log(`pay-conformance against the Python example: ${result.seconds} s`);
    assert.equal(result.code, 0, result.stdout);
    assert.deepEqual(
      result.lines.filter((l) => l.startsWith('not ok') || l.startsWith('skip')),
      [],
    );
    assert.match(result.lines.at(-1) ?? '', /^pay-conformance: 42 rules, 42 ok, 0 not ok, 0 skipped$/);
  });

  const broken: [variant: string, rule: string, why: RegExp][] = [
    [
      'null-optional',
      'session view',
      /"checkout_url" is null: an optional field with nothing to say is absent, never null/,
    ],
    [
      'unnamed-events',
      'stream: events named `session`',
      /sent an event without a name \(`data:` without `event: session`\)/,
    ],
    [
      'no-etag',
      'status: an ETag, and 304 for the version held',
      /GET \/sessions\/ses_\S+ has no ETag header/,
    ],
    [
      'number-amount',
      'session view',
      /"amount" is the number 5000: amounts are decimal strings such as "5000.00"/,
    ],
  ];
  for (const [variant, rule, why] of broken) {
    it(`fails a backend broken on purpose (${variant}), naming the rule and the field`, async () => {
      child = await startExample(port, sandbox, variant);
      const result = await conformance(port, sandbox, ['--order', `order-${id}-${variant}`, '--skip-expiry']);
      assert.equal(result.code, 1, result.stdout);
      const line = result.lines.find((l) => l.startsWith(`not ok ${rule}`));
      assert.ok(line, `no "not ok ${rule}" in:\n${result.stdout}`);
      assert.match(line, why);
      assert.ok(
        result.lines.some((l) => l.startsWith('skip expiry')),
        'the skipped rules are said',
      );
    });
  }

  // a copy of the example whose webhook route skips a check: [the text replaced, its replacement]
  const refusal = (why: string) => `raise Refused(400, "invalid_request", "The webhook's ${why}")`;
  const skipped: [variant: string, patch: [string, string][], rule: string][] = [
    [
      'signature and timestamp unchecked',
      [
        [refusal('id or timestamp is missing or out of date.'), 'pass'],
        [refusal('signature does not match.'), 'pass'],
      ],
      'forged webhook, unsigned',
    ],
    [
      'a signature required but not compared',
      [['if not any(hmac.compare_digest(expected, signature) for signature in given):', 'if not given:']],
      'forged webhook, signed with another secret',
    ],
    [
      'timestamp unchecked',
      [[refusal('id or timestamp is missing or out of date.'), 'pass']],
      'forged webhook, correctly signed ten minutes ago',
    ],
    ['every webhook-id processed', [['if first and event.get(', 'if event.get(']], 'replayed webhook-id'],
  ];
  for (const [variant, patch, rule] of skipped) {
    it(`fails a copy whose webhook route skips a check (${variant}), naming the rule`, async () => {
      const folder = mkdtempSync(join(tmpdir(), 'pay-conformance-python-'));
      try {
        let source = readFileSync(example, 'utf8');
        for (const [from, to] of patch) {
          assert.equal(source.split(from).length, 2, `server.py has "${from}" once`);
          source = source.replace(from, to);
        }
        const script = join(folder, 'server.py');
        writeFileSync(script, source);
        child = await startExample(port, sandbox, '', script);
        const result = await conformance(port, sandbox, [
          '--order',
          `order-${id}-${variant.replace(/\W+/g, '-')}`,
          '--skip-expiry',
        ]);
        assert.equal(result.code, 1, result.stdout);
        const line = result.lines.find((l) => l.startsWith(`not ok ${rule}`));
        assert.ok(line, `no "not ok ${rule}" in:\n${result.stdout}`);
        assert.match(line, /the session is "paid", not "pending": the backend took a payment no bank made/);
        const earlier = result.lines.filter((l) => /^not ok (forged|replayed) webhook/.test(l));
        assert.equal(earlier[0], line, 'the first webhook rule to fail is the check skipped');
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    });
  }
});
