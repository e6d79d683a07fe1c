// Every method of the client against the emulator over loopback: what comes back is the typed, parsed
// record, and the state the emulator holds afterwards is what the call should have left.
import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ApiError, type PayClient, type Wallet } from '@pay-elements/api';
import { collect, field, startEmulator, type Emulator } from './harness.js';

let emulator: Emulator;
let pay: PayClient;

before(async () => {
  emulator = await startEmulator();
});
after(() => emulator.close());
beforeEach(async () => {
  await emulator.control('/reset');
  pay = emulator.client().pay;
});

async function newCustomer(email = 'ada@example.com'): Promise<string> {
  const customer = await emulator.control('/customers', {
    email,
    first_name: 'Ada',
    last_name: 'Obi',
    country_code: 'NGA',
    phone: '8012345678',
    dial_code: '+234',
  });
  return field(customer, 'id');
}

async function wallet(currency: string): Promise<Wallet> {
  const found = (await pay.wallets.list()).find((w) => w.currency === currency);
  assert.ok(found, `a ${currency} wallet`);
  return found;
}

const invoiceParams = {
  email: 'buyer@example.com',
  note: 'Thanks for your business',
  items: [
    { name: 'Tea', unit_price: 1500, quantity: 2, currency: 'NGN', total: 3000 },
    { name: 'Cake', unit_price: 2000, quantity: 1, currency: 'NGN', total: 2000 },
  ],
  payment_schedule: { type: 'one_time', due_date: '2030-01-31T00:00:00Z', send_date: '2030-01-01T00:00:00Z' },
};

describe('banks', () => {
  it('lists at least five banks of each seeded country', async () => {
    for (const country of ['NG', 'GH', 'KE', 'ZA', 'US']) {
      const banks = await pay.banks.list(country);
      assert.ok(banks.length >= 5, `${country}: ${banks.length} banks`);
      assert.ok(banks.every((b) => b.code !== '' && b.name !== ''));
    }
  });

  it('suggests the bank an account number was paid through', async () => {
    const [bank] = await pay.banks.list('NG');
    assert.ok(bank);
    const ngn = await wallet('NGN');
    await pay.payments.send({
      from_amount: 10,
      from_wallet_id: ngn.id,
      to_currency: 'NGN',
      payment_method: 'bank_transfer',
      info: { account_number: '0123456789', bank_code: bank.code, account_name: 'Ada Obi' },
    });
    const suggestions = await pay.banks.suggest({ account_number: '0123456789' });
    assert.ok(suggestions.some((s) => s.bank_code === bank.code && s.bank_name === bank.name));
  });
});

describe('payments and wallets', () => {
  it('lists active wallets in NGN, USD, GHS and KES', async () => {
    const wallets = await pay.wallets.list();
    for (const currency of ['NGN', 'USD', 'GHS', 'KES'])
      assert.ok(
        wallets.some((w) => w.currency === currency && w.status === 'active'),
        currency,
      );
  });

  it('sends a bank transfer and debits the wallet', async () => {
    const [bank] = await pay.banks.list('NG');
    assert.ok(bank);
    const before = await wallet('NGN');
    const result = await pay.payments.send({
      from_amount: 250.5,
      from_wallet_id: before.id,
      to_currency: 'NGN',
      payment_method: 'bank_transfer',
      info: { account_number: '0123456789', bank_code: bank.code, account_name: 'Ada Obi' },
    });
    assert.equal(result.from_amount, 250.5);
    assert.equal(result.method, 'bank_transfer');
    assert.equal(result.from_currency.toUpperCase(), 'NGN');
    const after = await wallet('NGN');
    assert.ok(Number(before.balance) - Number(after.balance) >= 250.5);
    const { items } = await pay.transactions.list({ size: 100 });
    assert.ok(items.some((t) => t.ref === result.transaction_ref));
  });
});

