// The seed: a business ("Acme Stores") with wallets, customers in five markets, virtual accounts,
// invoices, payment links, cards and a short transaction history. Every id is fixed and every
// timestamp is relative to the seed time, so the same start gives the same data.
import type { CardEvent, Customer } from '@pay-elements/api';
import { DAY, MINUTE, isoOffset, isoZ } from './clock.js';
import { marketByAlpha3, marketByCurrency } from './data/countries.js';
import { move } from './ledger.js';
import { parseMinor } from './money.js';
import { learnBank } from './resources/banks.js';
import { createInvoice } from './resources/invoices.js';
import { LINK_ACTIVE, LINK_EXPIRED, LINK_INACTIVE } from './resources/links.js';
import { permanentEntry } from './resources/virtual-accounts.js';
import { Table, type CardRecord, type State, type WalletRecord } from './store.js';
import { people, type Person } from './data/people.js';
import { fixtures } from './fixtures.js';

function customerOf(person: Person, t0: number): Customer {
  const fixture = fixtures.customers[person.key];
  const market = marketByAlpha3(fixture.country_code);
  const alpha2 = market?.alpha2 ?? '';
  const created = t0 - person.joinedDaysAgo * DAY;
  return {
    id: fixture.id,
    email: fixture.email,
    first_name: person.first,
    last_name: person.last,
    country_code: fixture.country_code,
    phone: person.phone,
    dial_code: market?.dialCode ?? '',
    created_at: isoOffset(created),
    updated_at: isoOffset(created + 2 * DAY),
    status: 'APPROVAL_PENDING',
    meta: {
      date_of_birth: person.dob,
      employment_status: 'employed',
      expected_monthly_income: person.income,
      primary_purpose: 'payments',
      source_of_funds: 'salary',
      most_recent_occupation: person.occupation,
      providers: null,
      document: {
        docs: null,
        number: person.idNumber,
        country: alpha2,
        id_type: person.idType,
        valid_until: '2031-12-31',
        provider: 1,
        additional: null,
        gender: person.gender,
      },
      address: {
        street: person.street,
        city: person.city,
        state: person.region,
        country: alpha2,
        postal_code: person.postal,
        document: { id_type: 'UTILITY_BILL', issue_country: alpha2, urls: null },
      },
    },
  };
}

function amount(text: string): bigint {
  const value = parseMinor(text);
  if (value === null) throw new Error(`fixture amount ${text} is not a decimal`);
  return value;
}

function seedAccounts(state: State): void {
  for (const fixture of Object.values(fixtures.virtualAccounts)) {
    const customer = state.customers.get(fixture.customer_id);
    const market = marketByCurrency(fixture.currency);
    if (!customer || !market) continue;
    const name = `${state.business.name} - ${customer.first_name} ${customer.last_name}`;
    const id = `va_${fixture.reference.toLowerCase().replaceAll('-', '_')}`;
    state.permanentAccounts.push({
      customerId: customer.id,
      reference: fixture.reference,
      currency: market.currency,
      entry: permanentEntry(market.partnerBank, fixture.account_number, name, market.currency, true, id),
    });
  }
}

