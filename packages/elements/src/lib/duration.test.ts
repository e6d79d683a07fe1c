import { expect } from '../test/testing.js';
import { formatClockFace, formatDurationWords, hasDurationFormat } from './duration.js';

const minute = 60_000;

describe('durations', () => {
  it('uses Intl.DurationFormat in this Chromium', () => {
    expect(hasDurationFormat).to.equal(true);
  });

  it('shows a clock face', () => {
    expect(formatClockFace(29 * minute + 5000, 'en')).to.equal('29:05');
    expect(formatClockFace(5000, 'en')).to.equal('0:05');
    expect(formatClockFace(90 * minute, 'en')).to.equal('1:30:00');
    expect(formatClockFace(0, 'en')).to.equal('0:00');
    expect(formatClockFace(65_000, 'ar-EG')).to.equal('1:05');
  });

  for (const native of [true, false]) {
    const how = native ? 'Intl.DurationFormat' : 'the NumberFormat fallback';

    it(`says a duration in words through ${how}`, () => {
      expect(formatDurationWords(29 * minute + 5000, 'en', native)).to.equal('29 minutes, 5 seconds');
      expect(formatDurationWords(1 * minute, 'en', native)).to.equal('1 minute');
      expect(formatDurationWords(10 * minute, 'fr', native).replace(/\s/g, ' ')).to.equal('10 minutes');
      expect(formatDurationWords(0, 'en', native)).to.equal('0 seconds');
    });
  }
});
