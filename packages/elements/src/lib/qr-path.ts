// A QR code's module matrix as one SVG path: each horizontal run of dark modules one rectangle,
// offset by the quiet zone. Pure, so the drawing is tested apart from the element.

/** The part of qrcode's BitMatrix the drawing needs. */
export interface ModuleMatrix {
  size: number;
  get(row: number, col: number): number;
}

/** The quiet zone around the symbol, in modules (the QR specification asks for 4). */
export const quietZone = 4;

/** The SVG path data of the dark modules, each run `M{x} {y}h{n}v1h-{n}z`. */
export function modulesPath(matrix: ModuleMatrix, margin = quietZone): string {
  const parts: string[] = [];
  for (let row = 0; row < matrix.size; row++) {
    let col = 0;
    while (col < matrix.size) {
      if (!matrix.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < matrix.size && matrix.get(row, col)) col++;
      const run = col - start;
      parts.push(`M${start + margin} ${row + margin}h${run}v1h-${run}z`);
    }
  }
  return parts.join('');
}

/** The dark modules a path from {@link modulesPath} draws, as "row,col" keys (for tests and checks). */
export function darkModulesOfPath(path: string, margin = quietZone): Set<string> {
  const cells = new Set<string>();
  for (const match of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    const x = Number(match[1]) - margin;
    const y = Number(match[2]) - margin;
    const run = Number(match[3]);
    for (let i = 0; i < run; i++) cells.add(`${y},${x + i}`);
  }
  return cells;
}
