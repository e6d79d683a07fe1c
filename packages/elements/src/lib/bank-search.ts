// Type-ahead search over a bank list for <pay-bank-picker>. Names are folded once per list (case
// and accents ignored: "Société Générale" is found by "societe"), then each query is one pass over
// the list: matches at the start of a word first, then matches anywhere, each in list order.
import type { BankEntry } from '@pay-elements/protocol';

/** A bank with its name folded for comparison; made once per list by {@link prepareBanks}. */
export interface PreparedBank {
  readonly bank: BankEntry;
  readonly folded: string;
}

export interface SearchResult {
  /** The matches to show, best first, at most `limit` of them. */
  readonly matches: readonly BankEntry[];
  /** How many banks match in all (may be more than `matches.length`). */
  readonly total: number;
}

/**
 * `text` as compared: lower-cased, decomposed (NFD) with its combining marks removed, runs of
 * white space as one space, trimmed.
 */
export function foldText(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
}

const wordCharacter = /[\p{L}\p{N}]/u;

/** Whether `index` in `folded` starts a word: the first character, or one after a non-alphanumeric. */
function startsWord(folded: string, index: number): boolean {
  return index === 0 || !wordCharacter.test(folded.charAt(index - 1));
}

/**
 * How `query` (already folded) matches `folded`: 0 at the start of a word, 1 inside a word, -1 not
 * at all. The empty query matches everything at rank 0.
 */
export function matchRank(folded: string, query: string): -1 | 0 | 1 {
  if (query === '') return 0;
  let index = folded.indexOf(query);
  if (index === -1) return -1;
  while (index !== -1) {
    if (startsWord(folded, index)) return 0;
    index = folded.indexOf(query, index + 1);
  }
  return 1;
}

/**
 * Folds every name once, keeps the first bank of each code, and orders the list by folded name
 * (then by code) so that it reads alphabetically whatever order the backend answered in.
 */
export function prepareBanks(banks: readonly BankEntry[]): PreparedBank[] {
  const seen = new Set<string>();
  const prepared: PreparedBank[] = [];
  for (const bank of banks) {
    if (seen.has(bank.code)) continue;
    seen.add(bank.code);
    prepared.push({ bank, folded: foldText(bank.name) });
  }
  return prepared.sort((a, b) => compare(a.folded, b.folded) || compare(a.bank.code, b.bank.code));
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The banks whose name contains `query` (case and accents ignored), word-start matches first, in
 * one pass over `prepared`. Only the first `limit` are returned; `total` counts them all.
 */
export function searchBanks(
  prepared: readonly PreparedBank[],
  query: string,
  limit: number = Number.POSITIVE_INFINITY,
): SearchResult {
  const folded = foldText(query);
  const atWordStart: BankEntry[] = [];
  const inside: BankEntry[] = [];
  let total = 0;
  for (const entry of prepared) {
    const rank = matchRank(entry.folded, folded);
    if (rank === -1) continue;
    total++;
    const bucket = rank === 0 ? atWordStart : inside;
    if (bucket.length < limit) bucket.push(entry.bank);
  }
  const matches = atWordStart.length >= limit ? atWordStart : atWordStart.concat(inside).slice(0, limit);
  return { matches, total };
}
