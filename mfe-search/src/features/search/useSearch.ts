import { useCallback, useEffect, useRef, useState } from 'react';
import { useHost } from '@tours/shared/core';
import { serialiseFilter, type TourFilter } from '@tours/shared/domain';
import { ToursAnswer, ToursPageAnswer, isAbortError, isRetryableError, useAutoRetry, type FilterSectionOptions, type ResultGroup, type SearchResult } from '@tours/shared/api';
import { mergeGroups, searchKey } from './results';

export interface SearchState {
  /** Identity of the search the data belongs to (slug + filter without the page). */
  key: string | null;
  /** The search and page (key#page) the last answer or failure belongs to. */
  answered: string | null;
  groups: ResultGroup[];
  pagination: SearchResult['pagination'] | null;
  place: SearchResult['place'];
  filters: FilterSectionOptions[] | null;
  /** Pages on screen: firstPage…lastPage (load more appends). */
  firstPage: number;
  lastPage: number;
  loading: boolean;
  loadingMore: boolean;
  /** The last failure of this search; kept while a retry runs. */
  error: Error | null;
  /** Failures in a row of this search (backoff of the automatic retries). */
  failures: number;
  /** Bumps on every new set of results, so the page can mark when they are painted. */
  version: number;
}

const INITIAL: SearchState = { key: null, answered: null, groups: [], pagination: null, place: null, filters: null, firstPage: 1, lastPage: 1, loading: true, loadingMore: false, error: null, failures: 0, version: 0 };

function queryOf(slug: string, filter: TourFilter, page: number, expand: boolean) {
  return { ...serialiseFilter({ ...filter, page }), slug, ...(expand ? { expand: 'filters' } : {}) };
}

/**
 * The results of the search in the URL: GET /spa/tours?expand=filters for a new search (its options come with
 * it), GET /spa/tours-page when only the page changed, and load more appends the next page and merges groups by
 * key (§3.2). A newer search cancels the one still running (§7.2: request kind 'search').
 */
export function useSearch(slug: string, filter: TourFilter, enabled: boolean, currency = ''): { state: SearchState; loadMore: () => void; retry: () => void; prefetch: (next: TourFilter) => void } {
  const host = useHost();
  const [state, setState] = useState<SearchState>(INITIAL);
  const [attempt, setAttempt] = useState(0);
  const current = useRef(state);
  current.current = state;
  const key = searchKey(slug, filter, currency);
  const page = filter.page;
  /** A request started before the URL changed (the page applies a filter, then navigates). */
  /** The search (key#page) the error belongs to: a retry keeps the error on screen, a new search clears it. */
  const failedId = useRef<string | null>(null);
  const early = useRef<{ id: string; controller: AbortController; request: Promise<ToursAnswer | ToursPageAnswer> } | null>(null);

  const start = useCallback((next: TourFilter) => {
    const nextKey = searchKey(slug, next, currency);
    const controller = new AbortController();
    const samePages = current.current.key === nextKey && current.current.filters !== null && !current.current.error;
    const request: Promise<ToursAnswer | ToursPageAnswer> = samePages
      ? host.api.get('/spa/tours-page', { schema: ToursPageAnswer, query: queryOf(slug, next, next.page, false), signal: controller.signal, kind: 'search' })
      : host.api.get('/spa/tours', { schema: ToursAnswer, query: queryOf(slug, next, next.page, true), signal: controller.signal, kind: 'search' });
    return { id: `${nextKey}#${next.page}`, controller, request, samePages };
  }, [host, slug, currency]);

  /** Starts the search of a filter about to be navigated to, so the request does not wait for the route change. */
  const prefetch = useCallback((next: TourFilter) => {
    early.current?.controller.abort();
    const { id, controller, request } = start(next);
    request.catch(() => undefined);
    early.current = { id, controller, request };
  }, [start]);

  const id = `${key}#${page}`;
  useEffect(() => {
    if (!enabled) return undefined;
    const reuse = early.current?.id === id ? early.current : null;
    early.current = null;
    const samePages = current.current.key === key && current.current.filters !== null && !current.current.error;
    const { controller, request } = reuse ?? start(filter);
    const retrying = failedId.current === id;
    // A new search is pending from the render that changed the URL (below); only a retry marks it here.
    if (retrying) setState((s) => ({ ...s, loading: true }));
    request.then(
      (answer) => {
        if (controller.signal.aborted) return;
        failedId.current = null;
        const filters = (answer as { filters?: FilterSectionOptions[] }).filters;
        setState((s) => ({
          key,
          answered: id,
          groups: answer.result.groups,
          pagination: answer.result.pagination,
          place: answer.result.place,
          filters: filters ?? (samePages ? s.filters : null),
          firstPage: page,
          lastPage: page,
          loading: false,
          loadingMore: false,
          error: null,
          failures: 0,
          version: s.version + 1,
        }));
      },
      (error: unknown) => {
        if (isAbortError(error) || controller.signal.aborted) return;
        failedId.current = id;
        setState((s) => ({ ...s, answered: id, loading: false, error: error as Error, failures: retrying ? s.failures + 1 : 1 }));
      },
    );
    return () => controller.abort();
    // The filter is identified by `key` and `page`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, page, enabled, attempt, start]);

  const loadMore = useCallback(() => {
    const s = current.current;
    if (!s.pagination || s.loadingMore || s.lastPage >= s.pagination.pages) return;
    const next = s.lastPage + 1;
    setState((x) => ({ ...x, loadingMore: true }));
    host.api.get('/spa/tours-page', { schema: ToursPageAnswer, query: queryOf(slug, filter, next, false), kind: 'search-more' }).then(
      (answer) => setState((x) => (x.key !== key ? x : {
        ...x, groups: mergeGroups(x.groups, answer.result.groups), pagination: answer.result.pagination, lastPage: next, loadingMore: false, version: x.version + 1,
      })),
      (error: unknown) => {
        if (!isAbortError(error)) setState((x) => ({ ...x, loadingMore: false }));
      },
    );
  }, [host, slug, filter, key]);

  const retry = useCallback(() => setAttempt((a) => a + 1), []);
  // A search not answered yet is loading, with no failure of its own, in the very render that asks for it: set from
  // the effect instead, it was a second render and frame before the answer could be handled (issue 33).
  const view = state.answered === id ? state : { ...state, loading: true, error: null, failures: 0 };
  // While the API is down the search asks again by itself (backoff, back online, tab visible), so it recovers.
  useAutoRetry(view.failures, enabled && view.error !== null && isRetryableError(view.error), view.loading, retry);
  return { state: view, loadMore, retry, prefetch };
}
