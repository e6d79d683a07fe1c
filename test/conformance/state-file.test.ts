// State in a file: `startSandbox({dataFile})` and `pay-sandbox --data FILE` keep customers, accounts,
// transactions, cards, invoices, links, the delivery log and the clock across restarts, and a
// `kill -9` right after an answered change loses nothing (each change is saved before the answer);
// and one file serves one emulator at a time (a second refuses to start; a dead one's lock is taken).
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, describe, it } from 'node:test';
import {
  Customer,
  DynamicAccount,
  Invoice,
  PaymentLink,
  PaymentResult,
  Transaction,
  VirtualAccountCreation,
  page,
} from '@pay-elements/api';
import { createClock, fixtures, SandboxControl } from '@pay-elements/sandbox';
import { boot, expectFailure, expectOk, KEY, receiver, START, type Harness } from './helpers.js';

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

describe("the state file's journal", () => {
  const journal = (file: string) => `${file}.journal`;
  const lines = (file: string) => readFileSync(journal(file), 'utf8').split('\n').slice(0, -1);
  const customer = (email: string) => ({
    email,
    first_name: 'Journal',
    last_name: 'Line',
    country_code: 'GHA' as const,
  });

  it('adds one line of what changed per change, leaves the file alone, and folds the journal in now and then', async () => {
    const file = join(dir, 'journal.json');
    const h = await boot({ dataFile: file, clock: frozen() });
    try {
      const snapshot = readFileSync(file, 'utf8');
      const { id } = JSON.parse(snapshot) as { id: string };
      assert.deepEqual(
        lines(file).map((l) => JSON.parse(l) as unknown),
        [{ journal: 1, snapshot: id }],
      );
      const credit = await h.control.transfer({
        account_number: fixtures.virtualAccounts.adaNgn.account_number,
        amount: 125,
      });
      assert.equal(readFileSync(file, 'utf8'), snapshot, 'the file is not rewritten for a change');
      const [, line] = lines(file);
      assert.ok(line);
      const change = JSON.parse(line) as Record<string, Record<string, unknown>>;
      assert.deepEqual(Object.keys(change).sort(), ['append', 'clock_offset_ms', 'set']);
      assert.deepEqual(Object.keys(change.set ?? {}), ['wallets'], 'the wallet credited, alone');
      assert.deepEqual(
        (change.append?.transactions as { items: { transaction: { id: string } }[] }).items.map(
          (t) => t.transaction.id,
        ),
        [credit.id],
      );
      assert.ok(line.length < snapshot.length / 10, `${line.length} bytes against ${snapshot.length}`);
      // nothing changed, nothing written
      expectOk(await h.call('/v1/customers?size=100'), page(Customer));
      assert.equal(lines(file).length, 2);

      // the journal folds into a new snapshot once it is as large as the file (64 kB at least)
      let made = 0;
      while (readFileSync(file, 'utf8') === snapshot) {
        await h.control.createCustomer(customer(`fold${(made += 1)}@example.com`));
        assert.ok(made < 1_000, 'the journal is folded in');
      }
      assert.ok(made > 20, `a new snapshot every ${made} changes, not every one`);
      const folded = JSON.parse(readFileSync(file, 'utf8')) as { id: string };
      assert.notEqual(folded.id, id);
      assert.deepEqual(
        lines(file).map((l) => JSON.parse(l) as unknown),
        [{ journal: 1, snapshot: folded.id }],
      );
    } finally {
      await h.sandbox.close();
    }
    assert.equal(existsSync(journal(file)), false, 'closed: the file alone holds the state');
    const again = await boot({ dataFile: file, clock: frozen() });
    try {
      const customers = expectOk(await again.call('/v1/customers?size=100'), page(Customer)).items;
      assert.ok(customers.some((c) => c.email === 'fold1@example.com'));
    } finally {
      await again.sandbox.close();
    }
  });

  it('ignores a last line cut short, and a journal of an older snapshot; refuses a broken line, naming it', async () => {
    const file = join(dir, 'torn.json');
    const h = await boot({ dataFile: file, clock: frozen() });
    const kept = await h.control.createCustomer(customer('kept@example.com'));
    const cut = await h.control.createCustomer(customer('cut@example.com'));
    // the crash image: the file and its journal as they are now, the last line half written
    const image = join(dir, 'torn-image.json');
    copyFileSync(file, image);
    const text = readFileSync(journal(file), 'utf8');
    const last = text.slice(0, -1).lastIndexOf('\n') + 1;
    writeFileSync(journal(image), text.slice(0, last + Math.floor((text.length - last) / 2)));
    await h.sandbox.close();

    let restarted = await boot({ dataFile: image, clock: frozen() });
    try {
      expectOk(await restarted.call(`/v1/customers/${kept.id}`), Customer);
      expectFailure(await restarted.call(`/v1/customers/${cut.id}`), 404, 'customer was not found');
    } finally {
      await restarted.sandbox.close();
    }

    // a crash between a new snapshot and the journal's fresh start: the old journal is ignored
    const older = join(dir, 'older.json');
    copyFileSync(image, older);
    writeFileSync(
      journal(older),
      [
        JSON.stringify({ journal: 1, snapshot: 'an-older-snapshot' }),
        JSON.stringify({ clock_offset_ms: 0, delete: { customers: [kept.id] } }),
        '',
      ].join('\n'),
    );
    restarted = await boot({ dataFile: older, clock: frozen() });
    try {
      expectOk(await restarted.call(`/v1/customers/${kept.id}`), Customer);
    } finally {
      await restarted.sandbox.close();
    }

    const broken = join(dir, 'broken-line.json');
    copyFileSync(image, broken);
    const { id } = JSON.parse(readFileSync(broken, 'utf8')) as { id: string };
    writeFileSync(
      journal(broken),
      [
        JSON.stringify({ journal: 1, snapshot: id }),
        '{"clock_offset_ms": 0}',
        JSON.stringify({ clock_offset_ms: 0, set: { wallets: [['wal_ngn_main', { id: 'wal_ngn_main' }]] } }),
        '',
      ].join('\n'),
    );
    await assert.rejects(
      boot({ dataFile: broken, clock: frozen() }),
      (e: unknown) =>
        e instanceof Error &&
        e.name === 'StateFileError' &&
        e.message.includes(`${broken}.journal is refused at line 3`) &&
        e.message.includes('currency'),
    );
    writeFileSync(journal(broken), [JSON.stringify({ journal: 1, snapshot: id }), 'not json', ''].join('\n'));
    await assert.rejects(boot({ dataFile: broken, clock: frozen() }), /refused at line 2: not valid JSON/);
  });

  it('brings back every kind of change from the journal alone, as a crash right after it would leave it', async () => {
    const hooks = await receiver((n) => (n === 1 ? 500 : n === 2 ? 410 : 204));
    const file = join(dir, 'every-kind.json');
    const h = await boot({ dataFile: file, clock: frozen(), webhookUrl: hooks.url });
    let images = 0;
    /** The file and its journal copied as they are (a crash now), started: what it answers. */
    const crashImage = async () => {
      const image = join(dir, `every-kind-${(images += 1)}.json`);
      copyFileSync(file, image);
      copyFileSync(journal(file), journal(image));
      return boot({ dataFile: image, clock: frozen() });
    };
    const post = async (path: string, body?: unknown, method = 'POST') => {
      const answer = await h.call(path, { method, ...(body === undefined ? {} : { body }) });
      assert.equal(answer.status, 200, `${method} ${path}: ${answer.text}`);
      return answer;
    };
    const ada = fixtures.customers.ada.id;
    const payment = {
      from_amount: 10,
      from_wallet_id: fixtures.wallets.NGN.id,
      to_currency: 'NGN',
      payment_method: 'bank_transfer',
      info: { account_number: '0099887766', bank_code: '057', account_name: 'Zed Zenith' },
      reference: 'every-kind-1',
    };
    let someone = '';
    let card = '';
    let invoice = '';
    const steps: [string, () => Promise<unknown>][] = [
      [
        'a customer',
        async () => (someone = (await h.control.createCustomer(customer('every@example.com'))).id),
      ],
      [
        'a card, its withdrawal (the first event, answered 500)',
        async () => {
          card = (await h.control.issueCard({ customer_id: someone, currency: 'USD', balance: 80 })).card_id;
          await post(`/v1/cards/${card}/withdraw`, { currency: 'USD', amount: 30 });
        },
      ],
      ['a card frozen', () => post(`/v1/cards/${fixtures.cards.adaUsd.id}/freeze`, undefined, 'PUT')],
      [
        'a card unfrozen',
        () => post(`/v1/cards/${fixtures.cards.thaboFrozen.id}/unfreeze`, undefined, 'PUT'),
      ],
      [
        'a single-use account paid (the second event, answered 410: the URL is disabled)',
        async () => {
          const account = expectOk(
            await post('/v1/virtual-accounts/dynamic', {
              customer_id: ada,
              amount: 900,
              lifespan_minutes: 30,
            }),
            DynamicAccount,
          );
          await h.control.transfer({ account_number: account.account_no, amount: 900 });
        },
      ],
      [
        'a permanent account credited',
        async () => {
          const created = expectOk(
            await post('/v1/virtual-accounts/create', {
              customer_id: someone,
              currency: 'USD',
              codes: ['121000248'],
            }),
            VirtualAccountCreation,
          );
          await h.control.transfer({ account_number: created.accounts[0]?.account_number ?? '', amount: 55 });
        },
      ],
      [
        'an invoice issued and paid',
        async () => {
          invoice = expectOk(
            await post('/v1/invoices', {
              email: 'every@example.com',
              items: [{ name: 'All', unit_price: 10, quantity: 3, currency: 'NGN', total: 30 }],
              payment_schedule: { type: 'one_time', due_date: '2025-02-01T00:00:00Z' },
            }),
            Invoice,
          ).invoice_number;
          await h.control.payInvoice(invoice);
        },
      ],
      ['a payment sent (a bank learnt)', () => post('/v1/payments/send', payment)],
      [
        'the disabling event redelivered (the URL enabled again)',
        async () => {
          const disabling = (await h.control.webhooks()).find((d) => d.last_status === 410);
          assert.ok(disabling);
          await h.control.redeliver(disabling.id);
        },
      ],
      ['the clock moved', () => h.control.advanceClock(45)],
      [
        'three reveals of a card',
        async () => {
          for (let i = 0; i < 3; i += 1)
            await post(`/v1/cards/${fixtures.cards.emilyUsd.id}/reveal`, undefined, 'GET');
        },
      ],
    ];
    const reads = () => [
      '/v1/customers?size=100',
      '/v1/wallets',
      '/v1/transactions?size=100',
      '/v1/invoices?size=100',
      '/v1/links',
      '/v1/virtual-accounts',
      '/_sandbox/accounts',
      '/_sandbox/webhooks',
      ...(card ? [`/v1/cards/${card}/events`] : []),
      ...(invoice ? [`/v1/invoices/view/${invoice}`] : []),
    ];
    try {
      for (const [name, step] of steps) {
        await step();
        await h.sandbox.flushWebhooks();
        const restored = await crashImage();
        try {
          for (const path of reads()) {
            const [was, is] = [await h.call(path), await restored.call(path)];
            assert.equal(is.status, 200, path);
            assert.deepEqual(is.json, was.json, `after ${name}: ${path}`);
          }
          const suggest = { account_number: '0099887766' };
          assert.deepEqual(
            (await restored.call('/v1/banks/suggest', { method: 'POST', body: suggest })).json,
            (await h.call('/v1/banks/suggest', { method: 'POST', body: suggest })).json,
            `after ${name}: the banks learnt`,
          );
          const moved = restored.sandbox.clock.now() - h.sandbox.clock.now();
          assert.ok(moved >= 0 && moved < 60_000, `after ${name}: the clock (${moved} ms ahead)`);
        } finally {
          await restored.sandbox.close();
        }
      }
      assert.ok(
        lines(file).length > steps.length,
        'all of it in the journal, the file untouched since the start',
      );

      // what no GET shows, asked of the running emulator and of the last crash image alike
      const restored = await crashImage();
      try {
        for (const target of [h, restored]) {
          const unfreeze = await target.call(`/v1/cards/${fixtures.cards.thaboFrozen.id}/unfreeze`, {
            method: 'PUT',
          });
          expectFailure(unfreeze, 400, 'card is not frozen');
          const frozen = await target.call(`/v1/cards/${fixtures.cards.adaUsd.id}/unfreeze`, {
            method: 'PUT',
          });
          assert.equal(frozen.status, 200, 'the frozen card is frozen still');
          // three reveals were made: seven more fill the minute's ten
          for (let i = 0; i < 7; i += 1)
            assert.equal((await target.call(`/v1/cards/${fixtures.cards.emilyUsd.id}/reveal`)).status, 200);
          assert.equal((await target.call(`/v1/cards/${fixtures.cards.emilyUsd.id}/reveal`)).status, 429);
          const withdraw = await target.call(`/v1/cards/${card}/withdraw`, {
            method: 'POST',
            body: { currency: 'USD', amount: 50.01 },
          });
          expectFailure(withdraw, 400, 'insufficient card balance');
        }
        assert.deepEqual(
          expectOk(
            await restored.call('/v1/payments/send', { method: 'POST', body: payment }),
            PaymentResult,
          ),
          expectOk(await h.call('/v1/payments/send', { method: 'POST', body: payment }), PaymentResult),
          'the same reference answers the first result',
        );
      } finally {
        await restored.sandbox.close();
      }
    } finally {
      await h.sandbox.close();
      await hooks.close();
    }
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
      // on disk before the answer: as the last line of the journal beside the file
      const last = readFileSync(`${file}.journal`, 'utf8').trimEnd().split('\n').at(-1) ?? '{}';
      const change = JSON.parse(last) as { set?: { customers?: [string][] } };
      assert.ok(
        change.set?.customers?.some(([id]) => id === made.id),
        'the answered customer is in the journal',
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
