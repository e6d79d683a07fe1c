// The browser's guards give the zod schemas' verdict on the same answers: valid ones read alike,
// answers that are not the protocol's are refused by both, except what the guards forgive on purpose
// (an optional field sent as null, a currency in lower case), which they read as zod reads the answer
// put right. A refusal names the field.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  BankList,
  BankSuggestions,
  ErrorBody,
  errorCodes,
  FundingView,
  InvoiceViewModel,
  LinkView,
  orderLimits,
  SessionView,
  statusOfErrorCode,
} from './index.js';
import {
  readBankList,
  readBankSuggestions,
  readErrorBody,
  readFundingView,
  readInvoiceView,
  readLinkView,
  readSessionView,
  type Refusal,
} from './guards.js';
import {
  fundingViewFixture,
  invoiceViewFixture,
  linkViewFixture,
  sessionViewFixture,
} from '@pay-elements/testing/protocol-fixtures';

const session = {
  ...sessionViewFixture,
  merchant: { name: 'Demo Shop', logo_url: 'https://shop.example/logo.png' },
  order: { title: 'Ankara tote bag', reference: '#1001' },
  return_url: 'https://shop.example/orders/1001',
};
const invoice = invoiceViewFixture;
/** `value` without the fields named */
const without = (value: object, ...keys: string[]) =>
  Object.fromEntries(Object.entries(value).filter(([key]) => !keys.includes(key)));
const link = linkViewFixture;
const funding = fundingViewFixture;
const [ngnAccount, usdAccount] = funding.accounts;

interface Case {
  name: string;
  schema: { safeParse(value: unknown): { success: boolean; data?: unknown } };
  guard: (value: unknown) => unknown;
  valid: unknown[];
  invalid: unknown[];
  /** what zod refuses and the guard forgives: [as sent, as the guard reads it (zod's parse of it)] */
  forgiven?: [unknown, unknown][];
}

