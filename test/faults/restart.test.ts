// server-example killed in the middle of a checkout, as real processes: the emulator runs on its own
// (`pay-sandbox`, so it keeps its state while the backend restarts) and server-example talks to it as
// to a real provider (PAY_API_KEY, PAY_BASE_URL), with its sessions in a temporary SQLite file.
// SIGKILL after a session was created; started again on the same port and file, the session is there
// with the same account; a transfer turns it paid and onPaid ("order … paid") runs once; a transfer
// made while the backend was down is found after the restart; after another restart both are paid.
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
const SECRET = webhookSecretFor('faults_restart');

describe('server-example killed in the middle of a checkout', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pay-faults-restart-'));
  let port = 0;
  let sandboxUrl = '';
  let control: SandboxControl;

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
    return launchExample(port, sandboxUrl, SECRET, { PAY_DB: join(dir, 'pay.sqlite') });
  }

  async function session(id: string): Promise<SessionView> {
    const response = await fetch(`http://127.0.0.1:${port}/pay/sessions/${encodeURIComponent(id)}`);
    assert.equal(response.status, 200);
    return SessionView.parse(await response.json());
  }

  async function open(orderId: string): Promise<SessionView> {
    const response = await fetch(`http://127.0.0.1:${port}/pay/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ order_id: orderId }),
    });
    assert.equal(response.status, 201);
    return SessionView.parse(await response.json());
  }

  it('keeps the sessions, recognises each payment once, and stays paid', { timeout: 90_000 }, async () => {
    const first = await startBackend();
    const checkout = await open('demo-1');
    const unattended = await open('demo-2');
    first.child.kill('SIGKILL');
    assert.equal(await first.exited, null, 'killed, not exited');

    // paid while the backend is down: the emulator's webhook finds no one
    await control.transfer({ account_number: unattended.account.account_number, amount: 18500.5 });

    const second = await startBackend();
    const again = await session(checkout.id);
    assert.equal(again.status, 'pending');
    assert.deepEqual(again.account, checkout.account, 'the same account after the restart');
    assert.equal(again.reference, checkout.reference);
    assert.equal(again.expires_at, checkout.expires_at);

    // the transfer made while it was down: a poll after the restart finds it
    assert.equal((await session(unattended.id)).status, 'paid');

    await control.transfer({ account_number: checkout.account.account_number, amount: 5000 });
    const paid = await until('the checkout to turn paid', 10_000, async () => {
      const view = await session(checkout.id);
      return view.status === 'paid' ? view : undefined;
    });
    assert.ok(paid.paid_at);
    await until('onPaid of both orders', 10_000, () =>
      Promise.resolve(
        paidLines(second.output(), 'demo-1') && paidLines(second.output(), 'demo-2') ? true : undefined,
      ),
    );
    second.child.kill('SIGTERM');
    assert.equal(await second.exited, 0, 'stopped cleanly, deliveries done');

    const third = await startBackend();
    const after = await session(checkout.id);
    assert.equal(after.status, 'paid');
    assert.equal(after.paid_at, paid.paid_at);
    assert.equal((await session(unattended.id)).status, 'paid');
    third.child.kill('SIGTERM');
    assert.equal(await third.exited, 0);

    const everything = [first, second, third].map((r) => r.output()).join('\n');
    assert.equal(paidLines(everything, 'demo-1'), 1, everything);
    assert.equal(paidLines(everything, 'demo-2'), 1, everything);
  });
});
