// State in a file: `startSandbox({dataFile})` and `pay-sandbox --data FILE` keep customers, accounts,
// transactions, cards, invoices, links, the delivery log and the clock across restarts, and a
// `kill -9` right after an answered change loses nothing (each change is saved before the answer);
// and one file serves one emulator at a time (a second refuses to start; a dead one's lock is taken).
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, describe, it } from 'node:test';
import { Customer, DynamicAccount, Invoice, PaymentLink, Transaction, page } from '@pay-elements/api';
import { createClock, fixtures, SandboxControl } from '@pay-elements/sandbox';
import { boot, expectFailure, expectOk, KEY, START, type Harness } from './helpers.js';

const bin = fileURLToPath(new URL('../../packages/sandbox/bin/pay-sandbox.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'pay-sandbox-state-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const frozen = () => createClock({ frozen: true, start: START });

describe('state in a file, through the library', () => {
  it('keeps every kind of record, the delivery log and the clock across a restart', async () => {
    const file = join(dir, 'library.json');
    let h: Harness = await boot({ dataFile: file, clock: frozen(), webhookUrl: 'http://127.0.0.1:9/down' });
    const customer = await h.control.createCustomer({
      email: 'kept@example.com',
      first_name: 'Kept',
      last_name: 'Across',
      country_code: 'NGA',
    });
    const account = expectOk(
      await h.call('/v1/virtual-accounts/dynamic', {
        method: 'POST',
        body: { customer_id: customer.id, amount: 700, lifespan_minutes: 60 },
      }),
      DynamicAccount,
    );
    const credit = await h.control.transfer({ account_number: account.account_no, amount: 700 });
    const card = await h.control.issueCard({ customer_id: customer.id, currency: 'NGN', balance: 50 });
    const invoice = expectOk(
      await h.call('/v1/invoices', {
        method: 'POST',
        body: {
          email: 'kept@example.com',
          items: [{ name: 'Kept', unit_price: 10, quantity: 2, currency: 'NGN', total: 20 }],
          payment_schedule: { type: 'one_time', due_date: '2025-02-01T00:00:00Z' },
        },
      }),
      Invoice,
    );
    await h.control.advanceClock(90);
    await h.sandbox.flushWebhooks();
    const deliveries = await h.control.webhooks();
    const links = expectOk(await h.call('/v1/links'), page(PaymentLink)).items;
    await h.sandbox.close();

    h = await boot({ dataFile: file, clock: frozen(), webhookUrl: 'http://127.0.0.1:9/down' });
    try {
      assert.deepEqual(expectOk(await h.call(`/v1/customers/${customer.id}`), Customer), customer);
      const accounts = await h.control.accounts();
      assert.equal(accounts.find((a) => a.account_number === account.account_no)?.state, 'paid');
      const transactions = expectOk(await h.call('/v1/transactions?size=100'), page(Transaction)).items;
      assert.deepEqual(
        transactions.find((t) => t.id === credit.id),
        credit,
      );
      const withdrawal = await h.call(`/v1/cards/${card.card_id}/withdraw`, {
        method: 'POST',
        body: { currency: 'NGN', amount: 50 },
      });
      assert.equal(withdrawal.status, 200, 'the card and its balance are back');
      const invoices = expectOk(await h.call('/v1/invoices?size=100'), page(Invoice)).items;
      assert.ok(invoices.some((i) => i.invoice_number === invoice.invoice_number));
      assert.deepEqual(expectOk(await h.call('/v1/links'), page(PaymentLink)).items, links);
      const restored = await h.control.webhooks();
      assert.deepEqual(
        restored.slice(-deliveries.length).map((d) => d.id),
        deliveries.map((d) => d.id),
        'the delivery log is back',
      );
      const moved = h.sandbox.clock.now() - START;
      assert.ok(moved >= 90 * 60_000 && moved < 90 * 60_000 + 60_000, `the clock goes on (${moved} ms)`);

      await h.control.reset();
    } finally {
      await h.sandbox.close();
    }
    h = await boot({ dataFile: file, clock: frozen() });
    try {
      expectFailure(await h.call(`/v1/customers/${customer.id}`), 404, 'customer was not found');
      expectOk(await h.call(`/v1/customers/${fixtures.customers.ada.id}`), Customer);
    } finally {
      await h.sandbox.close();
    }
  });

  it('refuses to start on a file that is not its state, naming the file', async () => {
    const file = join(dir, 'broken.json');
    writeFileSync(file, '{"version": 1, "state": ');
    await assert.rejects(
      boot({ dataFile: file }),
      (e: unknown) => e instanceof Error && e.message.includes(file) && /not valid JSON/.test(e.message),
    );
    writeFileSync(file, '{"hello": "world"}');
    await assert.rejects(boot({ dataFile: file }), /not a pay-sandbox state/);
  });
});

interface Child {
  process: ChildProcess;
  url: string;
  exited: Promise<unknown>;
}

async function startCli(args: string[], env: Record<string, string> = {}): Promise<Child> {
  const child = spawn(process.execPath, [bin, '--port', '0', ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let out = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (match?.[1] && out.includes('webhooks')) resolve(match[1]);
    });
    child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
    child.once('exit', (code) => reject(new Error(`pay-sandbox exited with ${code}: ${out}`)));
  });
  return { process: child, url, exited };
}

