import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compareValues, paginate } from './list.js';
import { ValidationFailure } from './responses.js';

interface Row {
  id: string;
  amount: string;
  created_at: string;
}
const rows: Row[] = Array.from({ length: 7 }, (_, i) => ({
  id: `r${i}`,
  amount: `${(i * 37) % 11}.50`,
  created_at: `2025-01-0${1 + (i % 3)}T00:00:00Z`,
}));
const options = { fields: ['id', 'amount', 'created_at'] as const };
const url = (query: string) => new URL(`http://x/list?${query}`);

describe('list helpers', () => {
  it('pages with 0-indexed arithmetic', () => {
    const page = paginate(rows, url('page=2&size=3'), options);
    assert.deepEqual(
      { ...page, items: page.items.length },
      {
        items: 1,
        page: 2,
        size: 3,
        max_page: 2,
        total_pages: 3,
        total: 7,
        last: true,
        first: false,
        visible: 1,
      },
    );
    const empty = paginate([], url(''), options);
    assert.deepEqual(empty, {
      items: [],
      page: 0,
      size: 20,
      max_page: 0,
      total_pages: 0,
      total: 0,
      last: true,
      first: true,
      visible: 0,
    });
  });

  it('clamps the size to 100 and refuses nonsense', () => {
    assert.equal(paginate(rows, url('size=1000'), options).size, 100);
    for (const query of ['size=0', 'size=-1', 'page=-1', 'page=1.5', 'size=abc'])
      assert.throws(() => paginate(rows, url(query), options), ValidationFailure, query);
  });

  it('sorts decimals by value, keeps insertion order for ties', () => {
    const sorted = paginate(rows, url('sort=amount,asc'), options).items.map((r) => r.amount);
    assert.deepEqual(
      sorted,
      [...sorted].sort((a, b) => Number(a) - Number(b)),
    );
    const ties = paginate(rows, url('sort=created_at,asc'), options).items.map((r) => r.id);
    assert.deepEqual(ties, ['r0', 'r3', 'r6', 'r1', 'r4', 'r2', 'r5']);
    assert.ok(compareValues('10.00', '9.00') > 0);
    assert.ok(compareValues('2025-01-02T00:00:00Z', '2025-01-01T23:00:00.000000+00:00') > 0);
  });

  it('filters by exact, case-insensitive field values', () => {
    const page = paginate(rows, url('filter=id:R3'), options);
    assert.deepEqual(
      page.items.map((r) => r.id),
      ['r3'],
    );
    assert.throws(() => paginate(rows, url('filter=nope:1'), options), ValidationFailure);
    assert.throws(() => paginate(rows, url('filter=id'), options), ValidationFailure);
    assert.throws(() => paginate(rows, url('sort=id'), options), ValidationFailure);
  });
});
