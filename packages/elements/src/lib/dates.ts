// Dates for invoices and payment links, through Intl: a calendar date, and a point in time relative
// to now ("in 3 days", "yesterday").
import { dateTimeFormat, relativeTimeFormat } from './intl.js';

const dateOnly = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The day of `iso` for `locale` ("23 January 2025"). A bare date ("2025-01-23") is that calendar day
 * wherever the visitor is; a timestamp is shown on the visitor's own calendar.
 */
export function formatCalendarDate(iso: string, locale: string, timeZone?: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) throw new RangeError(`not a date: ${JSON.stringify(iso)}`);
  const zone = dateOnly.test(iso) ? 'UTC' : timeZone;
  return dateTimeFormat(locale, {
    dateStyle: 'long',
    ...(zone ? { timeZone: zone } : {}),
  }).format(time);
}

const second = 1000;
const minute = 60 * second;
const hour = 60 * minute;
const day = 24 * hour;

/**
 * The unit and rounded count that best say how far `target` is from `now` (negative in the past):
 * seconds under a minute, minutes under an hour, hours under a day, days under 45 days, months under
 * a year (30-day months), then years (365 days).
 */
export function relativeTimeParts(
  target: number,
  now: number,
): { value: number; unit: 'second' | 'minute' | 'hour' | 'day' | 'month' | 'year' } {
  const diff = target - now;
  const size = Math.abs(diff);
  const round = (unitMs: number): number => {
    const value = Math.round(size / unitMs) * Math.sign(diff);
    return value === 0 ? 0 : value; // no -0
  };
  if (size < minute) return { value: round(second), unit: 'second' };
  if (size < hour) return { value: round(minute), unit: 'minute' };
  if (size < day) return { value: round(hour), unit: 'hour' };
  if (size < 45 * day) return { value: round(day), unit: 'day' };
  if (size < 365 * day) return { value: round(30 * day), unit: 'month' };
  return { value: round(365 * day), unit: 'year' };
}

/** `iso` relative to `now` in words for `locale`: "in 30 days", "3 days ago", "tomorrow". */
export function formatRelativeTime(iso: string, now: number, locale: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) throw new RangeError(`not a date: ${JSON.stringify(iso)}`);
  const { value, unit } = relativeTimeParts(time, now);
  return relativeTimeFormat(locale, { numeric: 'auto' }).format(value, unit);
}
