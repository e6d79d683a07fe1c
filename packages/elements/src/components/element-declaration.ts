// What an element declares once, in its folder (`components/<name>/<name>.element.ts`): its tag, its
// class, the events it fires and its size budgets. `scripts/elements.mjs` (run by the elements'
// build; a test holds its output to a fresh run) makes from these its define module, the tag map
// and event lists (`src/elements.generated.ts`), the index's exports, the React wrappers and
// `elements.json`, which the size budgets and the tests' lists read.
//
// A declaration is plain data with type imports only: the generator reads it without loading lit.

/** A size budget as size-limit reads it: "16.6 kB". */
type Budget = `${number} kB`;

export interface ElementDeclaration {
  /** The tag, `pay-` and the folder's name: "pay-link". */
  readonly tag: `pay-${string}`;
  /** The class, exported by `<name>.ts`: "PayLink". */
  readonly className: `Pay${string}`;
  /** What it is, in a few words: the React wrapper's doc ("a payment link to pass on, with its QR code"). */
  readonly summary: string;
  /** The events it fires, as its class's `@event` tags say (a test compares them with custom-elements.json). */
  readonly events: readonly (keyof GlobalEventHandlersEventMap)[];
  /** Whether it may show a <pay-qr> (loaded once it shows one): said in its define module. */
  readonly showsQr?: boolean;
  /** What else the package's index exports from `<name>.ts`: "invoicePollSchedule", "type InvoiceViewState". */
  readonly exports?: readonly string[];
  /** Its size budgets, gzip: the first load of its define module, and its script-tag files (.size-limit.mjs). */
  readonly budgets: { readonly firstLoad: Budget; readonly module: Budget; readonly classic: Budget };
}
