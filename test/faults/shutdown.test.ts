// server-example stopped with SIGTERM as an orchestrator does it, with 50 status streams open, a
// create waiting on a slow provider and an onPaid under way: readiness turns 503 at once (while the
// port stays open for PAY_SHUTDOWN_DELAY_MS), every stream is told to reconnect (a
// `retry:` hint) and ends cleanly, the create is answered, the onPaid completes once (and is not
// delivered again by the next start), and the process exits 0 within its grace period.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SessionView } from '@pay-elements/protocol';
import { SandboxControl, DEFAULT_API_KEY } from '@pay-elements/sandbox';
import {
  freePort,
  killLaunched,
  paidLines,
  until,
  type Running,
  launchEmulator,
  launchExample,
} from '../support/processes.js';
import { webhookSecretFor } from '../support/webhook-secret.js';

const KEY = DEFAULT_API_KEY;
const SECRET = webhookSecretFor('faults_shutdown');
const STREAMS = 50;
const GRACE_MS = 8_000;
/** how long the port stays open after readiness turned 503 */
const DELAY_MS = 1_000;

describe('server-example stopped with SIGTERM under load', { timeout: 90_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'pay-faults-shutdown-'));
  let port = 0;
  let control: SandboxControl;
  let sandboxUrl = '';

  before(async () => {
    port = await freePort();
    sandboxUrl = await launchEmulator(`http://127.0.0.1:${port}/pay/webhooks`, SECRET);
    control = new SandboxControl(sandboxUrl, KEY);
  });

  after(async () => {
    await killLaunched();
    rmSync(dir, { recursive: true, force: true });
  });

  function startBackend(): Promise<Running> {
    return launchExample(port, sandboxUrl, SECRET, {
      PAY_DB: join(dir, 'pay.sqlite'),
      PAY_DEMO_FULFIL_MS: '3000',
      PAY_SWEEP_INTERVAL_MS: '500',
      PAY_SHUTDOWN_GRACE_MS: String(GRACE_MS),
      PAY_SHUTDOWN_DELAY_MS: String(DELAY_MS),
      // each stream comes "through the proxy" from a shopper of its own (the per-client limit is 20)
      TRUST_PROXY: '1',
    });
  }

  async function open(orderId: string): Promise<Response> {
    return fetch(`http://127.0.0.1:${port}/pay/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ order_id: orderId }),
    });
  }

  /** The whole body of a stream as text, and whether it ended cleanly (not reset). */
  async function readAll(response: Response): Promise<{ text: string; clean: boolean }> {
    let text = '';
    const decoder = new TextDecoder();
    const reader = response.body?.getReader();
    if (!reader) return { text, clean: false };
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return { text, clean: true };
        text += decoder.decode(value, { stream: true });
      }
    } catch {
      return { text, clean: false };
    }
  }

  it('drains: streams told to reconnect, the create answered, onPaid once, exit 0', async () => {
    const server = await startBackend();
    const paying = await open('demo-1');
    assert.equal(paying.status, 201);
    const paid = SessionView.parse(await paying.json());
    const waiting = await open('demo-2');
    assert.equal(waiting.status, 201);
    const watched = SessionView.parse(await waiting.json());

    const responses = await Promise.all(
      Array.from({ length: STREAMS }, (_, i) =>
        fetch(`http://127.0.0.1:${port}/pay/sessions/${watched.id}/events`, {
          headers: { 'x-forwarded-for': `10.0.0.${i + 1}` },
        }),
      ),
    );
    for (const response of responses) assert.equal(response.status, 200);
    const streams = responses.map((response) => readAll(response));

    // an onPaid under way (the demo's takes 3 s) ...
    await control.transfer({ account_number: paid.account.account_number, amount: Number(paid.amount) });
    await until('onPaid of demo-1 to start', 10_000, () =>
      Promise.resolve(/order demo-1 fulfilling/.test(server.output()) ? true : undefined),
    );
    // ... and a create waiting on a slow provider
    await control.injectFault({
      path_prefix: '/v1/virtual-accounts',
      method: 'POST',
      delay_ms: 1500,
      times: 1,
    });
    const inFlight = open('demo-3');
    await new Promise((resolve) => setTimeout(resolve, 300));

    const stopped = Date.now();
    server.child.kill('SIGTERM');
    // readiness 503 at once, while the port still answers
    await until('readiness to turn 503', DELAY_MS, async () => {
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
      return ready.status === 503 ? ((await ready.json()) as unknown) : undefined;
    }).then((body) => assert.deepEqual(body, { ready: false, reason: 'draining' }));
    assert.equal((await fetch(`http://127.0.0.1:${port}/healthz`)).status, 200, 'alive while draining');
    const created = await inFlight;
    assert.equal(created.status, 201, 'the create under way is answered');
    assert.equal(SessionView.parse(await created.json()).status, 'pending');
    for (const [i, stream] of (await Promise.all(streams)).entries()) {
      assert.ok(stream.clean, `stream ${i} ended cleanly, not reset`);
      assert.match(stream.text, /retry: \d+\n: reconnect\n\n$/, `stream ${i} ends with a retry hint`);
    }
    assert.equal(await server.exited, 0, 'exit code 0');
    const exitMs = Date.now() - stopped;
    assert.ok(exitMs < GRACE_MS, `exited in ${exitMs} ms`);
    console.log(`SIGTERM to exit: ${exitMs} ms (onPaid of 3 s under way)`);
    assert.equal(paidLines(server.output(), 'demo-1'), 1, 'onPaid completed');
    assert.match(server.output(), /stopped cleanly/);

    // the next start finds nothing owed: the onPaid is not delivered twice
    const next = await startBackend();
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    assert.equal(paidLines(next.output(), 'demo-1'), 0, 'not delivered again');
    next.child.kill('SIGTERM');
    assert.equal(await next.exited, 0);
  });
});
