import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decimal } from '@pay-elements/api';
import {
  convert,
  formatMinor,
  minorToNumber,
  numberToScaled,
  parseMinor,
  toMinor,
  withinLimit,
} from './money.js';

const { scaled: decimalToScaled, divRound, formatScaled } = decimal;
// the shared invoice arithmetic, in the emulator's minor units (percent scaled by 4 digits, quantity by 3)
const percentOf = (base: bigint, percent: bigint) =>
  parseMinor(decimal.percentOf(formatMinor(base), formatScaled(percent, 4), 2));
const lineTotal = (price: bigint, quantityMilli: bigint) =>
  parseMinor(decimal.lineTotal(formatMinor(price), formatScaled(quantityMilli, 3), 2));

describe('money', () => {
  it('reads decimal text exactly, refusing more fraction digits than the scale', () => {
    assert.equal(decimalToScaled('12.5', 2), 1250n);
    assert.equal(decimalToScaled('0.01', 2), 1n);
    assert.equal(decimalToScaled('-3', 2), -300n);
    assert.equal(decimalToScaled('7.50', 1), 75n, 'trailing zeros do not count as precision');
    assert.equal(decimalToScaled('1.005', 2), null);
    assert.equal(decimalToScaled('1e3', 2), null);
    assert.equal(decimalToScaled('12,5', 2), null);
    assert.equal(decimalToScaled('', 2), null);
    assert.equal(decimalToScaled('99999999999999999999.99', 2), 9999999999999999999999n);
  });

  it('reads JSON numbers through their shortest text, never through float arithmetic', () => {
    assert.equal(toMinor(0.1), 10n);
    assert.equal(toMinor(0.29), 29n, '0.29 * 100 is 28.999999999999996 in floats');
    assert.equal(toMinor(1234567.89), 123456789n);
    assert.equal(toMinor(5000), 500000n);
    assert.equal(toMinor(0.001), null);
    assert.equal(numberToScaled(1e21, 2), null, 'exponent forms are refused');
    assert.equal(numberToScaled(Number.NaN, 2), null);
    assert.equal(numberToScaled(Infinity, 2), null);
  });

  it('formats minor units with exactly two decimals', () => {
    assert.equal(formatMinor(500000n), '5000.00');
    assert.equal(formatMinor(5n), '0.05');
    assert.equal(formatMinor(0n), '0.00');
    assert.equal(formatMinor(-1250n), '-12.50');
    assert.equal(formatScaled(75n, 0), '75');
    assert.equal(parseMinor(formatMinor(123456789n)), 123456789n);
    assert.equal(minorToNumber(123456789n), 1234567.89);
  });

  it('rounds half away from zero', () => {
    assert.equal(divRound(5n, 2n), 3n);
    assert.equal(divRound(-5n, 2n), -3n);
    assert.equal(divRound(4n, 3n), 1n);
    assert.equal(divRound(-4n, 3n), -1n);
    assert.equal(divRound(7n, -2n), -4n);
    assert.throws(() => divRound(1n, 0n), RangeError);
  });

  it('takes percentages of a subtotal to the minor unit', () => {
    // 7.5% of 31.50 = 2.3625 → 2.36; 7.5% of 10.10 = 0.7575 → 0.76
    assert.equal(percentOf(3150n, decimalToScaled('7.5', 4) ?? 0n), 236n);
    assert.equal(percentOf(1010n, decimalToScaled('7.5', 4) ?? 0n), 76n);
    assert.equal(percentOf(29_500_000n, decimalToScaled('10', 4) ?? 0n), 2_950_000n);
    assert.equal(percentOf(100n, decimalToScaled('0.005', 4) ?? 0n), 0n);
  });

  it('multiplies a price by a fractional quantity exactly', () => {
    assert.equal(lineTotal(12000n, 12500n), 150000n, '120.00 × 12.5');
    assert.equal(lineTotal(333n, 3000n), 999n, '3.33 × 3');
    assert.equal(lineTotal(199n, 1500n), 299n, '1.99 × 1.5 = 2.985 → 2.99');
  });

  it('converts between currencies with fixed-point rates', () => {
    const usd = 1_000_000n;
    const ngn = 1_550_000_000n;
    assert.equal(convert(10000n, usd, ngn), 15_500_000n, '100 USD → 155,000 NGN');
    assert.equal(convert(15_500_000n, ngn, usd), 10000n);
    assert.equal(convert(1n, ngn, usd), 0n, '0.01 NGN rounds to nothing in USD');
  });

  it('bounds amounts at one trillion', () => {
    assert.equal(withinLimit(100_000_000_000_000n), true);
    assert.equal(withinLimit(100_000_000_000_001n), false);
  });
});
