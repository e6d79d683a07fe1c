import { expect } from '../test/testing.js';
import {
  compactAccountNumber,
  displayAccountNumber,
  groupAccountNumber,
  spokenAccountNumber,
} from './account-number.js';

describe('account numbers', () => {
  it('groups a 10-digit NUBAN as 3 3 4', () => {
    expect(groupAccountNumber('9912345678')).to.deep.equal(['991', '234', '5678']);
    expect(displayAccountNumber('9912345678')).to.equal('991 234 5678');
  });

  it('groups other lengths in threes without a lone trailing digit', () => {
    expect(displayAccountNumber('123456789')).to.equal('123 456 789');
    expect(displayAccountNumber('12345678')).to.equal('123 456 78');
    expect(displayAccountNumber('1234567')).to.equal('123 4567');
    expect(displayAccountNumber('1234')).to.equal('1234');
  });

  it('groups alphanumeric numbers (IBAN) in fours', () => {
    expect(displayAccountNumber('GB29NWBK60161331926819')).to.equal('GB29 NWBK 6016 1331 9268 19');
  });

  it('strips spaces and separators for copying', () => {
    expect(compactAccountNumber(' 991 234-5678 ')).to.equal('9912345678');
    expect(displayAccountNumber('991 234 5678')).to.equal('991 234 5678');
  });

  it('spells the number digit by digit with a pause between groups', () => {
    expect(spokenAccountNumber('9912345678')).to.equal('9 9 1, 2 3 4, 5 6 7 8');
  });

  it('answers nothing for an empty number', () => {
    expect(groupAccountNumber('')).to.deep.equal([]);
    expect(spokenAccountNumber('')).to.equal('');
  });
});
