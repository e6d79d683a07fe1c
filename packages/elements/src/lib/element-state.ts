// What an element shows of its state to the page's CSS and scripts: one custom state of a set
// (`:state(paid)`) and its status as an attribute (`[status='paid']`).

/** The part of `CustomStateSet` (ElementInternals.states) this needs; a `Set<string>` has it too. */
export interface StateSet {
  add(name: string): unknown;
  delete(name: string): unknown;
}

/** The part of `Element` this needs. */
export interface AttributeTarget {
  setAttribute(name: string, value: string): void;
  removeAttribute(name: string): void;
}

/**
 * Turns on the custom state `current` and turns off every other of `names`; none at all for null.
 * Then sets the `status` attribute of `host` to `status`, or removes it when there is none.
 */
export function showState<S extends string>(
  host: AttributeTarget,
  states: StateSet,
  names: readonly S[],
  current: S | null,
  status: string | null,
): void {
  for (const name of names) {
    if (name === current) states.add(name);
    else states.delete(name);
  }
  if (status) host.setAttribute('status', status);
  else host.removeAttribute('status');
}
