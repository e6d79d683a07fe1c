// Permanent virtual accounts as a kit collecting into its customers' own accounts uses them: several
// banks per customer and currency through `codes`, a USD account's full wire details at every US bank
// (in the creation result and in the list's `meta`), the BVN an NGN account needs, a second creation
// adding accounts that the list (filtered by customer and currency, the first one `default`) shows
// all of, and transfers of any amount, as often as they come, each leaving one credit transaction and
// one signed `virtual_account.credited` event that name the account credited.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import {
  Bank,
  CreditedEvent,
  PermanentVirtualAccount,
  Transaction,
  VirtualAccountCreation,
  verifyWebhook,
} from '@pay-elements/api';
import { fixtures } from '@pay-elements/sandbox';
import { webhookSecretFor } from '../support/webhook-secret.js';
import {
  balanceOf,
  boot,
  expectFailure,
  expectOk,
  expectPage,
  expectValidation,
  receiver,
  type Harness,
  type Received,
} from './helpers.js';

const SECRET = webhookSecretFor('permanent-accounts');
const BVN = '22212345678';
const { ada, chinedu, emily, kwame } = fixtures.customers;

describe('permanent virtual accounts', () => {
  let h: Harness;
  let hooks: Awaited<ReturnType<typeof receiver>>;
  before(async () => {
    hooks = await receiver(() => 204);
    h = await boot({ webhookUrl: hooks.url, webhookSecret: SECRET });
  });
  beforeEach(() => {
    h.sandbox.reset();
    hooks.received.length = 0;
  });
  after(async () => {
    await h.sandbox.close();
    await hooks.close();
  });

  const create = async (body: Record<string, unknown>) =>
    expectOk(await h.call('/v1/virtual-accounts/create', { method: 'POST', body }), VirtualAccountCreation);
  const list = async (query: string) =>
    expectOk(await h.call(`/v1/virtual-accounts${query}`), PermanentVirtualAccount.array());
  const credits = async (customerId: string) =>
    expectPage(await h.call(`/v1/transactions?customer_id=${customerId}&size=100`), Transaction).items;
  /** A delivery's event, verified; a credit's read as the credited event it must be. */
  const event = (r: Received) =>
    CreditedEvent.parse(
      verifyWebhook({
        secret: SECRET,
        body: r.body,
        headers: r.headers,
        now: Math.floor(h.sandbox.clock.now() / 1000),
      }),
    );

  it('opens one account per bank code, lists them all, and says which one each transfer credited', async () => {
    const created = await create({
      customer_id: chinedu.id,
      currency: 'NGN',
      id_number: BVN,
      codes: ['058', '035', '101'],
    });
    assert.equal(created.customer_id, chinedu.id);
    assert.equal(created.currency, 'NGN');
    assert.match(created.reference, /^VA-[0-9A-F]{16}$/);
    assert.deepEqual(
      created.accounts.map((a) => [a.bank_code, a.bank_name, a.account_name]),
      [
        ['058', 'Guaranty Trust Bank', 'Acme Stores - Chinedu Eze'],
        ['035', 'Wema Bank', 'Acme Stores - Chinedu Eze'],
        ['101', 'Providus Bank', 'Acme Stores - Chinedu Eze'],
      ],
    );
    const numbers = created.accounts.map((a) => a.account_number);
    assert.ok(numbers.every((n) => /^\d{10}$/.test(n)));
    assert.equal(new Set(numbers).size, 3);

    const listed = await list(`?customer_id=${chinedu.id}&currency=NGN`);
    assert.deepEqual(
      listed.map((a) => [a.account_number, a.bank_code, a.default, a.recommended, a.meta.currency]),
      [
        [numbers[0], '058', true, true, 'NGN'],
        [numbers[1], '035', false, false, 'NGN'],
        [numbers[2], '101', false, false, 'NGN'],
      ],
    );

    const sent: Transaction[] = [];
    for (const [i, number] of numbers.entries())
      sent.push(await h.control.transfer({ account_number: number, amount: 100 * (i + 1) }));
    await h.sandbox.flushWebhooks();
    const found = await credits(chinedu.id);
    assert.equal(found.length, 3);
    for (const [i, number] of numbers.entries()) {
      const credit = found.find((t) => t.id === sent[i]?.id);
      assert.ok(credit, `the credit to ${number} is listed`);
      assert.equal(credit.payment_transfer.account_number, number);
      assert.equal(credit.payment_transfer.bank_code, created.accounts[i]?.bank_code);
      assert.equal(credit.payment_transfer.account_reference, created.reference);
      const received = hooks.received
        .map(event)
        .find((e) => e.type === 'virtual_account.credited' && e.data.transaction.id === credit.id);
      assert.ok(received, `an event for the credit to ${number}`);
      assert.equal(received.data.account_number, number);
      assert.deepEqual(received.data.transaction, credit);
    }
  });

  it('opens one account for a code named twice, and names a bad code where it was given', async () => {
    const created = await create({
      customer_id: chinedu.id,
      currency: 'NGN',
      id_number: BVN,
      codes: ['101', '101'],
    });
    assert.deepEqual(
      created.accounts.map((a) => a.bank_code),
      ['101'],
    );
    assert.deepEqual(
      expectValidation(
        await h.call('/v1/virtual-accounts/create', {
          method: 'POST',
          body: { customer_id: chinedu.id, currency: 'NGN', id_number: BVN, codes: ['101', '101', '999'] },
        }),
      ),
      { 'codes.2': ['is not a bank code of NG; see GET /v1/banks/NG'] },
    );
    assert.deepEqual(
      await list(`?customer_id=${chinedu.id}`).then((a) => a.length),
      1,
      'a refused creation opens nothing',
    );
  });

  it('gives a USD account at every US bank its routing numbers, SWIFT code and address, the same each time', async () => {
    const banks = expectOk(await h.call('/v1/banks/US'), Bank.array());
    assert.ok(banks.length >= 5);
    const created = await create({ customer_id: emily.id, currency: 'USD', codes: banks.map((b) => b.code) });
    const again = await create({ customer_id: ada.id, currency: 'USD', codes: banks.map((b) => b.code) });
    assert.equal(created.accounts.length, banks.length);
    const listed = await list(`?customer_id=${emily.id}&currency=USD`);
    for (const [i, bank] of banks.entries()) {
      const account = created.accounts[i];
      assert.ok(account);
      assert.equal(account.bank_name, bank.name);
      assert.match(account.ach_routing_number, /^\d{9}$/, `${bank.name}: ACH routing number`);
      assert.match(account.rtp_routing_number, /^\d{9}$/, `${bank.name}: RTP routing number`);
      assert.match(account.wire_routing_number, /^\d{9}$/, `${bank.name}: wire routing number`);
      assert.match(account.swift_code, /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, `${bank.name}: SWIFT code`);
      assert.match(account.bank_address, /^\d+ .+, [A-Z]{2} \d{5}$/, `${bank.name}: address`);
      assert.equal(account.bank_code, account.swift_code, 'a USD account’s bank code is its SWIFT code');
      const { account_number: _n, account_name: _a, ...details } = account;
      const { account_number: _m, account_name: _b, ...same } = again.accounts[i] ?? account;
      assert.deepEqual(same, details, `${bank.name}: the same details for every customer`);
      const entry = listed.find((a) => a.account_number === account.account_number);
      assert.ok(entry, `${bank.name}: listed`);
      assert.deepEqual(
        {
          bank_name: entry.bank_name,
          bank_code: entry.bank_code,
          ach_routing_number: entry.meta.ach_routing_number,
          rtp_routing_number: entry.meta.rtp_routing_number,
          wire_routing_number: entry.meta.wire_routing_number,
          swift_code: entry.meta.swift_code,
          bank_address: entry.meta.bank_address,
        },
        {
          bank_name: account.bank_name,
          bank_code: account.bank_code,
          ach_routing_number: account.ach_routing_number,
          rtp_routing_number: account.rtp_routing_number,
          wire_routing_number: account.wire_routing_number,
          swift_code: account.swift_code,
          bank_address: account.bank_address,
        },
      );
    }
    const chase = created.accounts.find((a) => a.bank_name === 'JPMorgan Chase Bank');
    assert.deepEqual(chase && [chase.swift_code, chase.wire_routing_number, chase.bank_address], [
      'CHASUS33',
      '021000021',
      '383 Madison Avenue, New York, NY 10179',
    ]);
    const partner = (await create({ customer_id: kwame.id, currency: 'USD' })).accounts;
    assert.deepEqual(
      partner.map((a) => [a.bank_name, a.bank_code, a.ach_routing_number, a.bank_address]),
      [['Citibank N.A.', 'CITIUS33', '021000089', '388 Greenwich Street, New York, NY 10013']],
      'without codes: the partner bank, with its details',
    );
  });

  it('needs an 11-digit BVN (`id_number`) for NGN accounts, and nothing of the kind for other currencies', async () => {
    for (const [id_number, message] of [
      [undefined, 'This field is required'],
      ['2221234567', 'must be an 11-digit BVN'],
      ['222123456789', 'must be an 11-digit BVN'],
      ['2221234567a', 'must be an 11-digit BVN'],
    ] as const) {
      assert.deepEqual(
        expectValidation(
          await h.call('/v1/virtual-accounts/create', {
            method: 'POST',
            body: { customer_id: chinedu.id, currency: 'ngn', ...(id_number ? { id_number } : {}) },
          }),
        ),
        { id_number: [message] },
      );
    }
    assert.deepEqual(await list(`?customer_id=${chinedu.id}`), [], 'a refused creation opens nothing');
    assert.equal(
      (await create({ customer_id: chinedu.id, currency: 'ngn', id_number: BVN })).currency,
      'NGN',
    );
    assert.equal((await create({ customer_id: kwame.id, currency: 'GHS' })).accounts.length, 1);
  });

  it('adds accounts on a second creation; the list shows them all, oldest first, the first one default', async () => {
    const first = await create({ customer_id: chinedu.id, currency: 'NGN', id_number: BVN });
    const second = await create({
      customer_id: chinedu.id,
      currency: 'NGN',
      id_number: BVN,
      codes: ['044', '057'],
    });
    assert.notEqual(second.reference, first.reference);
    const usd = await create({ customer_id: chinedu.id, currency: 'USD' });
    const other = await create({ customer_id: kwame.id, currency: 'GHS' });

    const ngn = await list(`?customer_id=${chinedu.id}&currency=NGN`);
    assert.deepEqual(
      ngn.map((a) => [a.account_number, a.default, a.recommended]),
      [
        [first.accounts[0]?.account_number, true, true],
        [second.accounts[0]?.account_number, false, false],
        [second.accounts[1]?.account_number, false, false],
      ],
    );
    assert.deepEqual(
      (await list(`?customer_id=${chinedu.id}&currency=ngn`)).map((a) => a.account_number),
      ngn.map((a) => a.account_number),
      'the currency filter ignores case',
    );
    const all = await list(`?customer_id=${chinedu.id}`);
    assert.deepEqual(
      all.map((a) => [a.account_number, a.meta.currency, a.default]),
      [
        ...ngn.map((a) => [a.account_number, 'NGN', a.default]),
        [usd.accounts[0]?.account_number, 'USD', true],
      ],
      'one default per currency',
    );
    const everyone = await list('?currency=GHS');
    assert.deepEqual(
      everyone.map((a) => a.account_number),
      [fixtures.virtualAccounts.kwameGhs.account_number, other.accounts[0]?.account_number],
    );
    assert.deepEqual(
      (await list(`?customer_id=${kwame.id}&currency=GHS`)).map((a) => [a.account_number, a.default]),
      [
        [fixtures.virtualAccounts.kwameGhs.account_number, true],
        [other.accounts[0]?.account_number, false],
      ],
      'the seeded account stays the default',
    );
    assert.deepEqual(await list(`?customer_id=${chinedu.id}&currency=KES`), []);
    assert.deepEqual(await list(`?customer_id=${fixtures.customers.thabo.id}`), []);
    expectFailure(
      await h.call('/v1/virtual-accounts?customer_id=cus_nobody&currency=NGN'),
      404,
      'customer was not found',
    );
  });

  it('takes any positive amount, as often as it comes: one credit and one event each', async () => {
    const creation = await create({ customer_id: emily.id, currency: 'USD', codes: ['121000248'] });
    const [account] = creation.accounts;
    assert.ok(account);
    const before = await credits(emily.id);
    const amounts = [0.01, 12345.67, 1, 1, 250];
    const made: Transaction[] = [];
    for (const amount of amounts)
      made.push(await h.control.transfer({ account_number: account.account_number, amount }));
    made.push(
      await h.control.transfer({
        account_number: account.account_number,
        amount: 75.5,
        sender_account_name: 'Jordan Lee',
        sender_bank_name: 'Bank of America',
      }),
    );
    await h.sandbox.flushWebhooks();

    const after = await credits(emily.id);
    assert.equal(after.length, before.length + made.length);
    // newest first
    assert.deepEqual(
      after.slice(0, made.length).map((t) => t.id),
      made.map((t) => t.id).reverse(),
    );
    assert.equal(await balanceOf(h, fixtures.wallets.USD.id), '37673.18');
    const created = made.at(-1);
    assert.ok(created);
    assert.equal(created.type, 'transfer');
    assert.equal(created.entry, 'credit');
    assert.equal(created.status, 'success');
    assert.equal(created.amount, '75.50');
    assert.equal(created.fee, '0.00');
    assert.equal(created.message, 'Transfer from Jordan Lee');
    assert.deepEqual(created.wallet, { id: fixtures.wallets.USD.id, currency: 'USD' });
    assert.deepEqual(created.payment_transfer, {
      account_number: account.account_number,
      account_reference: creation.reference,
      customer_id: emily.id,
      sender_account_name: 'Jordan Lee',
      sender_bank_name: 'Bank of America',
      bank_code: 'WFBIUS6S',
    });
    assert.deepEqual(
      {
        sender: made[0]?.payment_transfer.sender_account_name,
        bank: made[0]?.payment_transfer.sender_bank_name,
      },
      { sender: 'Sandbox Sender', bank: 'JPMorgan Chase Bank' },
      'a sender and a bank of the account’s country when the transfer names none',
    );

    const events = hooks.received.map(event);
    assert.equal(events.length, made.length, 'one event per credit');
    assert.equal(new Set(events.map((e) => e.id)).size, made.length);
    for (const [i, e] of events.entries()) {
      assert.equal(e.type, 'virtual_account.credited');
      const credit = made[i];
      assert.ok(credit);
      assert.deepEqual(e.data, {
        transaction: credit,
        account_number: account.account_number,
        account_reference: creation.reference,
        customer_id: emily.id,
        amount: credit.amount,
        currency: 'USD',
      });
      // exactly the documented fields, nothing the schema would drop
      const raw = JSON.parse(hooks.received[i]?.body ?? '{}') as { data: Record<string, unknown> };
      assert.deepEqual(Object.keys(raw.data).sort(), [
        'account_number',
        'account_reference',
        'amount',
        'currency',
        'customer_id',
        'transaction',
      ]);
    }
  });

  it('refuses a transfer of nothing, less than nothing, a fraction of a cent or beyond the limit', async () => {
    const account = fixtures.virtualAccounts.adaNgn.account_number;
    for (const amount of [0, -5, 1.005, 1e13]) {
      const fields = expectValidation(
        await h.call('/_sandbox/transfers', { method: 'POST', body: { account_number: account, amount } }),
      );
      assert.deepEqual(Object.keys(fields), ['amount'], `${amount}`);
      if (amount === 1.005)
        assert.deepEqual(fields.amount, ['must be an amount > 0 with at most 2 decimals']);
      if (amount === 1e13) assert.deepEqual(fields.amount, ['is too large']);
    }
    assert.equal(await balanceOf(h, fixtures.wallets.NGN.id), fixtures.wallets.NGN.balance);
  });

  it('shows permanent accounts on the dashboard’s list, where a transfer can be sent to one', async () => {
    const created = await create({
      customer_id: chinedu.id,
      currency: 'NGN',
      id_number: BVN,
      codes: ['035', '101'],
    });
    const overview = await h.control.accounts();
    for (const account of created.accounts) {
      assert.deepEqual(
        overview.find((a) => a.account_number === account.account_number),
        {
          account_number: account.account_number,
          account_name: 'Acme Stores - Chinedu Eze',
          bank_name: account.bank_name,
          kind: 'permanent',
          customer_id: chinedu.id,
          currency: 'NGN',
          amount: null,
          state: 'permanent',
          reference: created.reference,
          expires_at: null,
          created_at: null,
        },
      );
    }
    // as the dashboard sends it: same origin, JSON
    const sent = await h.call('/_sandbox/transfers', {
      method: 'POST',
      headers: { origin: h.sandbox.url, 'sec-fetch-site': 'same-origin' },
      body: { account_number: created.accounts[1]?.account_number, amount: 4200 },
    });
    const credit = expectOk(sent, Transaction);
    assert.equal(credit.payment_transfer.account_number, created.accounts[1]?.account_number);
    assert.equal(credit.payment_transfer.bank_code, '101');
  });
});
