import { expect } from '../test/testing.js';
import { formatCalendarDate, formatRelativeTime, relativeTimeParts } from './dates.js';

const day = 86_400_000;
const now = Date.UTC(2025, 0, 15, 10);

describe('formatCalendarDate', () => {
  it('shows the day of a timestamp in the given zone', () => {
    expect(formatCalendarDate('2025-01-23T10:00:00Z', 'en-GB', 'UTC')).to.equal('23 January 2025');
    expect(formatCalendarDate('2025-01-23T23:30:00Z', 'en-GB', 'Africa/Lagos')).to.equal('24 January 2025');
    expect(formatCalendarDate('2025-01-23T10:00:00Z', 'fr', 'UTC')).to.equal('23 janvier 2025');
  });

  it('shows a bare date as that calendar day wherever the visitor is', () => {
    expect(formatCalendarDate('2025-01-23', 'en-US', 'America/Los_Angeles')).to.equal('January 23, 2025');
  });

  it('refuses what is not a date', () => {
    expect(() => formatCalendarDate('soon', 'en')).to.throw(RangeError);
  });
});

describe('relativeTimeParts', () => {
  it('picks the unit that says it best, signed', () => {
    expect(relativeTimeParts(now + 30 * 1000, now)).to.deep.equal({ value: 30, unit: 'second' });
    expect(relativeTimeParts(now - 5 * 60_000, now)).to.deep.equal({ value: -5, unit: 'minute' });
    expect(relativeTimeParts(now + 3 * 3_600_000, now)).to.deep.equal({ value: 3, unit: 'hour' });
    expect(relativeTimeParts(now + 30 * day, now)).to.deep.equal({ value: 30, unit: 'day' });
    expect(relativeTimeParts(now - 3 * day, now)).to.deep.equal({ value: -3, unit: 'day' });
    expect(relativeTimeParts(now + 90 * day, now)).to.deep.equal({ value: 3, unit: 'month' });
    expect(relativeTimeParts(now + 800 * day, now)).to.deep.equal({ value: 2, unit: 'year' });
  });

  it('says zero, never minus zero, for now', () => {
    expect(Object.is(relativeTimeParts(now, now).value, 0)).to.equal(true);
    expect(Object.is(relativeTimeParts(now - 100, now).value, 0)).to.equal(true);
  });
});

describe('formatRelativeTime', () => {
  it('words it with Intl.RelativeTimeFormat', () => {
    expect(formatRelativeTime(new Date(now + 30 * day).toISOString(), now, 'en')).to.equal('in 30 days');
    expect(formatRelativeTime(new Date(now - 3 * day).toISOString(), now, 'en')).to.equal('3 days ago');
    expect(formatRelativeTime(new Date(now + day).toISOString(), now, 'en')).to.equal('tomorrow');
    expect(formatRelativeTime(new Date(now + 30 * day).toISOString(), now, 'fr')).to.equal('dans 30 jours');
  });
});
