// The kit's notion of time, injected everywhere (tests move it by hand): a module of its own, so
// that anything may ask the time without importing the kit's configuration.
export interface Clock {
  /** milliseconds since the epoch */
  now(): number;
}
