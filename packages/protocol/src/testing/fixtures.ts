// Test support (not published): a session view as the kit sends it, for the schema and guard tests.
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
