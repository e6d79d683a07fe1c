// The one clock behind every timestamp, expiry and rate-limit window of the emulator. Tests inject a
// frozen clock and move it with advance(); the CLI runs on real time plus whatever advance() added.

export interface SandboxClock {
  /** now, in epoch milliseconds */
  now(): number;
  /** moves the clock forward by `ms` milliseconds */
  advance(ms: number): void;
}

export interface ClockOptions {
  /** where the clock starts; default: the real time now */
  start?: number | Date;
  /** frozen: time moves only through advance(); otherwise real time plus an offset that advance() grows */
  frozen?: boolean;
}

export function createClock(options: ClockOptions = {}): SandboxClock {
  const start = options.start instanceof Date ? options.start.getTime() : (options.start ?? Date.now());
  if (!Number.isFinite(start)) throw new RangeError('createClock: start must be a valid time');
  const checked = (ms: number): number => {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError('clock.advance: ms must be a finite number ≥ 0');
    return ms;
  };
  if (options.frozen) {
    let now = start;
    return {
      now: () => now,
      advance: (ms) => {
        now += checked(ms);
      },
    };
  }
  let offset = start - Date.now();
  return {
    now: () => Date.now() + offset,
    advance: (ms) => {
      offset += checked(ms);
    },
  };
}

/** `2025-01-15T10:00:00Z`: the plain form most resources use (second precision, `Z`). */
export function isoZ(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

/**
 * `2025-01-15T10:00:00.123000+00:00`: fractional seconds and a numeric offset, the other form the spec
 * shows. Used for customers and single-use accounts.
 */
export function isoOffset(ms: number): string {
  const text = new Date(ms).toISOString(); // 2025-01-15T10:00:00.123Z
  return `${text.slice(0, 23)}000+00:00`;
}

export const MINUTE = 60_000;
export const DAY = 24 * 60 * MINUTE;