describe('invoices', () => {
  it('creates an invoice, finds it in the list and views it with payment details', async () => {
    const invoice = await pay.invoices.create(invoiceParams);
    assert.equal(invoice.status, 'pending');
    assert.equal(invoice.subtotal, '5000.00');
    assert.equal(invoice.note, invoiceParams.note);
    const page = await pay.invoices.list({ filter: `invoice_number:${invoice.invoice_number}` });
    assert.deepEqual(
      page.items.map((i) => i.id),
      [invoice.id],
    );
    const view = await pay.invoices.view(invoice.invoice_number);
    assert.equal(view.id, invoice.id);
    assert.equal(view.total, invoice.total);
    assert.ok(view.payment_details.account_number.length > 0);
  });

  it('iterates over several pages, each invoice once', async () => {
    for (let i = 0; i < 5; i++) await pay.invoices.create({ ...invoiceParams, email: `b${i}@example.com` });
    const { total } = await pay.invoices.list();
    const all = await collect(pay.invoices.iterate({ size: 2 }));
    assert.ok(total >= 5);
    assert.equal(all.length, total);
    assert.equal(new Set(all.map((i) => i.id)).size, total);
  });
});

describe('virtual accounts', () => {
  it('creates permanent accounts and lists them by customer and currency', async () => {
    const customerId = await newCustomer();
    const created = await pay.virtualAccounts.create({
      customer_id: customerId,
      currency: 'NGN',
      id_number: '22212345678',
    });
    assert.equal(created.customer_id, customerId);
    assert.ok(created.accounts.length > 0);
    const listed = await pay.virtualAccounts.list({ customer_id: customerId, currency: 'NGN' });
    const numbers = listed.map((a) => a.account_number);
    for (const account of created.accounts) assert.ok(numbers.includes(account.account_number));
  });

  it('opens a customer’s accounts once per currency, adopts them by the list, and finds their credits', async () => {
    const customerId = await newCustomer('funding@example.com');
    const usBanks = await pay.banks.list('US');
    const usd = await pay.virtualAccounts.create({
      customer_id: customerId,
      currency: 'USD',
      codes: usBanks.slice(0, 2).map((b) => b.code),
    });
    const ngn = await pay.virtualAccounts.create({
      customer_id: customerId,
      currency: 'NGN',
      id_number: '22212345678',
    });
    assert.equal(usd.accounts.length, 2);
    for (const account of usd.accounts) {
      assert.ok(account.swift_code && account.bank_address && account.wire_routing_number, account.bank_name);
    }
    // what a kit that lost the creation's answer finds: every account, the first one the default
    const adopted = await pay.virtualAccounts.list({ customer_id: customerId, currency: 'usd' });
    assert.deepEqual(
      adopted.map((a) => [a.account_number, a.default, a.meta.swift_code, a.meta.ach_routing_number]),
      usd.accounts.map((a, i) => [a.account_number, i === 0, a.swift_code, a.ach_routing_number]),
    );
    const ngnAccount = ngn.accounts[0];
    assert.ok(ngnAccount);
    await emulator.control('/transfers', { account_number: ngnAccount.account_number, amount: 2500.5 });
    await emulator.control('/transfers', { account_number: usd.accounts[1]?.account_number, amount: 40 });
    const credits = await collect(pay.transactions.iterate({ customer_id: customerId }));
    assert.deepEqual(
      credits.map((t) => [t.payment_transfer.account_number, t.amount, t.payment_transfer.account_reference]),
      [
        [usd.accounts[1]?.account_number, '40.00', usd.reference],
        [ngnAccount.account_number, '2500.50', ngn.reference],
      ],
      'newest first, each naming the account credited',
    );
  });

  it('creates a single-use account that takes its exact amount once', async () => {
    const customerId = await newCustomer();
    const account = await pay.virtualAccounts.createDynamic({
      customer_id: customerId,
      amount: 5000,
      lifespan_minutes: 30,
    });
    assert.equal(account.amount, 5000);
    assert.equal(account.customer_id, customerId);
    assert.equal(Date.parse(account.expires_at) - Date.parse(account.created_at), 30 * 60_000);
    await assert.rejects(
      emulator.control('/transfers', { account_number: account.account_no, amount: 4999 }),
    );
    await emulator.control('/transfers', { account_number: account.account_no, amount: 5000 });
    await assert.rejects(
      emulator.control('/transfers', { account_number: account.account_no, amount: 5000 }),
    );
    const credits = await pay.transactions.list({ customer_id: customerId });
    assert.ok(credits.items.some((t) => Number(t.amount) === 5000));
  });
});

