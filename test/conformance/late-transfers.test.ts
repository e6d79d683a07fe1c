// Late transfers (`POST /_sandbox/transfers` with `settle_after_seconds`), as a bank's are: listed
// `processing` at once with no money moved and no webhook, then `success` (the wallet credited, the
// single-use account paid, its webhook sent) once that much time has passed on the emulator's clock.
// A transfer sent before the account expires pays it even when it settles after; while one settles
// the account takes no other. Real emulators on loopback, a real webhook receiver, a real state file.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import { DynamicAccount, Transaction } from '@pay-elements/api';
import { createClock, fixtures } from '@pay-elements/sandbox';
import {
  START,
  balanceOf,
  boot,
  expectFailure,
  expectOk,
  expectPage,
  expectValidation,
  receiver,
  type Harness,
} from './helpers.js';

const ada = fixtures.customers.ada;
const NGN = fixtures.wallets.NGN;
const dir = mkdtempSync(join(tmpdir(), 'pay-sandbox-late-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** Ada's transactions, newest first. */
async function adasTransactions(h: Harness) {
  return expectPage(await h.call(`/v1/transactions?customer_id=${ada.id}`), Transaction).items;
}

async function openAccount(h: Harness, lifespan = 30) {
  return expectOk(
    await h.call('/v1/virtual-accounts/dynamic', {
      method: 'POST',
      body: { customer_id: ada.id, amount: 5000, lifespan_minutes: lifespan },
    }),
    DynamicAccount,
  );
}

const sendLate = (h: Harness, account: string, seconds: unknown, amount = 5000) =>
  h.call('/_sandbox/transfers', {
    method: 'POST',
    body: { account_number: account, amount, settle_after_seconds: seconds },
  });

describe('late transfers', () => {
  let h: Harness;
  let hooks: Awaited<ReturnType<typeof receiver>>;
  before(async () => {
    hooks = await receiver(() => 204);
    h = await boot({ webhookUrl: hooks.url });
  });
  beforeEach(() => {
    h.sandbox.reset();
    hooks.received.length = 0;
  });
  after(async () => {
    await h.sandbox.close();
    await hooks.close();
  });

  it('lists a late transfer as processing at once, moving no money and sending no webhook', async () => {
    const account = await openAccount(h);
    const sent = expectOk(await sendLate(h, account.account_no, 300), Transaction);
    assert.equal(sent.status, 'processing');
    assert.equal(sent.amount, '5000.00');
    assert.equal(sent.payment_transfer.account_reference, account.reference);
    assert.deepEqual((await adasTransactions(h))[0], sent);
    assert.equal(await balanceOf(h, NGN.id), NGN.balance);
    await h.sandbox.flushWebhooks();
    assert.equal(hooks.received.length, 0);
    const csv = await h.call(`/v1/transactions?customer_id=${ada.id}&export=csv`);
    assert.match(csv.text, new RegExp(`^${sent.id},${sent.ref},5000.00,0.00,transfer,processing,`, 'm'));
  });

  it('settles when the clock reaches its time: success, the money, the webhook, the same id', async () => {
    const account = await openAccount(h);
    const sent = expectOk(await sendLate(h, account.account_no, 120), Transaction);
    await h.control.advanceClock(1);
    assert.equal((await adasTransactions(h))[0]?.status, 'processing', 'one minute of two');
    await h.sandbox.flushWebhooks();
    assert.equal(hooks.received.length, 0);
    await h.control.advanceClock(1);
    const [settled] = await adasTransactions(h);
    assert.deepEqual(settled, { ...sent, status: 'success' });
    assert.equal(await balanceOf(h, NGN.id), '5005000.00');
    await h.sandbox.flushWebhooks();
    assert.equal(hooks.received.length, 1);
    const event = JSON.parse(hooks.received[0]?.body ?? '{}') as {
      type: string;
      data: { transaction: Transaction; account_reference: string };
    };
    assert.equal(event.type, 'virtual_account.credited');
    assert.deepEqual(event.data.transaction, settled);
    assert.equal(event.data.account_reference, account.reference);
    // once settled, the account is paid: it takes nothing more
    expectFailure(
      await h.call('/_sandbox/transfers', {
        method: 'POST',
        body: { account_number: account.account_no, amount: 5000 },
      }),
      400,
      'account has already been paid',
    );
  });

  it('pays a single-use account when a transfer sent in time settles after its expiry', async () => {
    const account = await openAccount(h, 30);
    await h.control.advanceClock(29);
    expectOk(await sendLate(h, account.account_no, 180), Transaction);
    await h.control.advanceClock(2); // the account has expired; the transfer is on its way
    assert.equal((await adasTransactions(h))[0]?.status, 'processing');
    const overview = await h.control.accounts();
    assert.equal(overview.find((a) => a.account_number === account.account_no)?.state, 'expired');
    await h.control.advanceClock(1);
    assert.equal((await adasTransactions(h))[0]?.status, 'success');
    const paid = await h.control.accounts();
    assert.equal(paid.find((a) => a.account_number === account.account_no)?.state, 'paid');
  });

  it('takes no other transfer into a single-use account while one settles', async () => {
    const account = await openAccount(h);
    expectOk(await sendLate(h, account.account_no, 60), Transaction);
    for (const late of [undefined, 30]) {
      const body: Record<string, unknown> = { account_number: account.account_no, amount: 5000 };
      if (late !== undefined) body['settle_after_seconds'] = late;
      expectFailure(
        await h.call('/_sandbox/transfers', { method: 'POST', body }),
        400,
        'account has a transfer settling',
      );
    }
    await h.control.advanceClock(1);
    assert.equal(await balanceOf(h, NGN.id), '5005000.00', 'one payment, not two');
  });

  it('settles on real time on a running emulator', async () => {
    const live = await boot({ clock: createClock({ start: START }), webhookUrl: hooks.url });
    try {
      const account = await openAccount(live);
      expectOk(await sendLate(live, account.account_no, 1), Transaction);
      await hooks.count(1); // the timer lands it, with no request asking
      assert.equal((await adasTransactions(live))[0]?.status, 'success');
    } finally {
      await live.sandbox.close();
    }
  });

  it('refuses a settling time that is not a whole number of seconds from 1 to 86400', async () => {
    const account = await openAccount(h);
    const before = (await adasTransactions(h)).length;
    const message = 'must be a whole number of seconds from 1 to 86400';
    for (const seconds of [0, -5, 1.5, 86_401, '60', null, true]) {
      assert.deepEqual(
        expectValidation(await sendLate(h, account.account_no, seconds)),
        { settle_after_seconds: [message] },
        `settle_after_seconds ${JSON.stringify(seconds)}`,
      );
    }
    assert.equal((await adasTransactions(h)).length, before, 'nothing listed');
  });
});

describe('late transfers in the state file', () => {
  it('keeps a transfer settling across a restart, and settles it after', async () => {
    const file = join(dir, 'late.json');
    const frozen = () => createClock({ frozen: true, start: START });
    let h = await boot({ dataFile: file, clock: frozen() });
    const account = await openAccount(h);
    const sent = expectOk(await sendLate(h, account.account_no, 600), Transaction);
    await h.sandbox.close();
    h = await boot({ dataFile: file, clock: frozen() });
    try {
      assert.deepEqual((await adasTransactions(h))[0], sent);
      expectFailure(
        await h.call('/_sandbox/transfers', {
          method: 'POST',
          body: { account_number: account.account_no, amount: 5000 },
        }),
        400,
        'account has a transfer settling',
      );
      await h.control.advanceClock(10);
      assert.deepEqual((await adasTransactions(h))[0], { ...sent, status: 'success' });
      assert.equal(await balanceOf(h, NGN.id), '5005000.00');
    } finally {
      await h.sandbox.close();
    }
  });
});
