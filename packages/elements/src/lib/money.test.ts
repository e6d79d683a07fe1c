import { expect } from '../test/testing.js';
import { formatMoney, fractionDigits, isDecimalString, isolateLtr } from './money.js';

describe('formatMoney', () => {
  it('formats a decimal string with the currency for the locale', () => {
    expect(formatMoney('5000.00', 'NGN', 'en')).to.equal('NGN\u00a05,000.00');
    expect(formatMoney('5000.00', 'NGN', 'fr')).to.equal('5\u202f000,00\u00a0NGN');
    expect(formatMoney('12.5', 'USD', 'en-US')).to.equal('$12.50');
  });

  it('keeps every digit of amounts too large for a float (this Chromium formats strings exactly)', () => {
    // 12345678901234567.89 as a double is 12345678901234568
    expect(formatMoney('12345678901234567.89', 'NGN', 'en')).to.equal('NGN\u00a012,345,678,901,234,567.89');
    expect(formatMoney('0.10', 'USD', 'en-US')).to.equal('$0.10');
  });

  it('adds the currency’s usual fraction digits but never rounds away given ones', () => {
    expect(formatMoney('5000', 'NGN', 'en')).to.equal('NGN\u00a05,000.00');
    expect(formatMoney('1.005', 'NGN', 'en')).to.equal('NGN\u00a01.005');
    expect(formatMoney('1500', 'JPY', 'en-US')).to.equal('¥1,500');
  });

  it('formats negative and positive amounts of a locale alike, Arabic included (no directional marks)', () => {
    expect(formatMoney('-29500.00', 'NGN', 'en')).to.equal('-NGN\u00a029,500.00');
    for (const locale of ['ar', 'ar-EG']) {
      const positive = formatMoney('29500.00', 'NGN', locale);
      const negative = formatMoney('-29500.00', 'NGN', locale);
      expect(positive, locale).not.to.match(/[\u200e\u200f\u061c]/);
      expect(negative, locale).to.equal(`-${positive}`);
    }
    expect(formatMoney('295000.00', 'NGN', 'ar')).to.equal('295,000.00\u00a0NGN');
  });

  it('isolates an amount inside a right-to-left sentence only', () => {
    expect(isolateLtr('295,000.00 NGN', 'rtl')).to.equal('\u2066295,000.00 NGN\u2069');
    expect(isolateLtr('NGN 5,000.00', 'ltr')).to.equal('NGN 5,000.00');
  });

  it('refuses what is not a plain decimal string', () => {
    for (const bad of ['', '1e3', '12,50', ' 5', 'NaN', '1.']) {
      expect(() => formatMoney(bad, 'NGN', 'en'), bad).to.throw(RangeError);
    }
  });
});

describe('decimal strings', () => {
  it('recognises plain decimals only', () => {
    expect(isDecimalString('5000.00')).to.equal(true);
    expect(isDecimalString('-1.5')).to.equal(true);
    expect(isDecimalString('1e5')).to.equal(false);
    expect(isDecimalString('Infinity')).to.equal(false);
  });

  it('counts fraction digits', () => {
    expect(fractionDigits('5000')).to.equal(0);
    expect(fractionDigits('5000.00')).to.equal(2);
    expect(fractionDigits('0.125')).to.equal(3);
  });
});
