import type { MouseEvent } from 'react';
import { pageButtons, pageRange } from '../domain/pagination';
import { Button } from './Button';
import './ui.css';
import './Pagination.css';
import { useT } from '../i18n/use-t';

export interface PaginationBarProps {
  /** The last page shown (with load more, the pages firstPage…page are on screen). */
  page: number;
  pages: number;
  total: number;
  pageSize: number;
  /** The first page on screen when more pages were loaded below it. Default: page. */
  firstPage?: number;
  /** Link of a page (real hrefs for crawlers and new tabs). */
  hrefFor: (page: number) => string;
  /** Goes to a page on a plain click. */
  onPage: (page: number) => void;
  /** 'Show more': loads the next page below; hidden on the last page. */
  onLoadMore?: () => void;
  loading?: boolean;
  /** The simple form: only load more, previous and next (§2.10). */
  simple?: boolean;
  className?: string;
}

/**
 * Pagination of §2.10 (named PaginationBar: `Pagination` is the answer schema of §3.6) / §9: previous/next arrows, numbered pages with '…' gaps (7 from the start; else first,
 * gap, window; the last pages within 3 of the end), 'Show more', mobile previous/next buttons and the caption
 * '{rangeFrom}–{rangeTo} of {total}'.
 */
export function PaginationBar({ page, pages, total, pageSize, firstPage, hrefFor, onPage, onLoadMore, loading = false, simple = false, className }: PaginationBarProps) {
  const t = useT();
  if (pages <= 0 || total <= 0) return null;
  const range = pageRange(firstPage ?? page, page, pageSize, total);
  const go = (target: number) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onPage(target);
  };
  const prev = page > 1 ? page - 1 : null;
  const next = page < pages ? page + 1 : null;
  const arrow = (target: number | null, kind: 'previous' | 'next', extra = '') =>
    target === null ? (
      <span className={`ui-pagination__arrow ui-pagination__arrow--disabled${extra}`} aria-hidden="true">{kind === 'previous' ? '‹' : '›'}</span>
    ) : (
      <a className={`ui-pagination__arrow${extra}`} href={hrefFor(target)} onClick={go(target)} rel={kind === 'previous' ? 'prev' : 'next'} aria-label={t(`pagination.${kind}`)}>
        {kind === 'previous' ? '‹' : '›'}
      </a>
    );
  return (
    <div className={`ui-pagination${simple ? ' ui-pagination--simple' : ''}${className ? ` ${className}` : ''}`}>
      {onLoadMore && next !== null && (
        <Button variant="secondary" className="ui-pagination__more" onClick={onLoadMore} loading={loading}>{t('pagination.showMore')}</Button>
      )}
      <p className="ui-pagination__caption" aria-live="polite">{t('pagination.range', { rangeFrom: range.rangeFrom, rangeTo: range.rangeTo, total: range.total })}</p>
      {pages > 1 && (
        <nav className="ui-pagination__nav" aria-label={t('pagination.label')}>
          {simple ? (
            <>
              {prev !== null && <a className="ui-pagination__step" href={hrefFor(prev)} onClick={go(prev)} rel="prev">{t('pagination.previous')}</a>}
              {next !== null && <a className="ui-pagination__step" href={hrefFor(next)} onClick={go(next)} rel="next">{t('pagination.next')}</a>}
            </>
          ) : (
            <>
              <div className="ui-pagination__desktop">
                {arrow(prev, 'previous')}
                <ol className="ui-pagination__pages">
                  {pageButtons(page, pages).map((item, i) =>
                    item === 'gap' ? (
                      <li key={`gap${i}`} className="ui-pagination__gap" aria-hidden="true">…</li>
                    ) : (
                      <li key={item}>
                        <a
                          className={`ui-pagination__page${item === page ? ' ui-pagination__page--current' : ''}`}
                          href={hrefFor(item)}
                          onClick={go(item)}
                          aria-current={item === page ? 'page' : undefined}
                          aria-label={t('pagination.page', { page: item })}
                        >
                          {item}
                        </a>
                      </li>
                    ),
                  )}
                </ol>
                {arrow(next, 'next')}
              </div>
              <div className="ui-pagination__mobile">
                {prev !== null && <a className="ui-pagination__step" href={hrefFor(prev)} onClick={go(prev)}>{t('pagination.previous')}</a>}
                {next !== null && <a className="ui-pagination__step" href={hrefFor(next)} onClick={go(next)}>{t('pagination.next')}</a>}
              </div>
            </>
          )}
        </nav>
      )}
    </div>
  );
}
