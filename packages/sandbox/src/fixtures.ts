// The ids and values of the seed that tests and demos refer to; seed.ts builds the state from them.
import { luhnDigit } from './ids.js';

function cardNumber(body15: string): string {
  return body15 + luhnDigit(body15);
}

/** The ids and values of the seed that tests and demos refer to. */
export const fixtures = {
  business: { name: 'Acme Stores' },
  customers: {
    ada: { id: 'cus_ada_okafor', email: 'ada.okafor@example.com', country_code: 'NGA', currency: 'NGN' },
    chinedu: {
      id: 'cus_chinedu_eze',
      email: 'chinedu.eze@example.com',
      country_code: 'NGA',
      currency: 'NGN',
    },
    kwame: {
      id: 'cus_kwame_mensah',
      email: 'kwame.mensah@example.com',
      country_code: 'GHA',
      currency: 'GHS',
    },
    wanjiru: {
      id: 'cus_wanjiru_kamau',
      email: 'wanjiru.kamau@example.com',
      country_code: 'KEN',
      currency: 'KES',
    },
    thabo: { id: 'cus_thabo_nkosi', email: 'thabo.nkosi@example.com', country_code: 'ZAF', currency: 'ZAR' },
    emily: {
      id: 'cus_emily_carter',
      email: 'emily.carter@example.com',
      country_code: 'USA',
      currency: 'USD',
    },
  },
  wallets: {
    NGN: { id: 'wal_ngn_main', currency: 'NGN', balance: '5000000.00' },
    USD: { id: 'wal_usd_main', currency: 'USD', balance: '25000.00' },
    GHS: { id: 'wal_ghs_main', currency: 'GHS', balance: '150000.00' },
    KES: { id: 'wal_kes_main', currency: 'KES', balance: '2500000.00' },
    ZAR: { id: 'wal_zar_main', currency: 'ZAR', balance: '400000.00' },
  },
  virtualAccounts: {
    adaNgn: {
      account_number: '7810456231',
      reference: 'VA-ADA-NGN-0001',
      customer_id: 'cus_ada_okafor',
      currency: 'NGN',
    },
    adaUsd: {
      account_number: '4829301756',
      reference: 'VA-ADA-USD-0001',
      customer_id: 'cus_ada_okafor',
      currency: 'USD',
    },
    kwameGhs: {
      account_number: '1021304958',
      reference: 'VA-KWAME-GHS-0001',
      customer_id: 'cus_kwame_mensah',
      currency: 'GHS',
    },
    wanjiruKes: {
      account_number: '1180294731',
      reference: 'VA-WANJIRU-KES-0001',
      customer_id: 'cus_wanjiru_kamau',
      currency: 'KES',
    },
    emilyUsd: {
      account_number: '4829301799',
      reference: 'VA-EMILY-USD-0001',
      customer_id: 'cus_emily_carter',
      currency: 'USD',
    },
  },
  invoices: {
    websiteRedesign: {
      id: 'inv_website_redesign',
      number: 'INV-000101',
      currency: 'NGN',
      subtotal: '295000.00',
      total: '287625.00',
      status: 'pending',
    },
    consulting: {
      id: 'inv_consulting_q3',
      number: 'INV-000102',
      currency: 'USD',
      subtotal: '1500.00',
      total: '1525.00',
      status: 'paid',
    },
    riceOrder: {
      id: 'inv_rice_order',
      number: 'INV-000103',
      currency: 'GHS',
      subtotal: '3400.00',
      total: '3520.00',
      status: 'pending',
    },
  },
  links: {
    proMonthly: { id: 'lnk_pro_monthly', status: 1 },
    donation: { id: 'lnk_community_donation', status: 1 },
    workshop: { id: 'lnk_workshop_ticket', status: 0 },
    blackFriday: { id: 'lnk_black_friday', status: 2 },
  },
  cards: {
    adaUsd: {
      id: 'crd_ada_usd',
      customer_id: 'cus_ada_okafor',
      currency: 'usd',
      balance: '250.00',
      number: cardNumber('539983100200301'),
      cvv: '482',
      frozen: false,
    },
    emilyUsd: {
      id: 'crd_emily_usd',
      customer_id: 'cus_emily_carter',
      currency: 'usd',
      balance: '1200.00',
      number: cardNumber('539983100200302'),
      cvv: '917',
      frozen: false,
    },
    kwameGhs: {
      id: 'crd_kwame_ghs',
      customer_id: 'cus_kwame_mensah',
      currency: 'ghs',
      balance: '800.00',
      number: cardNumber('539983100200303'),
      cvv: '305',
      frozen: false,
    },
    thaboFrozen: {
      id: 'crd_thabo_usd',
      customer_id: 'cus_thabo_nkosi',
      currency: 'usd',
      balance: '75.00',
      number: cardNumber('539983100200304'),
      cvv: '640',
      frozen: true,
    },
  },
  /** an account number already paid through two banks, so banks/suggest has something to say */
  knownRecipient: {
    account_number: '0123456789',
    account_name: 'Musa Ibrahim',
    bank_code: '058',
    bank_name: 'Guaranty Trust Bank',
  },
  transactions: {
    payoutMusa: { id: 'txn_payout_musa', ref: 'PAY-5E1D0A9C3B7F2468' },
    payoutKes: { id: 'txn_payout_njeri', ref: 'PAY-1A2B3C4D5E6F7081' },
    creditAda: { id: 'txn_credit_ada', ref: 'TRF-9F8E7D6C5B4A3921' },
    invoiceConsulting: { id: 'txn_invoice_consulting', ref: 'TRF-0A1B2C3D4E5F6071' },
  },
} as const;
