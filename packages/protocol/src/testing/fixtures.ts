// Test support (not published): views as the kit sends them, for the schema and guard tests and the
// elements' backend tests.
import type { InvoiceViewModel, LinkView } from '../index.js';

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
