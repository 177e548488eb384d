import { useEffect } from 'react';
import { useHost } from '@tours/shared/core';
import { pageWithinRange } from '../domain/pagination';

/**
 * The lists with pages in the URL (search, reviews, blog, an organizer's reviews): once the answer for the page asked
 * tells how many there are, a page past the last becomes the last page — the URL is replaced (no new history entry), so
 * the list and its caption show it. An answer for another page (the previous one, while the next loads) decides nothing.
 */
export function usePageWithinRange(page: number, answer: { page: number; pages: number } | null | undefined, hrefFor: (page: number) => string): void {
  const host = useHost();
  const target = pageWithinRange(page, answer && answer.page === page ? answer.pages : undefined);
  const href = target !== page ? hrefFor(target) : null;
  useEffect(() => {
    if (href) host.navigate(href, { replace: true });
  }, [href, host]);
}