function seedInvoices(state: State, t0: number): void {
  const schedule = (dueInDays: number) => ({
    type: 'one_time',
    due_date: isoZ(t0 + dueInDays * DAY),
    send_date: isoZ(t0 - DAY),
    payment_methods: [{ id: 'bank_transfer', value: '035' }],
    reminders: true,
    reminder_timing: { type: 'before_due_date', days: 2 },
  });
  const { websiteRedesign, consulting, riceOrder } = fixtures.invoices;
  createInvoice(
    state,
    t0 - 6 * DAY,
    {
      email: fixtures.customers.ada.email,
      note: 'Thank you for your business. Payment is due within 14 days.',
      items: [
        { name: 'Website redesign', unit_price: 250000, quantity: 1, currency: 'NGN', total: 250000 },
        { name: 'Hosting (12 months)', unit_price: 45000, quantity: 1, currency: 'NGN', total: 45000 },
      ],
      charges: {
        discount: { amount: '10', type: 'percentage', enabled: true },
        tax: { amount: '7.5', type: 'percentage', enabled: true },
        shipping: { amount: '0', type: 'flat', enabled: false },
      },
      payment_schedule: schedule(8),
    },
    { id: websiteRedesign.id, number: websiteRedesign.number, accountNumber: '9012345671' },
  );
  const paid = createInvoice(
    state,
    t0 - 20 * DAY,
    {
      email: fixtures.customers.emily.email,
      note: 'Q3 advisory retainer.',
      items: [{ name: 'Consulting hours', unit_price: 120, quantity: 12.5, currency: 'USD', total: 1500 }],
      charges: {
        tax: { amount: '0', type: 'flat', enabled: true },
        fee: { amount: '25.00', type: 'flat', enabled: true },
      },
      payment_schedule: schedule(-6),
    },
    { id: consulting.id, number: consulting.number, accountNumber: '9012345672' },
  );
  paid.invoice = { ...paid.invoice, status: 'paid' };
  createInvoice(
    state,
    t0 - 2 * DAY,
    {
      email: fixtures.customers.kwame.email,
      items: [{ name: 'Bulk rice (50 kg bag)', unit_price: 850, quantity: 4, currency: 'GHS', total: 3400 }],
      charges: { shipping: { amount: '120.00', type: 'flat', enabled: true } },
      payment_schedule: schedule(12),
    },
    { id: riceOrder.id, number: riceOrder.number, accountNumber: '9012345673' },
  );
}

function seedLinks(state: State, t0: number): void {
  const link = (
    id: string,
    title: string,
    description: string,
    amountValue: number,
    status: number,
    createdDaysAgo: number,
    expiresInDays: number,
  ) => {
    const expiresAt = t0 + expiresInDays * DAY;
    state.links.push({
      expiresAt,
      link: {
        id,
        title,
        description,
        amount: amountValue,
        url: `https://pay.sandbox.local/l/${id.replace(/^lnk_/, '').replaceAll('_', '-')}`,
        status,
        expires_at: isoZ(expiresAt),
        created_at: isoZ(t0 - createdDaysAgo * DAY),
        updated_at: isoZ(t0 - createdDaysAgo * DAY + 30 * MINUTE),
      },
    });
  };
  const { proMonthly, donation, workshop, blackFriday } = fixtures.links;
  link(
    proMonthly.id,
    'Pro plan, monthly',
    'Acme Stores Pro: priority delivery and 5% off every order.',
    15000,
    LINK_ACTIVE,
    40,
    30,
  );
  link(
    donation.id,
    'Community kitchen donation',
    'Every naira feeds a family in Yaba this week.',
    5000,
    LINK_ACTIVE,
    12,
    60,
  );
  link(
    workshop.id,
    'Pricing workshop ticket',
    'One seat at the Saturday pricing workshop (paused).',
    25000,
    LINK_INACTIVE,
    25,
    20,
  );
  link(
    blackFriday.id,
    'Black Friday bundle',
    'Three-item bundle at the November price.',
    9999.99,
    LINK_EXPIRED,
    90,
    -3,
  );
}

function seedCards(state: State, t0: number): void {
  Object.values(fixtures.cards).forEach((fixture, i) => {
    const createdAt = t0 - (20 - i * 3) * DAY;
    const card: CardRecord = {
      id: fixture.id,
      customerId: fixture.customer_id,
      currency: fixture.currency,
      balance: amount(fixture.balance),
      frozen: fixture.frozen,
      number: fixture.number,
      cvv: fixture.cvv,
      expiryMonth: 9,
      expiryYear: new Date(t0).getUTCFullYear() + 3,
      createdAt,
      events: [],
      reveals: [],
    };
    const created: CardEvent = {
      event_id: `EVT-${fixture.id.toUpperCase().replaceAll('_', '-')}-0001`,
      amount: fixture.balance,
      merchant_name: state.business.name,
      created_at: isoZ(createdAt),
      description: 'Card created and funded',
      type: 'create_card',
      currency: fixture.currency,
      status: 'success',
      meta: {},
    };
    card.events.push(created);
    state.cards.set(card.id, card);
  });
}

