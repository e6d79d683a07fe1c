// Walking a paginated list to its end.
import { UnexpectedResponseError } from './error.js';
import type { Page } from '../schemas/common.js';

/** However a provider answers, a walk stops (with an error) after this many pages. */
export const MAX_PAGES = 10_000;

export interface PaginateOptions {
  /** the first page to ask for; default 0 */
  startPage?: number;
  /** guard against a provider that never says `last`; default MAX_PAGES */
  maxPages?: number;
}

/**
 * Every item of every page, page after page, stopping after the page that says `last`, an empty page,
 * or the page numbered `max_page`. A provider that answers another page than the one asked for, or
 * that keeps going past `maxPages`, is an UnexpectedResponseError rather than an endless loop.
 */
export async function* paginate<T>(
  fetchPage: (page: number) => Promise<Page<T>>,
  options: PaginateOptions = {},
): AsyncGenerator<T, void, undefined> {
  const start = options.startPage ?? 0;
  const maxPages = options.maxPages ?? MAX_PAGES;
  for (let n = 0; ; n++) {
    const asked = start + n;
    if (n >= maxPages)
      throw new UnexpectedResponseError({
        status: 200,
        message: `pagination did not end after ${maxPages} pages (the provider never said last)`,
      });
    const page = await fetchPage(asked);
    if (page.page !== asked)
      throw new UnexpectedResponseError({
        status: 200,
        message: `asked for page ${asked}, the provider answered page ${page.page}`,
        raw: page,
      });
    yield* page.items;
    if (page.last || page.items.length === 0 || page.page >= page.max_page) return;
  }
}
