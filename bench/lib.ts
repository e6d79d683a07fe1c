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

/**
 * The source of a simulated browser's status poll, for the benches' worker threads (`get`, `base`
 * in scope there): one GET on the browser's own keep-alive agent with its last ETag; its status,
 * ETag and body, or status 0 and the error (a timeout after 10 s). `sleep(ms)` comes with it.
 */
export const browserPoll = `const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
function poll(agent, path, etag) {
  return new Promise((resolve) => {
    const headers = etag ? { 'if-none-match': etag } : {};
    const request = get(base + path, { agent, headers, timeout: 10000 }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, etag: res.headers.etag, body: Buffer.concat(chunks).toString() }));
      res.on('error', (e) => resolve({ status: 0, error: String(e) }));
    });
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', (e) => resolve({ status: 0, error: String(e) }));
  });
}
`;
