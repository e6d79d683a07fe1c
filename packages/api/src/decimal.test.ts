import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as decimal from './decimal.js';

describe('decimal', () => {
  it('parses decimal strings into exact units and refuses anything else', () => {
    assert.deepEqual(decimal.parse('5000.00'), { units: 500000n, scale: 2 });
    assert.deepEqual(decimal.parse('-12.5'), { units: -125n, scale: 1 });
    assert.deepEqual(decimal.parse('7'), { units: 7n, scale: 0 });
    for (const bad of ['', '1e3', '1.', '.5', '1,000.00', 'NaN', '0x10', '--1', '12.5.1'])
      assert.equal(decimal.parse(bad), null, bad);
  });

  it('compares exact values whatever the number of fraction digits', () => {
    assert.equal(decimal.equals('5000.00', '5000'), true);
    assert.equal(decimal.equals('5000.10', '5000.1'), true);
    assert.equal(decimal.equals('5000.01', '5000.1'), false);
    assert.equal(decimal.equals('0.30', '0.3'), true);
    assert.equal(decimal.equals('-0', '0.00'), true);
    assert.equal(decimal.equals('abc', 'abc'), false);
    assert.equal(decimal.compare('4999.99', '5000'), -1);
    assert.equal(decimal.compare('5000.001', '5000'), 1);
    assert.equal(decimal.compare('10.50', '10.5'), 0);
    assert.equal(decimal.compare('-1', '0.5'), -1);
    assert.throws(() => decimal.compare('1', 'x'), /not a decimal/);
  });

  it('beats float arithmetic: 0.1 + 0.2 is not 0.3 as floats, the strings compare exactly', () => {
    assert.notEqual(0.1 + 0.2, 0.3);
    assert.equal(decimal.equalsNumber(0.1 + 0.2, '0.3'), false);
    assert.equal(decimal.equalsNumber(0.3, '0.30'), true);
  });

  it('reads a JSON number as the exact decimal it stands for, exponents included', () => {
    assert.equal(decimal.fromNumber(5000), '5000');
    assert.equal(decimal.fromNumber(5000.5), '5000.5');
    assert.equal(decimal.fromNumber(1e21), '1000000000000000000000');
    assert.equal(decimal.fromNumber(1.5e-7), '0.00000015');
    assert.equal(decimal.fromNumber(-2.5e22), '-25000000000000000000000');
    assert.equal(decimal.fromNumber(Number.NaN), null);
    assert.equal(decimal.fromNumber(Number.POSITIVE_INFINITY), null);
  });

  it('matches the provider number amount to the order string exactly', () => {
    assert.equal(decimal.equalsNumber(5000, '5000.00'), true);
    assert.equal(decimal.equalsNumber(5000.1, '5000.10'), true);
    assert.equal(decimal.equalsNumber(5000.1, '5000.01'), false);
    assert.equal(decimal.equalsNumber(4999.999999, '5000.00'), false);
  });

  it('turns a decimal into the number to send only when a double holds it exactly', () => {
    assert.equal(decimal.toNumber('5000.00'), 5000);
    assert.equal(decimal.toNumber('12.34'), 12.34);
    assert.equal(decimal.toNumber('12345678901234567.89'), null);
    assert.equal(decimal.toNumber('0.1000000000000000055511151231257827'), null);
    assert.equal(decimal.toNumber('x'), null);
  });

  it('formats with at least the minimum fraction digits, never losing digits', () => {
    assert.equal(decimal.format('5000'), '5000.00');
    assert.equal(decimal.format('12.5'), '12.50');
    assert.equal(decimal.format('12.500'), '12.50');
    assert.equal(decimal.format('0.125'), '0.125');
    assert.equal(decimal.format('-0.5'), '-0.50');
    assert.equal(decimal.format('-0.00'), '0.00');
    assert.equal(decimal.format('007.1', 0), '7.1');
    assert.equal(decimal.format('7.0', 0), '7');
  });

  it('tells positive amounts from zero and negatives', () => {
    assert.equal(decimal.isPositive('0.01'), true);
    assert.equal(decimal.isPositive('0.00'), false);
    assert.equal(decimal.isPositive('-5'), false);
    assert.equal(decimal.isPositive('5,00'), false);
  });

  it('adds, negates and multiplies exactly where floats drift', () => {
    assert.equal(decimal.add('0.1', '0.2'), '0.3');
    assert.equal(decimal.add('295000.00', '-29500.00', '22125.00'), '287625.00');
    assert.equal(decimal.add('0'), '0');
    assert.equal(decimal.negate('7.53'), '-7.53');
    assert.equal(decimal.negate('-0.5'), '0.5');
    assert.notEqual(1.15 * 3, 3.45);
    assert.equal(decimal.multiply('1.15', '3'), '3.45');
    assert.equal(decimal.multiply('19.99', '3'), '59.97');
    assert.equal(decimal.multiply('0.1', '2.5'), '0.25');
    assert.equal(decimal.multiply('-1.5', '1.5'), '-2.25');
    assert.throws(() => decimal.add('1', '1e3'), /not a decimal/);
  });

  it('rounds half away from zero, and takes percentages of a base', () => {
    assert.equal(decimal.round('7.5275', 2), '7.53');
    assert.equal(decimal.round('7.525', 2), '7.53');
    assert.equal(decimal.round('7.52499', 2), '7.52');
    assert.equal(decimal.round('-0.125', 2), '-0.13');
    assert.equal(decimal.round('2.5', 0), '3');
    assert.equal(decimal.round('12', 2), '12.00');
    assert.equal(decimal.percentOf('60.22', '12.5', 2), '7.53');
    assert.equal(decimal.percentOf('60.22', '7.5', 2), '4.52');
    assert.equal(decimal.percentOf('295000.00', '10', 2), '29500.00');
    assert.equal(decimal.percentOf('1005', '5', 0), '50');
  });

  it("tells whether an amount fits the currency's minor unit, trailing zeros allowed", () => {
    assert.equal(decimal.minorDigits('NGN'), 2);
    assert.equal(decimal.minorDigits('JPY'), 0);
    assert.equal(decimal.minorDigits('KWD'), 3);
    assert.equal(decimal.fitsMinorUnit('10.01', 'NGN'), true);
    assert.equal(decimal.fitsMinorUnit('10.0100', 'NGN'), true);
    assert.equal(decimal.fitsMinorUnit('10.005', 'NGN'), false);
    assert.equal(decimal.fitsMinorUnit('10.005', 'KWD'), true);
    assert.equal(decimal.fitsMinorUnit('100.5', 'JPY'), false);
    assert.equal(decimal.fitsMinorUnit('100', 'JPY'), true);
  });
});
