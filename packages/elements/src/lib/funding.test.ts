import { expect } from '../test/testing.js';
import type { FundingView } from '@pay-elements/protocol';
import { enFundingAccount } from '../i18n/en/funding-account.js';
import fr from '../i18n/fr.js';
import {
  fieldValue,
  isWireAccount,
  newDeposits,
  splitAround,
  transferDetails,
  wireInstructions,
} from './funding.js';

const [naira, dollar] = [
  {
    currency: 'NGN',
    account_name: 'Acme Stores - Ada Obi',
    account_number: '579 037 3861',
    bank_name: 'Wema Bank',
    bank_code: '035',
  },
  {
    currency: 'USD',
    account_name: 'Acme Stores - Ada Obi',
    account_number: '4247809750',
    bank_name: 'Citibank N.A.',
    bank_code: 'CITIUS33',
    routing: { ach: '021000089', rtp: '021000090', wire: '021000091' },
    swift_code: 'CITIUS33',
    bank_address: '388 Greenwich Street, New York, NY 10013',
  },
] as const;

const deposit = (id: string) => ({
  id,
  amount: '10.00',
  currency: 'NGN',
  received_at: '2025-01-01T00:00:00.000Z',
  account_number: '5790373861',
});

describe('funding', () => {
  it('tells a dollar account (wire details) from a local one', () => {
    expect(isWireAccount(dollar)).to.equal(true);
    expect(isWireAccount(naira)).to.equal(false);
  });

  it('finds the deposits not seen yet, oldest first, once', () => {
    const seen = new Set<string>();
    const view = (...ids: string[]): FundingView => ({
      accounts: [],
      deposits: ids.map(deposit),
      totals: [],
      server_time: '2025-01-01T00:00:00.000Z',
    });
    expect(newDeposits(view('b', 'a'), seen).map((d) => d.id)).to.deep.equal(['a', 'b']);
    expect(newDeposits(view('d', 'c', 'b', 'a'), seen).map((d) => d.id)).to.deep.equal(['c', 'd']);
    expect(newDeposits(view('d', 'c', 'b', 'a'), seen)).to.deep.equal([]);
    // one that dropped off the list and a new one: only the new one
    expect(newDeposits(view('e', 'd'), seen).map((d) => d.id)).to.deep.equal(['e']);
  });

  it('writes the wire instructions one line a field, in the table’s words, the number unspaced', () => {
    expect(wireInstructions(dollar, enFundingAccount)).to.equal(
      [
        'Beneficiary: Acme Stores - Ada Obi',
        'Account number: 4247809750',
        'Bank: Citibank N.A.',
        'Bank address: 388 Greenwich Street, New York, NY 10013',
        'ACH routing number: 021000089',
        'RTP routing number: 021000090',
        'Wire routing number: 021000091',
        'SWIFT code: CITIUS33',
      ].join('\n'),
    );
    expect(wireInstructions(dollar, fr).split('\n')[0]).to.equal('Bénéficiaire\u00a0: Acme Stores - Ada Obi');
    // lines without a value are left out
    expect(wireInstructions(naira, enFundingAccount)).to.equal(
      ['Beneficiary: Acme Stores - Ada Obi', 'Account number: 5790373861', 'Bank: Wema Bank'].join('\n'),
    );
  });

  it('gives each field’s value as copied: the account number unspaced, nothing where there is none', () => {
    expect(fieldValue(naira, 'account-number')).to.equal('5790373861');
    expect(fieldValue(dollar, 'routing-rtp')).to.equal('021000090');
    expect(fieldValue(naira, 'routing-ach')).to.equal(undefined);
    expect(fieldValue(naira, 'bank-address')).to.equal(undefined);
  });

  it('writes a local account’s transfer details, with no amount', () => {
    expect(transferDetails(naira, enFundingAccount)).to.equal(
      [
        'Account name: Acme Stores - Ada Obi',
        'Account number: 5790373861',
        'Bank: Wema Bank',
        'Bank code: 035',
        'Currency: NGN',
      ].join('\n'),
    );
  });

  it('splits a sentence around the value it embeds, wherever the translation puts it', () => {
    expect(splitAround((n) => `To ${n}`)).to.deep.equal(['To ', '']);
    expect(splitAround((n) => `${n} received`)).to.deep.equal(['', ' received']);
    expect(splitAround(() => 'no value')).to.deep.equal(['no value', '']);
  });
});
