// What every store checks of a commit before it writes anything: the names, keys and ids the contract
// allows (store/contract.ts), so that a flow's mistake is a clear error at once, the same on every
// store, and never a half-written commit or a key one database takes and another refuses.
import { PayError } from '../errors.js';
import { KEY_PATTERN, NAME_PATTERN, type Commit } from './contract.js';

/** A commit, a collection, a key or an id that the store contract does not allow. */
export class StoreContractError extends PayError {
  override readonly name = 'StoreContractError';
}

export function checkName(what: string, name: string): void {
  if (!NAME_PATTERN.test(name))
    throw new StoreContractError(`${what} ${JSON.stringify(name)} must be 1 to 64 of [a-z0-9_.:-]`);
}

export function checkKey(what: string, key: string): void {
  if (!KEY_PATTERN.test(key))
    throw new StoreContractError(
      `${what} ${JSON.stringify(key.slice(0, 80))} must be 1 to 512 printable ASCII characters`,
    );
}

/** Throws a StoreContractError for the first thing in the commit the contract does not allow. */
export function checkCommit(commit: Commit): void {
  const seen = new Set<string>();
  for (const write of commit.writes ?? []) {
    checkName('collection', write.collection);
    checkKey('key', write.key);
    const id = `${write.collection}\u0000${write.key}`;
    if (seen.has(id))
      throw new StoreContractError(`the commit writes ${write.collection}/${write.key} twice`);
    seen.add(id);
    if (write.expect !== undefined && !(Number.isInteger(write.expect) && write.expect >= 0))
      throw new StoreContractError(
        `expect must be a version (a whole number ≥ 0), not ${String(write.expect)}`,
      );
  }
  for (const owed of commit.owe ?? []) {
    checkName('topic', owed.topic);
    checkKey('outbox id', owed.id);
    if (!Number.isFinite(owed.dueAt)) throw new StoreContractError('dueAt must be a time in ms');
  }
}