function seedTransactions(state: State, t0: number, wallets: Record<string, WalletRecord>): void {
  const { knownRecipient: musa, transactions: t } = fixtures;
  const { NGN, KES, USD } = wallets;
  if (!NGN || !KES || !USD) return;
  move(state, t0 - 10 * DAY, {
    id: t.payoutMusa.id,
    ref: t.payoutMusa.ref,
    entry: 'debit',
    amount: amount('150000.00'),
    wallet: NGN,
    type: 'transfer',
    message: `Transfer to ${musa.account_name}`,
    paymentTransfer: {
      account_number: musa.account_number,
      bank_code: musa.bank_code,
      account_name: musa.account_name,
      bank_name: musa.bank_name,
      method: 'bank_transfer',
    },
  });
  learnBank(state, musa.account_number, { bank_code: '044', bank_name: 'Access Bank' });
  learnBank(state, musa.account_number, { bank_code: musa.bank_code, bank_name: musa.bank_name });
  move(state, t0 - 5 * DAY, {
    id: t.payoutKes.id,
    ref: t.payoutKes.ref,
    entry: 'debit',
    amount: amount('45000.00'),
    wallet: KES,
    type: 'transfer',
    message: 'Transfer to Njeri Wambui',
    paymentTransfer: {
      account_number: '0712345678901',
      bank_code: '68',
      account_name: 'Njeri Wambui',
      bank_name: 'Equity Bank',
      method: 'bank_transfer',
    },
  });
  learnBank(state, '0712345678901', { bank_code: '68', bank_name: 'Equity Bank' });
  const ada = fixtures.virtualAccounts.adaNgn;
  move(state, t0 - 3 * DAY, {
    id: t.creditAda.id,
    ref: t.creditAda.ref,
    entry: 'credit',
    amount: amount('50000.00'),
    wallet: NGN,
    type: 'transfer',
    message: 'Transfer from Tunde Bakare',
    customerId: ada.customer_id,
    paymentTransfer: {
      account_number: ada.account_number,
      account_reference: ada.reference,
      customer_id: ada.customer_id,
      sender_account_name: 'Tunde Bakare',
      sender_bank_name: 'Access Bank',
      bank_code: '035',
    },
  });
  move(state, t0 - 2 * DAY, {
    id: t.invoiceConsulting.id,
    ref: t.invoiceConsulting.ref,
    entry: 'credit',
    amount: amount(fixtures.invoices.consulting.total),
    wallet: USD,
    type: 'invoice_payment',
    message: `Payment for invoice ${fixtures.invoices.consulting.number}`,
    paymentTransfer: { account_number: '9012345672', invoice_number: fixtures.invoices.consulting.number },
  });
}

/** The balance each wallet starts with, so that after the seeded history it holds the fixture balance. */
const openingBalances: Readonly<Record<string, string>> = {
  NGN: '5100000.00',
  USD: '23475.00',
  GHS: '150000.00',
  KES: '2545000.00',
  ZAR: '400000.00',
};

/** A fresh state holding the seed, dated relative to `t0` (epoch ms). */
export function seedState(t0: number): State {
  const state: State = {
    business: { name: fixtures.business.name },
    customers: new Table(),
    wallets: new Table(),
    permanentAccounts: [],
    dynamicAccounts: new Table(),
    invoices: new Table(),
    links: [],
    cards: new Table(),
    transactions: [],
    payments: new Table(),
    suggestions: new Table(),
    invoiceSequence: 100,
    deliveries: new Table(),
    settlements: new Table(),
    disabledEndpoints: new Set(),
  };
  const wallets: Record<string, WalletRecord> = {};
  for (const fixture of Object.values(fixtures.wallets)) {
    const wallet = {
      id: fixture.id,
      currency: fixture.currency,
      balance: amount(openingBalances[fixture.currency] ?? '0'),
      status: 'active',
    };
    wallets[fixture.currency] = wallet;
    state.wallets.set(wallet.id, wallet);
  }
  for (const person of people) {
    const customer = customerOf(person, t0);
    state.customers.set(customer.id, customer);
  }
  seedAccounts(state);
  seedInvoices(state, t0);
  seedLinks(state, t0);
  seedCards(state, t0);
  seedTransactions(state, t0, wallets);
  return state;
}
