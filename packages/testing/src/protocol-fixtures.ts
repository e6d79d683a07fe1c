// Views as the kit sends them, for the protocol's schema and guard tests and the elements' backend
// tests (@pay-elements/testing/protocol-fixtures).
import type { FundingView, InvoiceViewModel, LinkView } from '@pay-elements/protocol';

export const sessionViewFixture = {
  id: 'ses_1',
  status: 'pending',
  amount: '5000.00',
  currency: 'NGN',
  account: { account_name: 'Demo Shop', account_number: '9912345678', bank_name: 'Wema Bank' },
  reference: 'ref_1',
  created_at: '2026-11-21T10:00:00.000Z',
  expires_at: '2026-11-21T10:30:00.000Z',
  paid_at: null,
  server_time: '2026-11-21T10:00:01.000Z',
} as const;

export const invoiceViewFixture: InvoiceViewModel = {
  number: 'INV-1',
  status: 'pending',
  currency: 'NGN',
  items: [{ name: 'Tote', unit_price: '100.00', quantity: 2, total: '200.00' }],
  charges: [{ kind: 'tax', type: 'percentage', rate: '7.5', amount: '15.00' }],
  subtotal: '200.00',
  total: '215.00',
  note: '',
  due_date: null,
  created_at: '2026-11-21T10:00:00.000Z',
  payment_details: {
    account_name: 'Demo Shop',
    account_number: '9912345678',
    bank_name: 'Wema Bank',
    currency: 'NGN',
    swift_code: 'WEMANGLA',
  },
  server_time: '2026-11-21T10:00:01.000Z',
};

export const linkViewFixture: LinkView = {
  id: 'lnk_pro_monthly',
  title: 'Tote',
  description: '',
  amount: '5000.00',
  url: 'https://pay.example/l/1',
  status: 'active',
  expires_at: null,
  created_at: '2026-11-21T10:00:00.000Z',
};

export const fundingViewFixture: FundingView = {
  accounts: [
    {
      currency: 'NGN',
      account_name: 'Demo Shop - Ada Obi',
      account_number: '9900112233',
      bank_name: 'Wema Bank',
      bank_code: '035',
    },
    {
      currency: 'USD',
      account_name: 'Demo Shop - Ada Obi',
      account_number: '8800112233',
      bank_name: 'Citibank N.A.',
      bank_code: 'CITIUS33',
      routing: { ach: '021000089', rtp: '021000089', wire: '021000089' },
      swift_code: 'CITIUS33',
      bank_address: '388 Greenwich Street, New York, NY 10013',
    },
  ],
  deposits: [
    {
      id: 'txn_2',
      amount: '2000.00',
      currency: 'NGN',
      received_at: '2026-11-21T10:05:00.000Z',
      account_number: '9900112233',
    },
    {
      id: 'txn_1',
      amount: '5000.00',
      currency: 'NGN',
      received_at: '2026-11-21T10:01:00.000Z',
      account_number: '9900112233',
    },
  ],
  totals: [{ currency: 'NGN', amount: '7000.00' }],
  server_time: '2026-11-21T10:06:00.000Z',
};
