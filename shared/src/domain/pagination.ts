/**
 * Pagination rules (public-site §2.10, §3.6 'Pagination inputs', §9 'Pagination').
 * - Up to 7 page buttons are shown from the start.
 * - Otherwise: the first page, a gap, then a window around the current page.
 * - Within 3 pages of the end, the last pages are shown after the gap.
 */
export const MAX_PAGE_BUTTONS = 7;
/** How close to the end the last pages are shown instead of a window (§9). */
export const END_ZONE = 3;

export type PageItem = number | 'gap';

/**
 * The page buttons, in order, with 'gap' where pages are left out:
 * - at most 7 pages, or the current page among the first 5: 1…7 (a trailing gap is not shown: Next goes on);
 * - the current page within 3 of the end: 1, gap, the last 5 pages;
 * - otherwise: 1, gap, current − 2 … current + 2.
 */
export function pageButtons(current: number, pages: number): PageItem[] {
  const total = Math.max(0, Math.floor(pages));
  if (total <= 1) return total === 1 ? [1] : [];
  const page = Math.min(Math.max(1, Math.floor(current) || 1), total);
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
  if (total <= MAX_PAGE_BUTTONS) return range(1, total);
  const windowSize = MAX_PAGE_BUTTONS - 2; // the first page and the gap take two buttons
  const half = Math.floor(windowSize / 2);
  if (page + half <= MAX_PAGE_BUTTONS) return range(1, MAX_PAGE_BUTTONS);
  if (total - page < END_ZONE) return [1, 'gap', ...range(total - windowSize + 1, total)];
  return [1, 'gap', ...range(page - half, page + half)];
}

/** The caption '{rangeFrom}–{rangeTo} of {total}' for the pages firstPage…lastPage loaded (load more keeps the first). */
export function pageRange(firstPage: number, lastPage: number, pageSize: number, total: number): { rangeFrom: number; rangeTo: number; total: number } {
  if (total <= 0 || pageSize <= 0) return { rangeFrom: 0, rangeTo: 0, total: Math.max(0, total) };
  const from = Math.max(1, Math.floor(firstPage));
  const to = Math.max(from, Math.floor(lastPage));
  return { rangeFrom: Math.min(total, (from - 1) * pageSize + 1), rangeTo: Math.min(total, to * pageSize), total };
}

/** Number of pages for a total and a page size (at least 1 when there is anything). */
export function pageCount(total: number, pageSize: number): number {
  return total > 0 && pageSize > 0 ? Math.ceil(total / pageSize) : 0;
}

/**
 * The page to show for a page asked in the URL once the answer tells how many there are: a page past the last (an old
 * link, a list that has shrunk, a hand-typed ?page=500) is the last page; the page itself otherwise. Before the answer
 * (`pages` unknown) and for an empty list (0 pages: its empty state is the answer), the page stands.
 */
export function pageWithinRange(page: number, pages: number | null | undefined): number {
  if (pages === null || pages === undefined || !Number.isFinite(pages) || pages < 1) return page;
  return Math.min(page, Math.floor(pages));
}

/**
 * The page a list's URL asks for (`?page=`): a whole number from 1, anything else page 1; at most `max`, the bound of the
 * list's call (a larger page asks for the last one the call accepts, and the answer then leads to the list's last page).
 */
export function pageFromQuery(raw: string | string[] | undefined, max = Number.MAX_SAFE_INTEGER): number {
  const n = Math.floor(Number(Array.isArray(raw) ? raw[0] : raw));
  return Number.isFinite(n) && n >= 1 ? Math.min(n, max) : 1;
}
