// What the conformance suites share: the factory a store's author gives, the shape of a test that
// any runner can run (node:test, vitest, jest, Deno's or Bun's), and running work on several
// connections to one database at once. Only node:assert is imported, never a test runner.
import type { PayStore } from '../store/contract.js';

/** How the suites reach the store under test. */
export interface StoreFactory {
  /**
   * `count` connections to one new, empty database: separate clients or pools, as separate processes
   * would hold (a MemoryStore: the same store `count` times). The suite closes them after each test.
   */
  connect(count: number): Promise<PayStore[]>;
  /**
   * Whether a commit on one connection is announced to the listeners of the others (PostgreSQL's
   * LISTEN/NOTIFY; a MemoryStore trivially); default false: announcements stay in their process.
   */
  sharesAnnouncements?: boolean;
}

/** One test of a suite: run it under any runner (`test(\`${t.block}: ${t.name}\`, t.run)`). */
export interface ConformanceTest {
  /** The building block it checks: `records`, `outbox`, `once`, `changes` or `health`. */
  block: string;
  name: string;
  /** Connects, checks, closes the connections; rejects with an AssertionError when the store fails. */
  run(): Promise<void>;
}

/** The connections a test holds: `at(i)` is the i-th (wrapping around), `all` every one. */
export interface Connections {
  all: readonly PayStore[];
  at(i: number): PayStore;
}

/** A suite's tests as they are declared: `test(name, connections, body)`. */
/** One check of a block: its name, how many connections it takes, what it does with them. */
export type Check = readonly [name: string, count: number, body: (c: Connections) => Promise<void>];

export function suite(block: string, factory: StoreFactory, checks: readonly Check[]): ConformanceTest[] {
  return checks.map(([name, count, body]) => ({
    block,
    name,
    run: () => withConnections(factory, count, body),
  }));
}

async function withConnections(
  factory: StoreFactory,
  count: number,
  body: (c: Connections) => Promise<void>,
): Promise<void> {
  const all = await factory.connect(count);
  try {
    if (all.length !== count)
      throw new RangeError(`factory.connect(${count}) answered ${all.length} connections`);
    await body({
      all,
      at: (i) => {
        const store = all[i % all.length];
        if (!store) throw new RangeError('no connection');
        return store;
      },
    });
  } finally {
    for (const store of new Set(all)) await store.close();
  }
}

/** Runs `work` `times` at once, spread over the connections in turn. */
export function across<T>(c: Connections, times: number, work: (store: PayStore, i: number) => Promise<T>) {
  return Promise.all(Array.from({ length: times }, (_, i) => work(c.at(i), i)));
}

/** How many of the answers are true. */
export function wins(answers: readonly boolean[]): number {
  return answers.filter(Boolean).length;
}
