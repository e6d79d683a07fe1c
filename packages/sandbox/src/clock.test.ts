import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createClock, isoOffset, isoZ } from './clock.js';

describe('clock', () => {
  it('a frozen clock moves only through advance()', () => {
    const clock = createClock({ frozen: true, start: new Date('2025-01-15T10:00:00Z') });
    assert.equal(clock.now(), Date.parse('2025-01-15T10:00:00Z'));
    clock.advance(90_000);
    assert.equal(clock.now(), Date.parse('2025-01-15T10:01:30Z'));
    assert.throws(() => clock.advance(-1), RangeError);
  });

  it('a running clock is real time plus what advance() added', () => {
    const clock = createClock({ start: 0 });
    const before = clock.now();
    clock.advance(3_600_000);
    assert.ok(clock.now() - before >= 3_600_000);
    assert.ok(clock.now() - before < 3_600_000 + 5_000);
  });

  it('formats both timestamp forms the spec shows', () => {
    const at = Date.parse('2025-01-15T10:00:00.123Z');
    assert.equal(isoZ(at), '2025-01-15T10:00:00Z');
    assert.equal(isoOffset(at), '2025-01-15T10:00:00.123000+00:00');
    assert.equal(Date.parse(isoOffset(at)), at);
  });
});
