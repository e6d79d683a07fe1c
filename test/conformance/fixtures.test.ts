// The seed: deterministic (the same start gives the same data), realistic, and matching the ids the
// package exports for tests and demos.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  CardSecret,
  Customer,
  Invoice,
  InvoiceView,
  PaymentLink,
  Transaction,
  Wallet,
} from '@pay-elements/api';
import { fixtures } from '@pay-elements/sandbox';
import { boot, expectOk, expectPage, type Harness } from './helpers.js';

const reads = [
  '/v1/customers?size=100',
  '/v1/wallets',
  '/v1/virtual-accounts',
  '/v1/invoices?size=100',
  '/v1/links?size=100',
  '/v1/transactions?size=100',
  '/v1/transactions?export=csv',
  ...Object.values(fixtures.cards).map((c) => `/v1/cards/${c.id}/events`),
  ...Object.values(fixtures.invoices).map((i) => `/v1/invoices/view/${i.number}`),
];

describe('fixtures', () => {
  let a: Harness;
  let b: Harness;
  before(async () => {
    [a, b] = await Promise.all([boot(), boot()]);
  });
  after(() => Promise.all([a.sandbox.close(), b.sandbox.close()]));

  it('are the same for the same start, and again after a reset', async () => {
    const first = await Promise.all(reads.map(async (p) => (await a.call(p)).text));
    const second = await Promise.all(reads.map(async (p) => (await b.call(p)).text));
    assert.deepEqual(second, first);
    await a.control.reset();
    const third = await Promise.all(reads.map(async (p) => (await a.call(p)).text));
    assert.deepEqual(third, first);
  });

  it('hold customers in five countries with full meta', async () => {
    const customers = expectPage(await a.call('/v1/customers?size=100'), Customer).items;
    assert.deepEqual([...new Set(customers.map((c) => c.country_code))].sort(), [
      'GHA',
      'KEN',
      'NGA',
      'USA',
      'ZAF',
    ]);
    for (const [name, fixture] of Object.entries(fixtures.customers)) {
      const customer = customers.find((c) => c.id === fixture.id);
      assert.ok(customer, name);
      assert.equal(customer.email, fixture.email);
      assert.match(customer.dial_code, /^\+\d+$/);
      assert.match(customer.phone, /^\d{7,}$/);
      const { meta } = customer;
      for (const value of [
        meta.date_of_birth,
        meta.most_recent_occupation,
        meta.document.number,
        meta.address.street,
        meta.address.city,
      ])
        assert.notEqual(value, '', `${name} has full meta`);
    }
  });

  it('match the exported ids and values', async () => {
    const wallets = expectOk(await a.call('/v1/wallets'), Wallet.array());
    for (const w of Object.values(fixtures.wallets))
      assert.equal(wallets.find((x) => x.id === w.id)?.balance, w.balance);
    for (const fixture of Object.values(fixtures.invoices)) {
      const invoice = expectOk(await a.call(`/v1/invoices/view/${fixture.number}`), InvoiceView);
      assert.deepEqual(
        [invoice.id, invoice.subtotal, invoice.total, invoice.status, invoice.payment_details.currency],
        [fixture.id, fixture.subtotal, fixture.total, fixture.status, fixture.currency],
      );
    }
    const links = expectPage(await a.call('/v1/links'), PaymentLink).items;
    for (const fixture of Object.values(fixtures.links))
      assert.equal(links.find((l) => l.id === fixture.id)?.status, fixture.status);
    for (const card of Object.values(fixtures.cards)) {
      const secret = expectOk(await a.call(`/v1/cards/${card.id}/reveal`), CardSecret);
      assert.equal(secret.number, card.number);
      assert.equal(luhnValid(secret.number), true, `${card.id} number passes the Luhn check`);
    }
    const transactions = expectPage(await a.call('/v1/transactions'), Transaction).items;
    for (const t of Object.values(fixtures.transactions))
      assert.equal(transactions.find((x) => x.id === t.id)?.ref, t.ref);
    const invoices = expectPage(await a.call('/v1/invoices'), Invoice).items;
    assert.ok(invoices.every((i) => i.items.length > 0));
  });
});

function luhnValid(number: string): boolean {
  let sum = 0;
  [...number].reverse().forEach((c, i) => {
    let d = Number(c);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  });
  return sum % 10 === 0;
}
