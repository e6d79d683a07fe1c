// The browser's guards give the zod schemas' verdict on the same answers: valid ones read alike,
// answers that are not the protocol's are refused by both.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  BankList,
  BankSuggestions,
  ErrorBody,
  FundingView,
  InvoiceViewModel,
  LinkView,
  SessionView,
} from './index.js';
import {
  readBankList,
  readBankSuggestions,
  readErrorBody,
  readFundingView,
  readInvoiceView,
  readLinkView,
  readSessionView,
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
const link = linkViewFixture;
const funding = fundingViewFixture;
const [ngnAccount, usdAccount] = funding.accounts;

interface Case {
  name: string;
  schema: { safeParse(value: unknown): { success: boolean; data?: unknown } };
  guard: (value: unknown) => unknown;
  valid: unknown[];
  invalid: unknown[];
}

const cases: Case[] = [
  {
    name: 'session view',
    schema: SessionView,
    guard: readSessionView,
    valid: [session, { ...session, order: { title: 'x' }, extra: 1 }],
    invalid: [
      null,
      [],
      { ...session, amount: 5000 },
      { ...session, amount: '5e3' },
      { ...session, currency: 'ngn' },
      { ...session, status: 'done' },
      { ...session, paid_at: undefined },
      { ...session, created_at: '' },
      { ...session, account: { account_name: 'x', account_number: '1' } },
      { ...session, return_url: 'javascript:alert(1)' },
      { ...session, merchant: { name: '' } },
      { ...session, order: { title: 'x', reference: '' } },
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
      { ...funding, deposits: [{ ...funding.deposits[0], currency: 'ngn' }] },
      { ...funding, totals: [{ currency: 'NGN' }] },
      { ...funding, server_time: '' },
      { ...funding, accounts: null },
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
  },
];

describe('browser guards', () => {
  for (const { name, schema, guard, valid, invalid } of cases) {
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
  }
});
