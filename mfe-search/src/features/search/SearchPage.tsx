import { lazy, Suspense, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { currencyAtom, queryAtom, routeAtom, useHost } from '@tours/shared/core';
import { filterFromSearch, type TourFilter } from '@tours/shared/domain';
import { ValidateSlugAnswer, useApiQuery } from '@tours/shared/api';
import { Button, ErrorState, PageHeader, PageSkeleton, PaginationBar, SelectField, usePageWithinRange } from '@tours/shared/kit';
import { Advantages } from '../common/Advantages';
import { LazyHelpCard } from '../common/LazyHelpCard';
import { SearchForm } from '../common/SearchForm';
import { SHOW_ANYWAY_MS, useWaited } from '../common/use-waited';
import { activeFilterCount, searchHref, switchTab } from './results';
import { ResultsList, ResultsSkeleton } from './ResultsList';
import { SelectionSheet } from './SelectionSheet';
import { useSearch } from './useSearch';
import type { ScreenName } from './filters/screens';
import './search.css';
import { useT } from '../../i18n/t';

// The dropdown and its screens (date picker included) are their own chunk, fetched when first opened.
const loadFilters = () => import('./filters/FiltersDropdown');
const FiltersDropdown = lazy(loadFilters);

/** Slug kinds the search page shows; other valid slugs (blog) are not searches. */
const SEARCH_KINDS = new Set(['search', 'region', 'city', 'rest_kind', 'collection']);

const MARK_CHANGE = 'search:filter-change';
const MARK_PAINTED = 'search:results-painted';
const MEASURE = 'search:filter-to-results';
const canMark = () => typeof performance !== 'undefined' && typeof performance.mark === 'function';

/**
 * Search page for /{slug} (§2.5): the slug is validated (§2.1, an invalid one is the platform's 404), the filter
 * is read from the URL (routeAtom + queryAtom) and every change navigates, so reload, back and forward restore
 * the same search. A filter change is measured from `search:filter-change` to `search:results-painted`.
 */
export default function SearchPage() {
  const host = useHost();
  const route = useAtomValue(routeAtom);
  const query = useAtomValue(queryAtom);
  const slug = route?.params.slug ?? '';
  const t = useT();
  const check = useApiQuery(`validate:${slug}`, (signal) => host.api.get('/spa/validate-slug', { schema: ValidateSlugAnswer, query: { slug }, signal }));
  const result = check.data?.result;
  const valid = result ? result.valid && SEARCH_KINDS.has(result.kind ?? '') : undefined;
  useEffect(() => {
    if (valid === false) host.emit('page:error', { status: 404, kind: 'validation' });
  }, [valid, host]);

  const filter = useMemo(() => filterFromSearch(query, slug), [query, slug]);
  const currency = useAtomValue(currencyAtom);
  const { state, loadMore, retry, prefetch } = useSearch(slug, filter, valid === true, currency);
  const [filtersOpen, setFiltersOpen] = useState<ScreenName | null>(null);
  const [filtersLoaded, setFiltersLoaded] = useState(false);
  const pendingMark = useRef(false);
  // When the host shows this page's first screen, painted by the server with the first results' images (issue 33),
  // the page stays hidden until its first results are there: a skeleton of our own in between would replace them.
  // A slow API shows the page with its skeleton after SHOW_ANYWAY_MS. A visit inside the site shows it at once.
  const [behindFirstScreen] = useState(() => typeof document !== 'undefined' && document.querySelector('[data-first-screen="search"]') !== null);
  const firstLoad = behindFirstScreen && state.groups.length === 0 && state.loading && !state.error;
  const waitedEnough = useWaited(SHOW_ANYWAY_MS, !firstLoad);
  // ?page past the last (an old link, a shrunk result): the last page, the URL replaced. Load more answers later pages.
  usePageWithinRange(filter.page, state.error ? null : state.pagination, (page) => searchHref(host.href('tours', { slug }), { ...filter, page }));

  // A new set of results is committed: mark it right after the browser paints that frame
  // (requestAnimationFrame runs before the paint; a message posted from it runs just after). A layout effect,
  // because it runs in the commit itself: a passive effect may run after that frame and measure the next one.
  useLayoutEffect(() => {
    if (!pendingMark.current || state.loading || !canMark()) return undefined;
    let live = true;
    const painted = () => {
      if (!live) return;
      pendingMark.current = false;
      performance.mark(MARK_PAINTED);
      try {
        performance.measure(MEASURE, MARK_CHANGE, MARK_PAINTED);
      } catch {
        /* the start mark was cleared */
      }
    };
    const channel = typeof MessageChannel === 'function' ? new MessageChannel() : null;
    if (channel) channel.port1.onmessage = painted;
    const frame = requestAnimationFrame(() => (channel ? channel.port2.postMessage(null) : setTimeout(painted, 0)));
    return () => {
      live = false;
      cancelAnimationFrame(frame);
      channel?.port1.close();
    };
  }, [state.version, state.loading]);

  if (!result && check.error) {
    // The API does not answer (the check retries by itself): say so, never an endless skeleton.
    const title = t('page.tours.title');
    return (
      <div className="srch-page">
        <PageHeader title={title} breadcrumbs={[{ url: host.href('index'), text: t('common.home') }, { text: title }]} />
        <ErrorState onRetry={check.retry} busy={check.loading} />
      </div>
    );
  }
  if (!result || valid === undefined) return behindFirstScreen ? <div className="srch-page" hidden /> : <PageSkeleton />;
  if (!valid) return null;

  const base = host.href('tours', { slug });
  const apply = (next: TourFilter) => {
    if (canMark()) {
      performance.mark(MARK_CHANGE);
      pendingMark.current = true;
    }
    prefetch(next);
    host.navigate(searchHref(base, next));
  };
  const title = result.kind === 'search' || !result.name ? t('page.tours.title') : result.name;
  const total = state.pagination?.itemsCount ?? 0;
  const openFilters = (screen: ScreenName) => {
    setFiltersLoaded(true);
    setFiltersOpen(screen);
  };
  const badge = activeFilterCount(filter);
  const tab = (cruises: boolean) => (
    <button
      type="button"
      role="tab"
      aria-selected={filter.isCruisesSearch === cruises}
      className={`srch-tabs__tab${filter.isCruisesSearch === cruises ? ' srch-tabs__tab--on' : ''}`}
      onClick={() => apply(switchTab(filter, cruises))}
    >
      {t(cruises ? 'search.tab.cruises' : 'search.tab.tours')}
    </button>
  );
  const quick: ScreenName[] = filter.isCruisesSearch ? ['cruises_direction', 'dates', 'price'] : ['direction', 'dates', 'price', 'duration'];

  return (
    <div className="srch-page" hidden={firstLoad && !waitedEnough}>
      <PageHeader title={title} breadcrumbs={[{ url: host.href('index'), text: t('common.home') }, { text: title }]} />
      <Advantages />
      <div className="srch-toolbar">
        <div className="srch-tabs" role="tablist" aria-label={t('search.tabs')}>
          {tab(false)}
          {tab(true)}
        </div>
        <SearchForm
          key={`${filter.isCruisesSearch}:${filter.query}`}
          initialText={filter.query}
          cruises={filter.isCruisesSearch}
          onSearchText={(text) => apply({ ...filter, query: text, page: 1 })}
        />
        <div className="srch-filterbar">
          <Button
            variant="secondary"
            className="srch-filterbar__all"
            aria-haspopup="dialog"
            aria-expanded={filtersOpen !== null}
            onClick={() => openFilters('common')}
            onPointerEnter={() => void loadFilters()}
            onFocus={() => void loadFilters()}
          >
            {t('search.filters.open')}
            {badge > 0 && <span className="srch-badge" aria-label={t('search.filters.active', { count: badge })}>{badge}</span>}
          </Button>
          {quick.map((screen) => (
            <Button key={screen} variant="ghost" size="sm" className="srch-filterbar__quick" onClick={() => openFilters(screen)} onPointerEnter={() => void loadFilters()}>
              {t(`filters.screen.${screen}`)}
            </Button>
          ))}
          <SelectField
            className="srch-sort"
            label={t('search.sort.label')}
            value={filter.sort}
            options={[
              { value: 'default', label: t('search.sort.default') },
              { value: 'price', label: t('search.sort.price') },
              { value: '-price', label: t('search.sort.-price') },
            ]}
            onChange={(e) => apply({ ...filter, sort: e.target.value as TourFilter['sort'], page: 1 })}
          />
        </div>
      </div>
      {filtersLoaded && (
        <Suspense fallback={null}>
          <FiltersDropdown
            open={filtersOpen !== null}
            screen={filtersOpen ?? 'common'}
            onScreenChange={(s) => setFiltersOpen(s)}
            onClose={() => setFiltersOpen(null)}
            filter={filter}
            options={state.filters}
            onApply={apply}
          />
        </Suspense>
      )}
      <p className="srch-count" aria-live="polite">{state.pagination && !state.loading && !state.error ? t('search.found', { count: total }) : '\u00a0'}</p>
      {/* The filter stays in the toolbar and the URL; results of another search are not shown under the error. */}
      {state.error && <ErrorState onRetry={retry} busy={state.loading} />}
      {state.loading && !state.error && state.groups.length === 0 && <ResultsSkeleton />}
      {state.groups.length > 0 && !state.error && <ResultsList groups={state.groups} busy={state.loading} />}
      {!state.loading && !state.error && state.pagination && total === 0 && (
        <div className="srch-empty">
          <p className="srch-empty__title">{t('search.empty.results')}</p>
          <p>{t('search.empty.hint')}</p>
          {badge > 0 && <Button variant="secondary" onClick={() => apply({ ...filterFromSearch({}, slug), isCruisesSearch: filter.isCruisesSearch, sort: filter.sort })}>{t('filters.resetAll')}</Button>}
        </div>
      )}
      {/* A search that finds nothing leads to the common help card (§2.7): 'Any tour program on your request'. */}
      {!state.loading && !state.error && state.pagination && total === 0 && <LazyHelpCard clickSource="search_empty" />}
      {state.pagination && total > 0 && !state.error && (
        <PaginationBar
          page={state.lastPage}
          firstPage={state.firstPage}
          pages={state.pagination.pages}
          total={total}
          pageSize={state.pagination.pageSize}
          hrefFor={(page) => searchHref(base, { ...filter, page })}
          onPage={(page) => {
            apply({ ...filter, page });
            if (typeof window.scrollTo === 'function') window.scrollTo({ top: 0 });
          }}
          onLoadMore={loadMore}
          loading={state.loadingMore}
        />
      )}
      <SelectionSheet />
    </div>
  );
}