describe('customers', () => {
  it('lists, iterates and retrieves customers', async () => {
    const id = await newCustomer('grace@example.com');
    const page = await pay.customers.list({ size: 2 });
    assert.ok(page.items.length <= 2);
    const all = await collect(pay.customers.iterate({ size: 2 }));
    assert.equal(all.length, page.total);
    assert.ok(all.some((c) => c.id === id));
    const customer = await pay.customers.retrieve(id);
    assert.equal(customer.email, 'grace@example.com');
    assert.equal(customer.dial_code, '+234');
  });
});

describe('transactions and links', () => {
  it('pages, iterates and exports transactions as CSV', async () => {
    const page = await pay.transactions.list({ size: 1 });
    assert.ok(page.total >= 2, 'seeded transactions');
    const all = await collect(pay.transactions.iterate({ size: 1 }));
    assert.equal(all.length, page.total);
    const csv = await pay.transactions.exportCsv();
    const lines = csv.trim().split(/\r?\n/);
    assert.equal(lines.length, page.total + 1);
    assert.match(lines[0] ?? '', /\bref\b/);
    for (const t of all) assert.ok(csv.includes(t.ref), `CSV has ${t.ref}`);
  });

  it('lists and iterates payment links', async () => {
    const page = await pay.links.list();
    assert.ok(page.items.length > 0);
    const all = await collect(pay.links.iterate({ size: 1 }));
    assert.equal(all.length, page.total);
    assert.ok(all.every((l) => l.url.length > 0));
  });
});

describe('cards', () => {
  async function newCard(): Promise<string> {
    const customerId = await newCustomer();
    return field(
      await emulator.control('/cards', { customer_id: customerId, currency: 'usd', balance: 100 }),
      'card_id',
    );
  }

  it('withdraws into the USD wallet and records the event', async () => {
    const cardId = await newCard();
    const before = await wallet('USD');
    const withdrawal = await pay.cards.withdraw(cardId, { currency: 'usd', amount: 25 });
    assert.equal(withdrawal.card_id, cardId);
    assert.equal(Number(withdrawal.amount), 25);
    const after = await wallet('USD');
    assert.equal(Number(after.balance) - Number(before.balance), 25);
    const events = await pay.cards.events(cardId);
    assert.ok(
      events.items.some((e) => e.type === 'withdraw_card' && e.event_id === withdrawal.transaction_reference),
    );
    const all = await collect(pay.cards.iterateEvents(cardId, { size: 1 }));
    assert.equal(all.length, events.total);
    assert.ok(all.some((e) => e.type === 'create_card'));
  });

  it('reveals, freezes and unfreezes a card', async () => {
    const cardId = await newCard();
    const secret = await pay.cards.reveal(cardId);
    assert.match(secret.number, /^\d{12,19}$/);
    assert.match(secret.cvv, /^\d{3,4}$/);
    assert.equal(await pay.cards.freeze(cardId), undefined);
    assert.equal(await pay.cards.unfreeze(cardId), undefined);
    // Unfrozen now: a second unfreeze is refused.
    await assert.rejects(
      pay.cards.unfreeze(cardId),
      (e: unknown) => e instanceof ApiError && e.status === 400,
    );
  });
});
