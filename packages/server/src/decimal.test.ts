import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  addDecimals,
  compareDecimal,
  decimalEquals,
  decimalFromNumber,
  decimalToNumber,
  formatDecimal,
  isPositiveDecimal,
  multiplyDecimals,
  negateDecimal,
  numberEqualsDecimal,
  parseDecimal,
  percentOfDecimal,
  roundDecimal,
} from './decimal.js';

describe('decimal', () => {
  it('parses decimal strings into exact units and refuses anything else', () => {
    assert.deepEqual(parseDecimal('5000.00'), { units: 500000n, scale: 2 });
    assert.deepEqual(parseDecimal('-12.5'), { units: -125n, scale: 1 });
    assert.deepEqual(parseDecimal('7'), { units: 7n, scale: 0 });
    for (const bad of ['', '1e3', '1.', '.5', '1,000.00', 'NaN', '0x10', '--1', '12.5.1'])
      assert.equal(parseDecimal(bad), null, bad);
  });

  it('compares exact values whatever the number of fraction digits', () => {
    assert.equal(decimalEquals('5000.00', '5000'), true);
    assert.equal(decimalEquals('5000.10', '5000.1'), true);
    assert.equal(decimalEquals('5000.01', '5000.1'), false);
    assert.equal(decimalEquals('0.30', '0.3'), true);
    assert.equal(decimalEquals('-0', '0.00'), true);
    assert.equal(decimalEquals('abc', 'abc'), false);
    assert.equal(compareDecimal('4999.99', '5000'), -1);
    assert.equal(compareDecimal('5000.001', '5000'), 1);
    assert.equal(compareDecimal('10.50', '10.5'), 0);
    assert.equal(compareDecimal('-1', '0.5'), -1);
    assert.throws(() => compareDecimal('1', 'x'), /not a decimal/);
  });

  it('beats float arithmetic: 0.1 + 0.2 is not 0.3 as floats, the strings compare exactly', () => {
    assert.notEqual(0.1 + 0.2, 0.3);
    assert.equal(numberEqualsDecimal(0.1 + 0.2, '0.3'), false);
    assert.equal(numberEqualsDecimal(0.3, '0.30'), true);
  });

  it('reads a JSON number as the exact decimal it stands for, exponents included', () => {
    assert.equal(decimalFromNumber(5000), '5000');
    assert.equal(decimalFromNumber(5000.5), '5000.5');
    assert.equal(decimalFromNumber(1e21), '1000000000000000000000');
    assert.equal(decimalFromNumber(1.5e-7), '0.00000015');
    assert.equal(decimalFromNumber(-2.5e22), '-25000000000000000000000');
    assert.equal(decimalFromNumber(Number.NaN), null);
    assert.equal(decimalFromNumber(Number.POSITIVE_INFINITY), null);
  });

  it('matches the provider number amount to the order string exactly', () => {
    assert.equal(numberEqualsDecimal(5000, '5000.00'), true);
    assert.equal(numberEqualsDecimal(5000.1, '5000.10'), true);
    assert.equal(numberEqualsDecimal(5000.1, '5000.01'), false);
    assert.equal(numberEqualsDecimal(4999.999999, '5000.00'), false);
  });

  it('turns a decimal into the number to send only when a double holds it exactly', () => {
    assert.equal(decimalToNumber('5000.00'), 5000);
    assert.equal(decimalToNumber('12.34'), 12.34);
    assert.equal(decimalToNumber('12345678901234567.89'), null);
    assert.equal(decimalToNumber('0.1000000000000000055511151231257827'), null);
    assert.equal(decimalToNumber('x'), null);
  });

  it('formats with at least the minimum fraction digits, never losing digits', () => {
    assert.equal(formatDecimal('5000'), '5000.00');
    assert.equal(formatDecimal('12.5'), '12.50');
    assert.equal(formatDecimal('12.500'), '12.50');
    assert.equal(formatDecimal('0.125'), '0.125');
    assert.equal(formatDecimal('-0.5'), '-0.50');
    assert.equal(formatDecimal('-0.00'), '0.00');
    assert.equal(formatDecimal('007.1', 0), '7.1');
    assert.equal(formatDecimal('7.0', 0), '7');
  });

  it('tells positive amounts from zero and negatives', () => {
    assert.equal(isPositiveDecimal('0.01'), true);
    assert.equal(isPositiveDecimal('0.00'), false);
    assert.equal(isPositiveDecimal('-5'), false);
    assert.equal(isPositiveDecimal('5,00'), false);
  });

  it('adds, negates and multiplies exactly where floats drift', () => {
    assert.equal(addDecimals('0.1', '0.2'), '0.3');
    assert.equal(addDecimals('295000.00', '-29500.00', '22125.00'), '287625.00');
    assert.equal(addDecimals('0'), '0');
    assert.equal(negateDecimal('7.53'), '-7.53');
    assert.equal(negateDecimal('-0.5'), '0.5');
    assert.notEqual(1.15 * 3, 3.45);
    assert.equal(multiplyDecimals('1.15', '3'), '3.45');
    assert.equal(multiplyDecimals('19.99', '3'), '59.97');
    assert.equal(multiplyDecimals('0.1', '2.5'), '0.25');
    assert.equal(multiplyDecimals('-1.5', '1.5'), '-2.25');
    assert.throws(() => addDecimals('1', '1e3'), /not a decimal/);
  });

  it('rounds half away from zero, and takes percentages of a base', () => {
    assert.equal(roundDecimal('7.5275', 2), '7.53');
    assert.equal(roundDecimal('7.525', 2), '7.53');
    assert.equal(roundDecimal('7.52499', 2), '7.52');
    assert.equal(roundDecimal('-0.125', 2), '-0.13');
    assert.equal(roundDecimal('2.5', 0), '3');
    assert.equal(roundDecimal('12', 2), '12.00');
    assert.equal(percentOfDecimal('60.22', '12.5', 2), '7.53');
    assert.equal(percentOfDecimal('60.22', '7.5', 2), '4.52');
    assert.equal(percentOfDecimal('295000.00', '10', 2), '29500.00');
    assert.equal(percentOfDecimal('1005', '5', 0), '50');
  });
});
