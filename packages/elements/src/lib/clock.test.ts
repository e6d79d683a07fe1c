import { expect } from '../test/testing.js';
import { ManualClock, Timeout } from './clock.js';

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

describe('Timeout', () => {
  it('keeps at most one timer, cleared on the clock that set it even after the clock changed', async () => {
    const first = new ManualClock(0);
    const second = new ManualClock(0);
    const seen: string[] = [];
    const timeout = new Timeout();
    timeout.set(first, () => seen.push('first'), 100);
    expect(timeout.pending).to.equal(true);
    // a new timer replaces the pending one, on whichever clock set it
    timeout.set(second, () => seen.push('second'), 100);
    expect(first.pending).to.equal(0);
    timeout.clear();
    expect(second.pending).to.equal(0);
    expect(timeout.pending).to.equal(false);
    timeout.set(first, () => seen.push('third'), 100);
    await first.advance(100);
    expect(seen).to.deep.equal(['third']);
    expect(timeout.pending).to.equal(false);
  });

  it('hands the callback’s promise to the clock, which awaits it', async () => {
    const clock = new ManualClock(0);
    const seen: number[] = [];
    const timeout = new Timeout();
    timeout.set(
      clock,
      async () => {
        // a real macrotask: only awaiting this promise gets past it before advance() answers
        await new Promise((resolve) => setTimeout(resolve, 0));
        seen.push(clock.now());
      },
      100,
    );
    await clock.advance(100);
    expect(seen).to.deep.equal([100]);
  });
});
