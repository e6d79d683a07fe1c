import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from '../schemas/common.js';
import { UnexpectedResponseError } from './error.js';
import { paginate } from './pagination.js';

function pageOf(page: number, items: number[], lastPage: number, last = page === lastPage): Page<number> {
  return {
    items,
    page,
    size: 2,
    max_page: lastPage,
    total_pages: lastPage + 1,
    total: (lastPage + 1) * 2,
    last,
    first: page === 0,
    visible: items.length,
  };
}

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

describe('paginate', () => {
  it('walks every page in order and stops on last', async () => {
    const asked: number[] = [];
    const items = await collect(
      paginate((n) => {
        asked.push(n);
        return Promise.resolve(pageOf(n, [n * 2, n * 2 + 1], 2));
      }),
    );
    assert.deepEqual(items, [0, 1, 2, 3, 4, 5]);
    assert.deepEqual(asked, [0, 1, 2]);
  });

  it('starts where asked', async () => {
    const items = await collect(paginate((n) => Promise.resolve(pageOf(n, [n], 3)), { startPage: 2 }));
    assert.deepEqual(items, [2, 3]);
  });

  it('stops at max_page or an empty page when the provider never says last', async () => {
    const byMaxPage = await collect(paginate((n) => Promise.resolve(pageOf(n, [n], 1, false))));
    assert.deepEqual(byMaxPage, [0, 1]);
    const byEmpty = await collect(
      paginate((n) => Promise.resolve(pageOf(n, n < 2 ? [n] : [], 1_000_000, false))),
    );
    assert.deepEqual(byEmpty, [0, 1]);
  });

  it('throws instead of looping forever past maxPages', async () => {
    let fetched = 0;
    await assert.rejects(
      collect(
        paginate(
          (n) => {
            fetched++;
            return Promise.resolve(pageOf(n, [n], 1_000_000, false));
          },
          { maxPages: 5 },
        ),
      ),
      (error: unknown) => error instanceof UnexpectedResponseError && /after 5 pages/.test(error.message),
    );
    assert.equal(fetched, 5);
  });

  it('throws when the provider ignores the page asked for', async () => {
    await assert.rejects(
      collect(paginate(() => Promise.resolve(pageOf(0, [0], 3, false)))),
      (error: unknown) => error instanceof UnexpectedResponseError && /asked for page 1/.test(error.message),
    );
  });
});
