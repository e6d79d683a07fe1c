import { expect } from '../test/testing.js';
import { defaultPollSchedule, nextPollDelay } from './poll-schedule.js';

describe('poll schedule', () => {
  it('polls every 2 s during the first minute', () => {
    for (const elapsed of [0, 2000, 30_000, 59_999]) expect(nextPollDelay(elapsed, 2000)).to.equal(2000);
  });

  it('then doubles the delay up to 10 s', () => {
    const delays: number[] = [];
    let previous = 2000;
    for (let i = 0; i < 5; i++) {
      previous = nextPollDelay(60_000 + i * 10_000, previous);
      delays.push(previous);
    }
    expect(delays).to.deep.equal([4000, 8000, 10_000, 10_000, 10_000]);
  });

  it('backs off from the start after a failure (elapsed = ∞)', () => {
    expect(nextPollDelay(Number.POSITIVE_INFINITY, null)).to.equal(4000);
  });

  it('takes another schedule', () => {
    const schedule = { ...defaultPollSchedule, fast: 1000, max: 3000 };
    expect(nextPollDelay(0, null, schedule)).to.equal(1000);
    expect(nextPollDelay(60_000, 2000, schedule)).to.equal(3000);
  });
});
