import { expect } from '../test/testing.js';
import { darkModulesOfPath, modulesPath } from './qr-path.js';

function matrix(rows: string[]): { size: number; get(r: number, c: number): number } {
  return { size: rows.length, get: (r, c) => (rows[r]?.[c] === '#' ? 1 : 0) };
}

describe('QR path', () => {
  it('draws each horizontal run of dark modules once, offset by the quiet zone', () => {
    const m = matrix(['##.', '.#.', '###']);
    expect(modulesPath(m, 4)).to.equal('M4 4h2v1h-2zM5 5h1v1h-1zM4 6h3v1h-3z');
  });

  it('reads back exactly the dark modules it drew', () => {
    const rows = ['#.#.#', '.....', '#####', '.#.#.', '##..#'];
    const cells = darkModulesOfPath(modulesPath(matrix(rows)));
    const expected = new Set<string>();
    rows.forEach((row, r) => [...row].forEach((ch, c) => ch === '#' && expected.add(`${r},${c}`)));
    expect([...cells].sort()).to.deep.equal([...expected].sort());
  });
});
