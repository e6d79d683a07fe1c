// Customers, wallets, payment links and transactions: the pagination envelope's arithmetic, sort,
// filter, the CSV export, and the customer lookups.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Customer, PaymentLink, Transaction, Wallet, defaultConventions } from '@pay-elements/api';
import { fixtures } from '@pay-elements/sandbox';
import { boot, expectFailure, expectOk, expectPage, expectValidation, type Harness } from './helpers.js';

const seeded = Object.keys(fixtures.customers).length;

describe('lists', () => {
  let h: Harness;
  before(async () => {
    h = await boot();
    for (let i = 0; i < 25 - seeded; i++) {
      await h.control.createCustomer({
        email: `customer${i}@example.com`,
        first_name: `First${String(i).padStart(2, '0')}`,
        last_name: 'Tester',
        country_code: i % 2 ? 'gha' : 'NGA',
      });
    }
  });
  after(() => h.sandbox.close());

  it('pages 0-indexed with size default 20 and the arithmetic the spec shows', async () => {
    const first = expectPage(await h.call('/v1/customers'), Customer);
    assert.deepEqual(
      { ...first, items: first.items.length },
      {
        items: 20,
        page: 0,
        size: 20,
        max_page: 1,
        total_pages: 2,
        total: 25,
        last: false,
        first: true,
        visible: 20,
      },
    );
    const second = expectPage(await h.call('/v1/customers?page=1'), Customer);
    assert.deepEqual(
      { ...second, items: second.items.length },
      {
        items: 5,
        page: 1,
        size: 20,
        max_page: 1,
        total_pages: 2,
        total: 25,
        last: true,
        first: false,
        visible: 5,
      },
    );
    const ids = new Set([...first.items, ...second.items].map((c) => c.id));
    assert.equal(ids.size, 25, 'the two pages hold every customer once');
    const sevens = expectPage(await h.call('/v1/customers?size=7&page=3'), Customer);
    assert.deepEqual([sevens.visible, sevens.max_page, sevens.total_pages, sevens.last], [4, 3, 4, true]);
    const past = expectPage(await h.call('/v1/customers?page=9'), Customer);
    assert.deepEqual([past.visible, past.items.length, past.last, past.first], [0, 0, true, false]);
  });

  it('caps the size at 100 and refuses bad page parameters', async () => {
    const capped = expectPage(await h.call('/v1/customers?size=500'), Customer);
    assert.equal(capped.size, defaultConventions.pageSize.max);
    assert.equal(capped.visible, 25);
    assert.deepEqual(expectValidation(await h.call('/v1/customers?page=-1')), {
      page: ['must be an integer ≥ 0'],
    });
    assert.deepEqual(expectValidation(await h.call('/v1/customers?size=0')), {
      size: ['must be an integer ≥ 1'],
    });
    assert.deepEqual(expectValidation(await h.call('/v1/customers?sort=email')), {
      sort: ['must be `field,asc` or `field,desc`'],
    });
    assert.match(
      expectValidation(await h.call('/v1/customers?sort=meta,asc'))['sort']?.[0] ?? '',
      /cannot sort by meta/,
    );
    assert.match(
      expectValidation(await h.call('/v1/customers?filter=password:x'))['filter']?.[0] ?? '',
      /cannot filter by password/,
    );
    assert.deepEqual(expectValidation(await h.call('/v1/customers?filter=broken')), {
      filter: ['must be `field:value` pairs joined by `;`'],
    });
  });

  it('sorts and filters customers', async () => {
    const byName = expectPage(await h.call('/v1/customers?sort=first_name,asc&size=100'), Customer);
    const names = byName.items.map((c) => c.first_name);
    assert.deepEqual(names, [...names].sort());
    const desc = expectPage(await h.call('/v1/customers?sort=first_name,desc&size=100'), Customer);
    assert.deepEqual(
      desc.items.map((c) => c.first_name),
      [...names].reverse(),
    );
    const ghana = expectPage(await h.call('/v1/customers?filter=country_code:gha&size=100'), Customer);
    assert.ok(ghana.total >= 2 && ghana.items.every((c) => c.country_code === 'GHA'));
    const both = expectPage(
      await h.call(`/v1/customers?filter=${encodeURIComponent('country_code:NGA;last_name:okafor')}`),
      Customer,
    );
    assert.deepEqual(
      both.items.map((c) => c.id),
      [fixtures.customers.ada.id],
    );
  });

  it('fetches one customer, with full meta', async () => {
    const ada = expectOk(await h.call(`/v1/customers/${fixtures.customers.ada.id}`), Customer);
    assert.equal(ada.email, fixtures.customers.ada.email);
    assert.equal(ada.dial_code, '+234');
    assert.equal(ada.status, 'APPROVAL_PENDING');
    assert.match(ada.created_at, /\.\d{6}\+00:00$/);
    assert.equal(ada.meta.address.city, 'Lagos');
    assert.equal(ada.meta.document.country, 'NG');
    expectFailure(await h.call('/v1/customers/cus_nobody'), 404, 'customer was not found');
  });

  it('lists the wallets with decimal balances', async () => {
    const wallets = expectOk(await h.call('/v1/wallets'), Wallet.array());
    for (const fixture of Object.values(fixtures.wallets)) {
      assert.deepEqual(
        wallets.find((w) => w.id === fixture.id),
        { ...fixture, status: 'active' },
      );
    }
    assert.deepEqual(wallets.map((w) => w.currency).sort(), ['GHS', 'KES', 'NGN', 'USD', 'ZAR']);
  });

  it('lists payment links with integer statuses, and expires active ones on the clock', async () => {
    const links = expectPage(await h.call('/v1/links?sort=created_at,asc'), PaymentLink);
    const status = Object.fromEntries(links.items.map((l) => [l.id, l.status]));
    assert.deepEqual(status, {
      [fixtures.links.proMonthly.id]: 1,
      [fixtures.links.donation.id]: 1,
      [fixtures.links.workshop.id]: 0,
      [fixtures.links.blackFriday.id]: 2,
    });
    const active = expectPage(await h.call('/v1/links?filter=status:1'), PaymentLink);
    assert.equal(active.total, 2);
    const other = await boot();
    try {
      other.sandbox.clock.advance(31 * 24 * 3_600_000);
      const later = expectPage(await other.call('/v1/links?filter=status:1'), PaymentLink);
      assert.deepEqual(
        later.items.map((l) => l.id),
        [fixtures.links.donation.id],
      );
    } finally {
      await other.sandbox.close();
    }
  });

  it('lists transactions newest first, filters by customer, unknown customer 404', async () => {
    const list = expectPage(await h.call('/v1/transactions'), Transaction);
    const times = list.items.map((t) => Date.parse(t.created_at));
    assert.deepEqual(
      times,
      [...times].sort((a, b) => b - a),
    );
    const ada = expectPage(
      await h.call(`/v1/transactions?customer_id=${fixtures.customers.ada.id}`),
      Transaction,
    );
    assert.deepEqual(
      ada.items.map((t) => t.id),
      [fixtures.transactions.creditAda.id],
    );
    const debits = expectPage(await h.call('/v1/transactions?filter=entry:debit'), Transaction);
    assert.ok(debits.total >= 2 && debits.items.every((t) => t.entry === 'debit'));
    expectFailure(await h.call('/v1/transactions?customer_id=cus_nobody'), 404, 'customer was not found');
  });

  it('exports transactions as CSV with a header row', async () => {
    const answer = await h.call('/v1/transactions?export=csv&sort=created_at,asc');
    assert.equal(answer.status, 200);
    assert.match(answer.headers.get('content-type') ?? '', /^text\/csv/);
    const lines = answer.text.trimEnd().split('\r\n');
    assert.equal(
      lines[0],
      'id,ref,amount,fee,type,status,entry,message,created_at,currency,wallet_id,account_number,account_reference,customer_id',
    );
    const list = expectPage(await h.call('/v1/transactions?size=100'), Transaction);
    assert.equal(lines.length - 1, list.total, 'every transaction, whatever the page size');
    const ada = fixtures.virtualAccounts.adaNgn;
    assert.ok(
      lines.includes(
        `${fixtures.transactions.creditAda.id},${fixtures.transactions.creditAda.ref},50000.00,0.00,transfer,success,credit,Transfer from Tunde Bakare,2025-01-12T10:00:00Z,NGN,${fixtures.wallets.NGN.id},${ada.account_number},${ada.reference},${ada.customer_id}`,
      ),
    );
    const adaOnly = await h.call(`/v1/transactions?export=csv&customer_id=${ada.customer_id}`);
    assert.equal(adaOnly.text.trimEnd().split('\r\n').length, 2);
    assert.deepEqual(expectValidation(await h.call('/v1/transactions?export=pdf')), {
      export: ['must be csv'],
    });
  });

  it('quotes CSV cells that need it', async () => {
    const account = fixtures.virtualAccounts.emilyUsd;
    await h.control.transfer({
      account_number: account.account_number,
      amount: 5,
      sender_account_name: 'Doe, "JD" Jane',
    });
    const csv = await h.call(`/v1/transactions?export=csv&customer_id=${account.customer_id}`);
    assert.match(csv.text, /,"Transfer from Doe, ""JD"" Jane",/);
  });
});
