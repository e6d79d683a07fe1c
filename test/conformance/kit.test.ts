// The kit passes pay-conformance: the real emulator and a kit on real time (the runner waits a real
// minute for an account to expire), the emulator's webhooks going to the kit, and the runner started
// as its command (the workspace's bin) against the kit's loopback port. Only the kit's public API:
// createPayHandler and its options, MemoryStore, the node listener (through the shared harness).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { createClock } from '@pay-elements/sandbox';
import { MemoryStore } from '@pay-elements/server';
import { startEmulatorAndKit, type EmulatorAndKit } from '@pay-elements/testing/emulator-and-kit';

const bin = fileURLToPath(new URL('../../packages/sandbox/bin/pay-conformance.js', import.meta.url));
const run = promisify(execFile);

/** The orders the kit knows: any id under this prefix, 5,000.00 naira. */
const PREFIX = 'conformance-';

describe('pay-conformance against the kit', () => {
  let world: EmulatorAndKit;
  before(async () => {
    world = await startEmulatorAndKit({
      clock: createClock(),
      serve: true,
      webhooks: true,
      kit: ({ customerId }) => ({
        store: new MemoryStore(),
        resolveOrder: (orderId) =>
          orderId.startsWith(PREFIX) ? { amount: '5000.00', currency: 'NGN', customer_id: customerId } : null,
        // every account lives a minute: the expiry rules wait for one (the others take seconds)
        lifespanMinutes: 1,
        // the watcher alone (webhooks held back) within seconds, not the default 5 s × 6
        pollIntervalMs: 1000,
        tokenSecret: 'pay-conformance kit test token secret',
        logger: { debug() {}, info() {}, warn() {}, error: (message: string) => console.error(message) },
      }),
    });
  });
  after(() => world.close());

  it('holds every rule, expiry and the invoice included, and exits 0', async () => {
    const id = Date.now().toString(36);
    const started = Date.now();
    const { stdout } = await run(
      process.execPath,
      [
        bin,
        '--backend',
        `${world.kitUrl}/pay`,
        '--sandbox',
        world.sandbox.url,
        '--order',
        `${PREFIX}${id}-a`,
        '--order',
        `${PREFIX}${id}-b`,
        '--order',
        `${PREFIX}${id}-c`,
        '--invoice',
        world.kit.invoiceToken('INV-000101'),
      ],
      { timeout: 240_000 },
    ).catch((error: { stdout?: string; stderr?: string; code?: number }) => {
      assert.fail(`exit ${error.code}\n${error.stdout}\n${error.stderr}`);
    });
    console.log(`pay-conformance against the kit: ${Math.round((Date.now() - started) / 1000)} s`);
    const lines = stdout.trim().split('\n');
    const verdicts = lines.filter((l) => /^(ok|not ok|skip) /.test(l));
    assert.deepEqual(
      verdicts.filter((l) => !l.startsWith('ok ')),
      [],
    );
    assert.equal(verdicts.length, 47, `every rule decided:\n${stdout}`);
    assert.match(lines.at(-1) ?? '', /^pay-conformance: \d+ rules, \d+ ok, 0 not ok, 0 skipped$/);
  });
});
