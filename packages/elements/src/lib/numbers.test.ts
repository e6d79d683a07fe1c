import { expect } from '../test/testing.js';
import { formatAmount, formatDecimal, formatPercent, formatQuantity } from './numbers.js';

describe('formatDecimal', () => {
  it('groups a decimal string and keeps every digit it carries', () => {
    expect(formatDecimal('15000.00', 'en')).to.equal('15,000.00');
    expect(formatDecimal('9999.99', 'fr')).to.equal('9\u202f999,99');
    expect(formatDecimal('12345678901234567.89', 'en')).to.equal('12,345,678,901,234,567.89');
    expect(formatDecimal('5', 'en')).to.equal('5');
  });

  it('refuses what is not a decimal string', () => {
    expect(() => formatDecimal('1e3', 'en')).to.throw(RangeError);
  });
});

describe('formatAmount', () => {
  it('uses the currency when there is one, in any case', () => {
    expect(formatAmount('15000.00', 'NGN', 'en')).to.equal('NGN\u00a015,000.00');
    expect(formatAmount('15000.00', 'usd', 'en-US')).to.equal('$15,000.00');
  });

  it('shows the bare number with no currency or a malformed one', () => {
    expect(formatAmount('15000.00', null, 'en')).to.equal('15,000.00');
    expect(formatAmount('15000.00', '', 'en')).to.equal('15,000.00');
    expect(formatAmount('15000.00', 'naira', 'en')).to.equal('15,000.00');
  });
});

describe('formatPercent', () => {
  it('shows a rate given in percent without multiplying it', () => {
    expect(formatPercent('7.5', 'en')).to.equal('7.5%');
    expect(formatPercent('10', 'en')).to.equal('10%');
    expect(formatPercent('7.5', 'fr')).to.equal('7,5\u00a0%');
    expect(formatPercent('0.125', 'en')).to.equal('0.125%');
  });
});

describe('formatQuantity', () => {
  it('formats whole and fractional quantities for the locale', () => {
    expect(formatQuantity(1, 'en')).to.equal('1');
    expect(formatQuantity(12.5, 'en')).to.equal('12.5');
    expect(formatQuantity(12.5, 'fr')).to.equal('12,5');
    expect(formatQuantity(1500, 'en')).to.equal('1,500');
  });
});
