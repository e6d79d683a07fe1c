// A long, made-up bank list for search and rendering tests (no backend involved).
import type { BankEntry } from '@pay-elements/protocol';

/** `count` banks with made-up, partly accented names, in no particular order. */
export function manyBanks(count: number): BankEntry[] {
  const words = [
    'Crédit',
    'Union',
    'Agricole',
    'Première',
    'Savings',
    'Trust',
    'Mutual',
    'Équité',
    'Capital',
  ];
  return Array.from({ length: count }, (_, i) => ({
    code: String(100000 + ((i * 7919) % count)),
    name: `${words[i % words.length] ?? ''} ${words[(i * 5 + 3) % words.length] ?? ''} Bank ${i + 1}`,
  }));
}
