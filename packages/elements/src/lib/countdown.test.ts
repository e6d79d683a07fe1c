import { expect } from '../test/testing.js';
import {
  clockOffset,
  crossedMark,
  durationParts,
  msUntilNextTick,
  remainingFraction,
  remainingMs,
} from './countdown.js';

const minute = 60_000;

describe('countdown arithmetic', () => {
  it('measures the time left on the server’s clock, whatever the local clock says', () => {
    const serverTime = '2025-01-01T09:00:00.000Z';
    const expiresAt = '2025-01-01T09:30:00.000Z';
    // a visitor whose clock is ten minutes slow, and one ten minutes fast
    for (const skew of [-10 * minute, 10 * minute, 0]) {
      const receivedAt = Date.parse(serverTime) + skew;
      const offset = clockOffset(serverTime, receivedAt);
      expect(remainingMs(expiresAt, receivedAt, offset)).to.equal(30 * minute);
      expect(remainingMs(expiresAt, receivedAt + 5 * minute, offset)).to.equal(25 * minute);
    }
  });

  it('never goes below zero', () => {
    expect(remainingMs('2025-01-01T09:30:00Z', Date.parse('2025-01-01T10:00:00Z'), 0)).to.equal(0);
  });

  it('refuses timestamps it cannot read', () => {
    expect(() => clockOffset('soon', 0)).to.throw(RangeError);
    expect(() => remainingMs('later', 0, 0)).to.throw(RangeError);
  });

  it('splits a duration, rounding seconds up so 0:00 only shows at the end', () => {
    expect(durationParts(29 * minute + 5_000)).to.deep.equal({ hours: 0, minutes: 29, seconds: 5 });
    expect(durationParts(4_001)).to.deep.equal({ hours: 0, minutes: 0, seconds: 5 });
    expect(durationParts(90 * minute)).to.deep.equal({ hours: 1, minutes: 30, seconds: 0 });
    expect(durationParts(-5)).to.deep.equal({ hours: 0, minutes: 0, seconds: 0 });
  });

  it('ticks on whole seconds of the time left', () => {
    expect(msUntilNextTick(29_500)).to.equal(500);
    expect(msUntilNextTick(30_000)).to.equal(1000);
    expect(msUntilNextTick(1)).to.equal(1);
  });

  it('clamps the fraction left', () => {
    expect(remainingFraction(15 * minute, 30 * minute)).to.equal(0.5);
    expect(remainingFraction(40 * minute, 30 * minute)).to.equal(1);
    expect(remainingFraction(0, 30 * minute)).to.equal(0);
    expect(remainingFraction(5, 0)).to.equal(1);
  });

  it('names the mark just passed, and only the most urgent of several', () => {
    const marks = [10 * minute, 5 * minute, 1 * minute];
    expect(crossedMark(10 * minute + 1, 10 * minute, marks)).to.equal(10 * minute);
    expect(crossedMark(10 * minute, 9 * minute, marks)).to.equal(null);
    expect(crossedMark(11 * minute, 30_000, marks)).to.equal(1 * minute);
    expect(crossedMark(20 * minute, 19 * minute, marks)).to.equal(null);
  });
});