const cases: Case[] = [
  {
    name: 'session view',
    schema: SessionView,
    guard: readSessionView,
    valid: [
      session,
      { ...session, order: { title: 'x' }, extra: 1 },
      { ...session, claimed_at: '2026-11-21T10:05:00.000Z' },
    ],
    invalid: [
      null,
      { ...session, claimed_at: 5 },
      { ...session, claimed_at: '' },
      [],
      { ...session, amount: 5000 },
      { ...session, amount: '5e3' },
      { ...session, status: 'done' },
      { ...session, paid_at: undefined },
      { ...session, created_at: '' },
      { ...session, account: { account_name: 'x', account_number: '1' } },
      { ...session, return_url: 'javascript:alert(1)' },
      { ...session, merchant: { name: '' } },
      { ...session, order: { title: 'x', reference: '' } },
      { ...session, paid_at: 1 },
      { ...session, checkout_url: 5 },
    ],
    forgiven: [
      [
        { ...session, checkout_url: null, receipt_url: null, return_url: null },
        without(session, 'return_url'),
      ],
      [
        { ...session, merchant: { name: 'Shop', logo_url: null } },
        { ...session, merchant: { name: 'Shop' } },
      ],
      [{ ...session, order: null, merchant: null }, without(session, 'order', 'merchant')],
      [{ ...session, currency: 'ngn' }, session],
      [{ ...session, currency: 'Ngn' }, session],
    ],
  },
  {
    name: 'invoice view',
    schema: InvoiceViewModel,
    guard: readInvoiceView,
    valid: [invoice, { ...invoice, hosted_url: 'https://x.example/i', due_date: '2026-12-01' }],
    invalid: [
      { ...invoice, status: 'late' },
      { ...invoice, items: [{ name: 'x', unit_price: '1', quantity: '2', total: '2' }] },
      { ...invoice, charges: [{ kind: 'tip', type: 'flat', rate: '1', amount: '1' }] },
      { ...invoice, payment_details: { ...invoice.payment_details, currency: 'N' } },
      { ...invoice, items: {} },
      { ...invoice, total: 215 },
      { ...invoice, items: [{ name: 'x', unit_price: 100, quantity: 2, total: '200.00' }] },
    ],
    forgiven: [
      [{ ...invoice, hosted_url: null, receipt_url: null }, invoice],
      [
        { ...invoice, currency: 'ngn', payment_details: { ...invoice.payment_details, currency: 'ngn' } },
        invoice,
      ],
    ],
  },
  {
    name: 'funding view',
    schema: FundingView,
    guard: readFundingView,
    valid: [
      funding,
      { ...funding, deposits: [], totals: [] },
      { ...funding, accounts: [ngnAccount], extra: 1 },
    ],
    invalid: [
      { ...funding, accounts: [{ ...ngnAccount, bank_code: undefined }] },
      { ...funding, accounts: [{ ...usdAccount, routing: { ach: '1', rtp: '2' } }] },
      { ...funding, deposits: [{ ...funding.deposits[0], amount: 2000 }] },
      { ...funding, totals: [{ currency: 'NGN' }] },
      { ...funding, server_time: '' },
      { ...funding, accounts: null },
    ],
    forgiven: [
      [
        { ...funding, accounts: [{ ...ngnAccount, routing: null, swift_code: null, bank_address: null }] },
        { ...funding, accounts: [ngnAccount] },
      ],
      [
        { ...funding, totals: [{ currency: 'ngn', amount: '1.00' }] },
        { ...funding, totals: [{ currency: 'NGN', amount: '1.00' }] },
      ],
    ],
  },
  {
    name: 'link view',
    schema: LinkView,
    guard: readLinkView,
    valid: [link, { ...link, currency: 'NGN', expires_at: '2026-12-01T00:00:00Z' }],
    invalid: [
      { ...link, status: 'paused' },
      { ...link, currency: 'naira' },
      { ...link, url: 1 },
    ],
    forgiven: [
      [{ ...link, currency: null }, link],
      [
        { ...link, currency: 'ngn' },
        { ...link, currency: 'NGN' },
      ],
    ],
  },
  {
    name: 'bank list',
    schema: BankList,
    guard: readBankList,
    valid: [{ banks: [] }, { banks: [{ code: '035', name: 'Wema Bank' }] }],
    invalid: [{ banks: [{ code: 35, name: 'Wema Bank' }] }, { banks: null }, {}],
  },
  {
    name: 'bank suggestions',
    schema: BankSuggestions,
    guard: readBankSuggestions,
    valid: [{ suggestions: [{ bank_code: '035', bank_name: 'Wema Bank' }] }],
    invalid: [{ suggestions: [{ bank_code: '035' }] }, { suggestions: 'none' }],
  },
  {
    name: 'error body',
    schema: ErrorBody,
    guard: readErrorBody,
    valid: [
      { error: { code: 'not_found', message: 'No such session.' } },
      { error: { code: 'invalid_request', message: 'Bad.', fields: { order_id: ['required'] } } },
    ],
    invalid: [
      { error: { code: 'teapot', message: 'x' } },
      { error: { code: 'internal' } },
      { error: { code: 'invalid_request', message: 'Bad.', fields: { order_id: 'required' } } },
      'Internal Server Error',
    ],
    forgiven: [
      [
        { error: { code: 'not_found', message: 'No such session.', fields: null } },
        { error: { code: 'not_found', message: 'No such session.' } },
      ],
    ],
  },
];

describe('browser guards', () => {
  for (const { name, schema, guard, valid, invalid, forgiven = [] } of cases) {
    it(`read a ${name} as zod parses it`, () => {
      for (const value of valid) {
        const parsed = schema.safeParse(value);
        assert.equal(parsed.success, true);
        assert.deepEqual(guard(value), parsed.data);
      }
    });
    it(`refuse what zod refuses as a ${name}`, () => {
      for (const value of invalid) {
        assert.equal(schema.safeParse(value).success, false, JSON.stringify(value));
        assert.equal(guard(value), null, JSON.stringify(value));
      }
    });
    it(`forgive in a ${name} what changes no meaning (null for absent, the currency's case)`, () => {
      for (const [sent, read] of forgiven) {
        assert.equal(schema.safeParse(sent).success, false, `zod refuses ${JSON.stringify(sent)}`);
        const parsed = schema.safeParse(read);
        assert.equal(parsed.success, true, JSON.stringify(read));
        assert.deepEqual(guard(sent), parsed.data, JSON.stringify(sent));
      }
    });
  }
});

