import { expect } from '../test/testing.js';
import { ManualClock } from './clock.js';

describe('ManualClock', () => {
  it('runs due timers in order, each at its own time', async () => {
    const clock = new ManualClock(1000);
    const seen: string[] = [];
    clock.setTimeout(() => seen.push(`b@${clock.now()}`), 200);
    clock.setTimeout(() => seen.push(`a@${clock.now()}`), 100);
    const cancelled = clock.setTimeout(() => seen.push('never'), 150);
    clock.clearTimeout(cancelled);
    await clock.advance(150);
    expect(seen).to.deep.equal(['a@1100']);
    expect(clock.now()).to.equal(1150);
    await clock.advance(100);
    expect(seen).to.deep.equal(['a@1100', 'b@1200']);
    expect(clock.pending).to.equal(0);
  });

  it('awaits a timer’s promise and runs timers it schedules when they fall due', async () => {
    const clock = new ManualClock(0);
    const seen: number[] = [];
    const tick = async (): Promise<void> => {
      await Promise.resolve();
      seen.push(clock.now());
      clock.setTimeout(tick, 1000);
    };
    clock.setTimeout(tick, 1000);
    await clock.advance(3500);
    expect(seen).to.deep.equal([1000, 2000, 3000]);
  });
});
