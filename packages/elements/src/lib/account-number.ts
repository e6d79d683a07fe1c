// Account numbers for reading aloud and by eye: grouped on screen ("991 234 5678"), digit by
// digit for screen readers, and always copied unspaced.

/** The account number with every space and separator removed: what a bank app wants pasted. */
export function compactAccountNumber(value: string): string {
  return value.replace(/[\s\-.]/g, '');
}

/**
 * Splits an account number into groups for reading: digits in threes with a final four rather
 * than a lone digit (10 digits → 3 3 4, as Nigerian NUBANs are read), anything alphanumeric
 * (an IBAN) in fours.
 */
export function groupAccountNumber(value: string): string[] {
  const compact = compactAccountNumber(value);
  if (compact === '') return [];
  const size = /^\d+$/.test(compact) ? 3 : 4;
  const groups: string[] = [];
  for (let i = 0; i < compact.length; i += size) groups.push(compact.slice(i, i + size));
  const last = groups.at(-1);
  if (size === 3 && groups.length > 1 && last !== undefined && last.length === 1) {
    groups.pop();
    groups[groups.length - 1] += last;
  }
  return groups;
}

/** The grouped form joined for display: "991 234 5678". */
export function displayAccountNumber(value: string): string {
  return groupAccountNumber(value).join(' ');
}

/**
 * The form a screen reader reads one character at a time with a pause between groups:
 * "9 9 1, 2 3 4, 5 6 7 8".
 */
export function spokenAccountNumber(value: string): string {
  return groupAccountNumber(value)
    .map((group) => [...group].join(' '))
    .join(', ');
}