describe('a refusal', () => {
  const refusal = (read: (value: unknown, refused: (r: Refusal) => void) => unknown, value: unknown) => {
    let heard: Refusal | undefined;
    assert.equal(
      read(value, (r) => (heard = r)),
      null,
    );
    return heard;
  };

  it('names the field and what it held', () => {
    assert.deepEqual(refusal(readSessionView, { ...session, amount: 5000 }), {
      field: 'amount',
      value: 5000,
    });
    assert.deepEqual(refusal(readSessionView, { ...session, status: 'done' }), {
      field: 'status',
      value: 'done',
    });
    assert.deepEqual(refusal(readSessionView, { ...session, account: { account_name: 'x' } }), {
      field: 'account.account_number',
      value: undefined,
    });
    assert.deepEqual(refusal(readSessionView, { ...session, currency: 'naira' }), {
      field: 'currency',
      value: 'naira',
    });
  });

  it('names a field inside a list by its index, and the answer itself by nothing', () => {
    const items = [invoice.items[0], { ...invoice.items[0], unit_price: 100 }];
    assert.equal(refusal(readInvoiceView, { ...invoice, items })?.field, 'items.1.unit_price');
    assert.deepEqual(refusal(readSessionView, 'Internal Server Error'), {
      field: '',
      value: 'Internal Server Error',
    });
    // a refusal after another starts from the answer's top
    assert.equal(refusal(readSessionView, { ...session, paid_at: 1 })?.field, 'paid_at');
  });

  it('is not heard for an answer that is read', () => {
    assert.notEqual(
      readSessionView(session, () => assert.fail('no refusal')),
      null,
    );
  });
});

describe('the guards and the schemas share their limits and codes', () => {
  it("read an order's title and reference up to orderLimits, and refuse one character more", () => {
    for (const field of ['title', 'reference'] as const) {
      const longest = { ...session, order: { ...session.order, [field]: 'x'.repeat(orderLimits[field]) } };
      const over = { ...session, order: { ...session.order, [field]: 'x'.repeat(orderLimits[field] + 1) } };
      assert.equal(SessionView.safeParse(longest).success, true, field);
      assert.notEqual(readSessionView(longest), null, `${field} of ${orderLimits[field]}`);
      assert.equal(SessionView.safeParse(over).success, false, field);
      assert.equal(readSessionView(over), null, `${field} of ${orderLimits[field] + 1}`);
    }
  });

  it('read every code a backend answers but upstream_unauthorized, which an element reads by its 503', () => {
    for (const code of errorCodes) {
      const body = { error: { code, message: 'm' } };
      assert.equal(ErrorBody.safeParse(body).success, true, code);
      if (code === 'upstream_unauthorized') assert.equal(readErrorBody(body), null);
      else assert.deepEqual(readErrorBody(body), body, code);
    }
    assert.equal(statusOfErrorCode.upstream_unauthorized, statusOfErrorCode.upstream_unavailable);
  });
});

describe("the session view's claimed_at (1.1)", () => {
  it('reads null and absent alike, as not claimed, and a timestamp as it is', () => {
    const read = (claimed: unknown) => readSessionView({ ...session, claimed_at: claimed })?.claimed_at;
    assert.equal(SessionView.safeParse({ ...session, claimed_at: null }).success, true);
    assert.equal(read(null), undefined);
    assert.equal(readSessionView(session)?.claimed_at, undefined);
    assert.equal(read('2026-11-21T10:05:00.000Z'), '2026-11-21T10:05:00.000Z');
    assert.equal(readSessionView({ ...session, claimed_at: 5 }), null);
  });
});
