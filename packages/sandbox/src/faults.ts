// Injected failures and latency on /v1 routes, for tests and demos of a provider that misbehaves.
import { DropConnection } from '@pay-elements/http';
import { STATUS_CODES } from 'node:http';
import { newId } from './ids.js';

export interface FaultInput {
  /** `/v1/...`: the fault hits requests whose path starts with this */
  path_prefix: string;
  /** only this method; default any */
  method?: string | undefined;
  /** answer this status with the failure envelope */
  status?: number | undefined;
  /** wait this long (real time) before answering */
  delay_ms?: number | undefined;
  /** hit at most this many requests; default every one until cleared */
  times?: number | undefined;
  /** destroy the connection with no answer */
  drop?: boolean | undefined;
  /** emulator-clock time after which it stops hitting (a timed outage); default never */
  until?: number | undefined;
}

export interface Fault {
  id: string;
  path_prefix: string;
  method: string | null;
  status: number | null;
  delay_ms: number;
  /** requests it will still hit; null for no limit */
  times: number | null;
  drop: boolean;
  /** ISO time on the emulator's clock when it stops hitting; null for never */
  until: string | null;
}

/** The failure message of an injected status: `service unavailable` for 503. */
export function faultMessage(status: number): string {
  return (STATUS_CODES[status] ?? 'injected failure').toLowerCase();
}

/** Thrown when a fault drops the connection; the node adapter destroys the socket. */
export class DroppedConnection extends DropConnection {
  override readonly name = 'DroppedConnection';
  constructor() {
    super('connection dropped by an injected fault');
  }
}

export class FaultRegistry {
  #faults: Array<Fault & { untilMs: number | null }> = [];

  add(input: FaultInput): Fault {
    const fault: Fault = {
      id: newId('flt'),
      path_prefix: input.path_prefix,
      method: input.method?.toUpperCase() ?? null,
      status: input.status ?? null,
      delay_ms: input.delay_ms ?? 0,
      times: input.times ?? null,
      drop: input.drop ?? false,
      until: input.until === undefined ? null : new Date(input.until).toISOString(),
    };
    this.#faults.push({ ...fault, untilMs: input.until ?? null });
    return fault;
  }

  clear(): void {
    this.#faults = [];
  }

  list(): Fault[] {
    return this.#faults.map(({ untilMs: _, ...f }) => f);
  }

  /** The first fault that hits this request at `now` (emulator time), counted against its `times`. */
  take(method: string, path: string, now: number): Fault | undefined {
    this.#faults = this.#faults.filter((f) => f.untilMs === null || now < f.untilMs);
    const index = this.#faults.findIndex(
      (f) => path.startsWith(f.path_prefix) && (f.method === null || f.method === method),
    );
    const fault = this.#faults[index];
    if (!fault) return undefined;
    if (fault.times !== null) {
      fault.times -= 1;
      if (fault.times <= 0) this.#faults.splice(index, 1);
    }
    const { untilMs: _, ...view } = fault;
    return view;
  }
}
