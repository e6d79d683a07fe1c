// The digits every formatter writes, in each engine: Latin in every language, Arabic included
// (lib/intl.ts says why). Left to the engine, WebKit writes `ar` with Arabic-Indic digits and every
// engine writes `ar-EG` so.
import { expect } from '../test/testing.js';
import { formatCalendarDate, formatRelativeTime } from './dates.js';
import { formatClockFace, formatDurationWords } from './duration.js';
import { dateTimeFormat } from './intl.js';
import { formatMoney } from './money.js';
import { formatDecimal, formatPercent, formatQuantity } from './numbers.js';

/** Arabic-Indic and Eastern Arabic-Indic (Persian) digits. */
const arabicDigits = /[\u0660-\u0669\u06f0-\u06f9]/;

describe('the digits of every formatter', () => {
  for (const locale of ['ar', 'ar-EG', 'ar-SA']) {
    it(`are Latin in ${locale}`, () => {
      const written = [
        formatMoney('295000.00', 'NGN', locale),
        formatDecimal('15000.5', locale),
        formatPercent('7.5', locale),
        formatQuantity(12, locale),
        formatClockFace(29 * 60_000 + 5000, locale),
        formatDurationWords(29 * 60_000 + 5000, locale),
        formatDurationWords(29 * 60_000 + 5000, locale, false),
        formatCalendarDate('2025-01-23', locale),
        formatRelativeTime('2025-01-26T00:00:00Z', Date.parse('2025-01-23T00:00:00Z'), locale),
        dateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(0),
      ];
      for (const text of written) {
        expect(arabicDigits.test(text), text).to.equal(false);
        expect(/[0-9]/.test(text), text).to.equal(true);
      }
      expect(formatMoney('295000.00', 'NGN', locale)).to.include('295,000.00');
      expect(formatClockFace(29 * 60_000 + 5000, locale)).to.equal('29:05');
    });
  }
});