describe('state in a file, through pay-sandbox', () => {
  it('loses no answered change to a kill -9, however many were in flight', async () => {
    const file = join(dir, 'cli.json');
    const first = await startCli(['--data', file]);
    const control = new SandboxControl(first.url, KEY);
    const made: Customer[] = [];
    const creations = Array.from({ length: 30 }, (_, i) =>
      control
        .createCustomer({
          email: `burst${i}@example.com`,
          first_name: 'Burst',
          last_name: `N${i}`,
          country_code: 'KEN',
        })
        .then((c) => {
          made.push(c);
          // killed the moment the tenth answer arrives, with the rest still in flight
          if (made.length === 10) first.process.kill('SIGKILL');
        }),
    );
    await Promise.allSettled(creations);
    await first.exited;
    assert.ok(made.length >= 10);

    const second = await startCli([], { PAY_SANDBOX_DATA: file });
    try {
      const again = new SandboxControl(second.url, KEY);
      for (const customer of made) {
        const response = await fetch(`${second.url}/v1/customers/${customer.id}`, {
          headers: { 'x-api-key': KEY },
        });
        assert.equal(response.status, 200, `${customer.email} was answered, so it was kept`);
      }
      // and the file is whole: it parses, and the next change is kept too
      JSON.parse(readFileSync(file, 'utf8'));
      const later = await again.createCustomer({
        email: 'after@example.com',
        first_name: 'A',
        last_name: 'B',
        country_code: 'GHA',
      });
      second.process.kill('SIGKILL');
      await second.exited;
      const third = await startCli(['--data', file]);
      try {
        const response = await fetch(`${third.url}/v1/customers/${later.id}`, {
          headers: { 'x-api-key': KEY },
        });
        assert.equal(response.status, 200);
      } finally {
        third.process.kill('SIGTERM');
        await third.exited;
      }
    } finally {
      second.process.kill('SIGTERM');
      await second.exited;
    }
  });
});

describe('one state file, one emulator', () => {
  const customer = (email: string) => ({
    email,
    first_name: 'One',
    last_name: 'File',
    country_code: 'NGA' as const,
  });

  it('refuses a second emulator on a file in use, in the same process, naming the file', async () => {
    const file = join(dir, 'shared-library.json');
    const first = await boot({ dataFile: file });
    try {
      await assert.rejects(
        boot({ dataFile: file }),
        (e: unknown) => e instanceof Error && e.message.includes(file) && /in use/.test(e.message),
      );
    } finally {
      await first.sandbox.close();
    }
    assert.equal(existsSync(`${file}.lock`), false, 'close releases the lock');
    const again = await boot({ dataFile: file });
    await again.sandbox.close();
  });

  it('refuses a second pay-sandbox on a file in use, so nothing the first answered is lost', async () => {
    const file = join(dir, 'shared-cli.json');
    const first = await startCli(['--data', file]);
    try {
      const second = spawn(process.execPath, [bin, '--port', '0', '--data', file], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      second.stdout.on('data', (d: Buffer) => (out += d.toString()));
      second.stderr.on('data', (d: Buffer) => (out += d.toString()));
      // exits, or is found listening (the old behaviour: two writers on one file)
      const code = await new Promise((resolve) => {
        second.once('exit', resolve);
        second.stdout.on('data', () => {
          if (out.includes('listening on')) second.kill('SIGKILL');
        });
      });
      assert.equal(code, 1);
      assert.match(out, /in use by another pay-sandbox \(pid \d+\)/);
      assert.ok(out.includes(file), out);

      const made = await new SandboxControl(first.url, KEY).createCustomer(customer('first@example.com'));
      const saved = JSON.parse(readFileSync(file, 'utf8')) as { state: { customers: { $map: [string][] } } };
      assert.ok(
        saved.state.customers.$map.some(([id]) => id === made.id),
        'the answered customer is in the file',
      );
    } finally {
      first.process.kill('SIGTERM');
      await first.exited;
    }
    assert.equal(existsSync(`${file}.lock`), false, 'SIGTERM releases the lock');
  });

  it('takes over the lock of an emulator that was killed -9, and of a PID that is gone', async () => {
    const file = join(dir, 'stale.json');
    const first = await startCli(['--data', file]);
    const made = await new SandboxControl(first.url, KEY).createCustomer(customer('stale@example.com'));
    first.process.kill('SIGKILL');
    await first.exited;
    assert.equal(readFileSync(`${file}.lock`, 'utf8').trim(), String(first.process.pid), 'the lock is left');
    const second = await startCli(['--data', file]);
    try {
      const response = await fetch(`${second.url}/v1/customers/${made.id}`, {
        headers: { 'x-api-key': KEY },
      });
      assert.equal(response.status, 200);
    } finally {
      second.process.kill('SIGTERM');
      await second.exited;
    }
    writeFileSync(`${file}.lock`, 'not a pid\n');
    const h = await boot({ dataFile: file });
    await h.sandbox.close();
  });
});
