// server-example's in-process emulator lives as long as its sessions: with PAY_DB a file, the
// emulator's state goes to sandbox.json beside it, so a session opened before a restart can still be
// paid after it.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { createClock, SandboxControl } from '@pay-elements/sandbox';
import { startApp, type App } from './app.js';
import { readConfig } from './config.js';

const dir = mkdtempSync(join(tmpdir(), 'server-example-state-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const silent = { debug() {}, info() {}, warn() {}, error() {} };

async function start(db: string): Promise<App> {
  const config = readConfig({ PORT: '0', PAY_SANDBOX_PORT: '0', PAY_DB: db });
  return startApp(config, { clock: createClock(), logger: silent });
}

describe('the in-process emulator follows PAY_DB', () => {
  it('keeps its accounts beside a PAY_DB file, so a session opened before a restart is paid after it', async () => {
    const db = join(dir, 'pay.sqlite');
    let app = await start(db);
    const created = await fetch(`${app.url}/pay/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ order_id: 'demo-1' }),
    });
    assert.equal(created.status, 201);
    const session = (await created.json()) as {
      id: string;
      amount: string;
      account: { account_number: string };
    };
    await app.close();
    assert.ok(existsSync(join(dir, 'sandbox.json')));

    app = await start(db);
    try {
      const control = new SandboxControl(app.sandbox?.url ?? '');
      await control.transfer({
        account_number: session.account.account_number,
        amount: Number(session.amount),
      });
      await app.sandbox?.flushWebhooks();
      await app.pay.watcher.idle();
      const view = (await (await fetch(`${app.url}/pay/sessions/${session.id}`)).json()) as {
        status: string;
      };
      assert.equal(view.status, 'paid');
    } finally {
      await app.close();
    }
  });
});
