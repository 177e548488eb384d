import type { MouseEvent } from 'react';
import { useIntl } from 'react-intl';
import { pageButtons } from '@tours/shared/domain';

/** Page links of the organizer's reviews (§2.10 pagination: previous/next and numbered pages with gaps). */
export function Pager({ page, pages, hrefFor, onPage }: { page: number; pages: number; hrefFor: (p: number) => string; onPage: (p: number) => void }) {
  const intl = useIntl();
  if (pages <= 1) return null;
  const go = (p: number) => (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    onPage(p);
  };
  return (
    <nav className="tour-pager" aria-label={intl.formatMessage({ id: 'tour.organizerPage.pages' })}>
      <ul>
        {page > 1 && <li><a href={hrefFor(page - 1)} rel="prev" onClick={go(page - 1)}>{intl.formatMessage({ id: 'tour.organizerPage.previous' })}</a></li>}
        {pageButtons(page, pages).map((p, i) => (
          <li key={`${p}-${i}`}>
            {p === 'gap' ? <span aria-hidden="true">…</span> : p === page ? <span aria-current="page" className="tour-pager__current">{p}</span> : <a href={hrefFor(p)} onClick={go(p)}>{p}</a>}
          </li>
        ))}
        {page < pages && <li><a href={hrefFor(page + 1)} rel="next" onClick={go(page + 1)}>{intl.formatMessage({ id: 'tour.organizerPage.next' })}</a></li>}
      </ul>
    </nav>
  );
}
