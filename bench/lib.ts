// Shared bits of the benchmarks: table printing and a little statistics. Benchmarks report figures
// and ratios against a baseline measured in the same run; they never pass or fail on time.

export function table(title: string, rows: Array<Record<string, string | number>>): void {
  console.log(`\n${title}`);
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0] ?? {});
  const width = (c: string) => Math.max(c.length, ...rows.map((r) => String(r[c] ?? '').length));
  const line = (cells: string[]) =>
    `  ${cells.map((cell, i) => cell.padEnd(width(columns[i] ?? ''))).join('  ')}`;
  console.log(line(columns));
  console.log(line(columns.map((c) => '-'.repeat(width(c)))));
  for (const row of rows) console.log(line(columns.map((c) => String(row[c] ?? ''))));
}

export const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
export const ratio = (value: number, baseline: number) => `${(value / baseline).toFixed(2)}×`;

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? 0;
}
