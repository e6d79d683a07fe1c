// Durations through Intl: Intl.DurationFormat where the browser has it, otherwise composed from
// Intl.NumberFormat units and Intl.ListFormat. Never by string concatenation of translated words.
import { durationParts } from './countdown.js';
import { latinLocale, numberFormat } from './intl.js';

interface DurationInput {
  hours?: number;
  minutes?: number;
  seconds?: number;
}

interface DurationFormatLike {
  format(duration: DurationInput): string;
}

type DurationFormatConstructor = new (
  locale: string,
  options: { style: 'long'; secondsDisplay?: 'auto' | 'always' },
) => DurationFormatLike;

function isConstructor(value: unknown): value is DurationFormatConstructor {
  return typeof value === 'function';
}

/** Intl.DurationFormat if this browser has it (TypeScript's lib does not declare it yet). */
function durationFormat(): DurationFormatConstructor | null {
  const candidate: unknown = Reflect.get(Intl, 'DurationFormat');
  return isConstructor(candidate) ? candidate : null;
}

/** Whether formatting uses Intl.DurationFormat (true in current Chromium) or the fallback. */
export const hasDurationFormat = durationFormat() !== null;

/**
 * A running clock face for `ms`: "29:05", or "1:29:05" past an hour, with the locale's digits.
 * (Composed with NumberFormat: Intl.DurationFormat's digital style pads a zero minute to "00:05".)
 */
export function formatClockFace(ms: number, locale: string): string {
  const { hours, minutes, seconds } = durationParts(ms);
  const two = numberFormat(locale, { minimumIntegerDigits: 2, useGrouping: false });
  const one = numberFormat(locale, { useGrouping: false });
  return hours > 0
    ? `${one.format(hours)}:${two.format(minutes)}:${two.format(seconds)}`
    : `${one.format(minutes)}:${two.format(seconds)}`;
}

/** A duration in words: "29 minutes, 5 seconds", "1 minute"; zero units left out. */
export function formatDurationWords(ms: number, locale: string, native = hasDurationFormat): string {
  const { hours, minutes, seconds } = durationParts(ms);
  const input: DurationInput = {};
  if (hours) input.hours = hours;
  if (minutes) input.minutes = minutes;
  if (seconds || (!hours && !minutes)) input.seconds = seconds;
  const DurationFormat = native ? durationFormat() : null;
  if (DurationFormat) {
    const secondsDisplay = hours || minutes || seconds ? 'auto' : 'always';
    return new DurationFormat(latinLocale(locale), { style: 'long', secondsDisplay }).format(input);
  }
  const units = (['hours', 'minutes', 'seconds'] as const).flatMap((unit) => {
    const value = input[unit];
    if (value === undefined) return [];
    const format = numberFormat(locale, {
      style: 'unit',
      unit: unit.slice(0, -1),
      unitDisplay: 'long',
    });
    return [format.format(value)];
  });
  return new Intl.ListFormat(locale, { style: 'long', type: 'unit' }).format(units);
}
