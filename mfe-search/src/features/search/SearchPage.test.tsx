import { Profiler, type ReactElement } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, tourSelectionItemsAtom, tourSelectionTokenAtom } from '@tours/shared/core';
import { LOAD_FAILED, renderWithHost } from '../../test-utils';
import SearchPage from './SearchPage';
import { SHOW_ANYWAY_MS } from '../common/use-waited';

function card(id: number, over: Record<string, unknown> = {}) {
  return {
    id, title: `Tour ${id}`, slug: `tour-${id}`, image: `/media/tours/${id}-1/{{size}}/image.svg`, images: [], description: '',
    price: 40000 + id, currency: 'RUB', originalPrice: 40000 + id, originalCurrency: 'RUB', priceWithoutDiscount: 40000 + id, originalPriceWithoutDiscount: 40000 + id,
    isNeedShowPriceFrom: false, discounts: [], discount: null, type: 'TOUR', isCruise: false, days: 5, hours: null, mainLocation: 'region', mainLocationName: 'Altai Republic',
    countries: [], regions: [], hostCities: [], variants: [], versions: [], nearestVariant: null, excursionDates: [], isUsingRequestPeriod: false,
    requestPeriodStart: null, requestPeriodEnd: null, isDatesPreliminary: false, showIndividualDatesInCard: false,
    organizer: { id: 1, expert: { first_name: 'Anna', last_name: 'Petrova', photo: null } }, mainActivity: null, tags: [], rating: 4.5, reviewsCount: 3, difficulty: 2,
    isVeryHot: false, isNewTour: false, isComfortBase: false, isComfortBasePlus: false, isComfortMedium: true, isComfortImproved: false, isComfortPremium: false,
    ...over,
  };
}
const page = (n: number, ids: number[], key = 'tours', total = 40) => ({
  groups: [{ key, items: ids.map((id) => card(id)) }],
  pagination: { page: n, pages: Math.ceil(total / 18), itemsCount: total, itemsOnPage: ids.length, pageSize: 18 },
  place: { kind: 'search', id: null, name: 'Tours', slug: 'tours' },
});
const FILTERS = [
  { section: 'tours_direction', items: [{ kind: 'regions', id: 5, value: 5, name: 'Altai Republic', slug: 'altai-republic', count: 12 }, { kind: 'cities', id: 9, value: 9, name: 'Kazan', slug: 'kazan', count: 4 }] },
  { section: 'tours_activities', items: [{ kind: 'restKinds', id: 2, value: 2, name: 'Hiking', slug: 'hiking', count: 7 }] },
  { section: 'collections', items: [] },
  { section: 'dates', items: [], min: '2030-01-01', max: null },
  { section: 'price', items: [], min: 5000, max: 300000, perDayMin: 1000, perDayMax: 40000 },
  { section: 'duration', items: [], min: 1, max: 14 },
  { section: 'age', items: [0, 3, 6].map((v) => ({ kind: 'minAge', id: v, value: v, name: String(v), slug: String(v), count: 10 + v })) },
  { section: 'accommodation', items: ['hotel', 'tent'].map((v) => ({ kind: 'accommodation', id: v, value: v, name: v, slug: v, count: 3 })) },
  { section: 'comfort', items: [1, 2, 3, 4, 5].map((v) => ({ kind: 'comfort', id: v, value: v, name: String(v), slug: String(v), count: v })) },
  { section: 'difficulty', items: [1, 2, 3, 4].map((v) => ({ kind: 'difficulty', id: v, value: v, name: String(v), slug: String(v), count: v })) },
  { section: 'languages', items: ['en', 'de'].map((v) => ({ kind: 'languages', id: v, value: v, name: v, slug: v, count: 2 })) },
  { section: 'group_size', items: [8, 12].map((v) => ({ kind: 'maxGroupSize', id: v, value: v, name: String(v), slug: String(v), count: 5 })) },
  { section: 'author_tours_operator', items: [{ kind: 'operatorType', id: 'author', value: 'author', name: 'author', slug: 'author', count: 9 }] },
];
const CRUISE_FILTERS = [
  { section: 'cruises_types', items: [{ kind: 'cruisesType', id: 1, value: 1, name: 'River cruises', slug: 'river-cruises', count: 6 }] },
  { section: 'cruises_start_city', items: [{ kind: 'cruisesStartCity', id: 3, value: 3, name: 'Moscow', slug: 'moscow', count: 4 }] },
  { section: 'cruises_direction', items: [{ kind: 'waterObject', id: 7, value: 7, name: 'Volga', slug: 'volga', count: 5 }] },
  { section: 'cruises_ships', items: [{ kind: 'ships', id: 2, value: 2, name: 'Mikhail Bulgakov', slug: 'mikhail-bulgakov', count: 2 }] },
  { section: 'dates', items: [], min: '2030-01-01', max: null },
  { section: 'price', items: [], min: 5000, max: 90000, perDayMin: 1000, perDayMax: 9000 },
  { section: 'duration', items: [], min: 1, max: 14 },
];

function setup(path = '/en/tours', extra: Record<string, unknown> = {}, modalResult?: unknown, ui: ReactElement = <SearchPage />) {
  return renderWithHost(ui, {
    path,
    modalResult,
    routes: {
      '/spa/validate-slug': ({ query }: { query?: Record<string, unknown> }) => ({ result: query?.slug === 'nowhere' ? { valid: false } : { valid: true, kind: 'search', name: 'Tours', slug: 'tours' } }),
      '/spa/info': { totalCount: 3200, toursCount: 3200, regions: 95, types: 27 },
      '/spa/tours': ({ query }: { query?: Record<string, unknown> }) => ({
        result: query?.isCruisesSearch ? page(1, [901, 902], 'cruises', 2) : page(Number(query?.page ?? 1), [1, 2, 3]),
        filters: query?.isCruisesSearch ? CRUISE_FILTERS : FILTERS,
      }),
      '/spa/tours-page': ({ query }: { query?: Record<string, unknown> }) => ({ result: page(Number(query?.page), [Number(query?.page) * 10 + 1, Number(query?.page) * 10 + 2]) }),
      ...extra,
    },
  });
}
const afterTest: (() => void)[] = [];
afterEach(() => afterTest.splice(0).forEach((f) => f()));
const cardTitles = () => screen.getAllByRole('article').map((a) => within(a).getByRole('heading').textContent);

describe('SearchPage (§2.5)', () => {
  /** The host's first screen of the page, as the server paints it with the first results' images (issue 33). */
  const withFirstScreen = () => {
    const el = document.createElement('div');
    el.dataset.firstScreen = 'search';
    document.body.append(el);
    afterTest.push(() => el.remove());
  };

  it("behind the host's first screen (the server-painted results' images) it stays hidden until its first results are there, not replacing it with a skeleton (issue 33)", async () => {
    withFirstScreen();
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => { release = resolve; });
    setup('/en/tours', { '/spa/tours': async () => { await answered; return { result: page(1, [1, 2, 3]), filters: FILTERS }; } });
    await waitFor(() => expect(document.querySelector('.srch-page')).not.toBeNull());
    const root = () => document.querySelector('.srch-page')!;
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Search tours', hidden: true })).toBeInTheDocument());
    expect(root()).not.toBeVisible();
    await act(async () => release());
    await waitFor(() => expect(cardTitles()).toEqual(['Tour 1', 'Tour 2', 'Tour 3']));
    expect(root()).toBeVisible();
  });

  it('a slow search shows the page with its own skeleton after a while rather than never', async () => {
    withFirstScreen();
    jest.useFakeTimers();
    try {
      setup('/en/tours', { '/spa/tours': () => new Promise(() => undefined) });
      await act(() => jest.advanceTimersByTimeAsync(100));
      const root = document.querySelector('.srch-page')!;
      expect(root).not.toBeVisible();
      await act(() => jest.advanceTimersByTimeAsync(SHOW_ANYWAY_MS));
      expect(root).toBeVisible();
      expect(screen.getByRole('status', { name: 'Loading…' })).toBeVisible();
    } finally {
      jest.useRealTimers();
    }
  });

  it("a visit inside the site (no first screen of the host's) shows the page with its own skeleton at once", async () => {
    setup('/en/tours', { '/spa/tours': () => new Promise(() => undefined) });
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Search tours' })).toBeVisible());
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeVisible();
  });

  it('validates the slug, then shows the advantages, the cards of the groups and the pagination caption', async () => {
    const h = setup();
    await waitFor(() => expect(cardTitles()).toEqual(['Tour 1', 'Tour 2', 'Tour 3']));
    expect(screen.getByRole('heading', { level: 1, name: 'Search tours' })).toBeInTheDocument();
    expect(screen.getByText('Local prices with no extra fees')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Tours' })).toBeInTheDocument();
    expect(screen.getByText('40 tours found')).toBeInTheDocument();
    expect(screen.getByText('1–18 of 40')).toBeInTheDocument();
    const call = h.calls.find((c) => c.path === '/spa/tours')!;
    expect(call.query).toEqual({ slug: 'tours', expand: 'filters' });
  });

  it('an invalid slug is the platform 404', async () => {
    const h = setup('/en/nowhere');
    await waitFor(() => expect(h.emit).toHaveBeenCalledWith('page:error', { status: 404, kind: 'validation' }));
    expect(h.calls.some((c) => c.path === '/spa/tours')).toBe(false);
  });

  it('reads the filter from the URL and sends it in query form', async () => {
    const h = setup('/en/tours?comfort=3&comfort=4&priceMax=90000&sort=-price&city=7');
    await waitFor(() => expect(cardTitles()).toHaveLength(3));
    expect(h.calls.find((c) => c.path === '/spa/tours')!.query).toEqual({ slug: 'tours', expand: 'filters', comfort: ['3', '4'], priceMax: '90000', sort: '-price', cities: ['7'] });
    expect(screen.getByRole('combobox', { name: 'Sort' })).toHaveValue('-price');
  });

  it('sort navigates with the new URL, back restores the previous search', async () => {
    const h = setup('/en/tours?page=2');
    await waitFor(() => expect(cardTitles()).toHaveLength(3));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort' }), 'price');
    expect(h.navigate).toHaveBeenLastCalledWith('/en/tours?sort=price');
    await waitFor(() => expect(h.calls.filter((c) => c.path === '/spa/tours')).toHaveLength(2));
    act(() => h.go('/en/tours?page=2'));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Sort' })).toHaveValue('default'));
    expect(h.calls.at(-1)!.query).toMatchObject({ page: '2' });
  });

  it('a page change asks /spa/tours-page and keeps the options; load more merges the next page into its group', async () => {
    const h = setup();
    await waitFor(() => expect(cardTitles()).toHaveLength(3));
    await userEvent.click(screen.getAllByRole('link', { name: 'Page 2' })[0]!);
    expect(h.navigate).toHaveBeenLastCalledWith('/en/tours?page=2');
    await waitFor(() => expect(cardTitles()).toEqual(['Tour 21', 'Tour 22']));
    expect(h.calls.at(-1)).toMatchObject({ path: '/spa/tours-page', query: { slug: 'tours', page: '2' } });
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(cardTitles()).toEqual(['Tour 21', 'Tour 22', 'Tour 31', 'Tour 32']));
    expect(screen.getAllByRole('heading', { level: 2, name: 'Tours' })).toHaveLength(1);
    expect(screen.getByText('19–40 of 40')).toBeInTheDocument();
  });

  it('a page past the last (?page=500 of 3) shows the last page, the URL replaced rather than pushed', async () => {
    const h = setup('/en/tours?sort=price&page=500', { '/spa/tours': ({ query }: { query?: Record<string, unknown> }) => ({ result: page(Number(query?.page ?? 1), Number(query?.page) > 3 ? [] : [5]), filters: FILTERS }) });
    await waitFor(() => expect(h.navigate).toHaveBeenCalledWith('/en/tours?page=3&sort=price', { replace: true }));
    await waitFor(() => expect(cardTitles()).toEqual(['Tour 31', 'Tour 32']));
    expect(screen.getByText('37–40 of 40')).toBeInTheDocument();
    expect(h.navigate).toHaveBeenCalledTimes(1);
  });

  it('shows the empty-result text of §2.10 and offers to reset the filters', async () => {
    const h = setup('/en/tours?comfort=5', { '/spa/tours': { result: { groups: [], pagination: { page: 1, pages: 0, itemsCount: 0, itemsOnPage: 0, pageSize: 18 }, place: null }, filters: FILTERS } });
    await waitFor(() => expect(screen.getByText('Nothing found based on your search')).toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Reset all filters' }));
    expect(h.navigate).toHaveBeenLastCalledWith('/en/tours');
  });

  it('the Cruises tab rebuilds the filter: tour-only filters are dropped', async () => {
    const h = setup('/en/tours?comfort=3&dateFrom=2030-05-01');
    await waitFor(() => expect(cardTitles()).toHaveLength(3));
    await userEvent.click(screen.getAllByRole('tab', { name: 'Cruises' })[0]!);
    expect(h.navigate).toHaveBeenLastCalledWith('/en/tours?dateFrom=2030-05-01&isCruisesSearch=1');
    await waitFor(() => expect(cardTitles()).toEqual(['Tour 901', 'Tour 902']));
    expect(screen.getByRole('heading', { level: 2, name: 'Cruises' })).toBeInTheDocument();
  });

  it('a filter change shows as pending in the render that navigates: one commit while its answer is on the way (issue 33)', async () => {
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => { release = resolve; });
    const busy: (string | null)[] = [];
    const tours = async ({ query }: { query?: Record<string, unknown> }) => {
      if (query?.sort === 'price') await held;
      return { result: page(1, query?.sort === 'price' ? [3, 2, 1] : [1, 2, 3]), filters: FILTERS };
    };
    const onRender = () => busy.push(document.querySelector('.srch-results')?.getAttribute('aria-busy') ?? null);
    setup('/en/tours', { '/spa/tours': tours }, undefined, <Profiler id="search" onRender={onRender}><SearchPage /></Profiler>);
    await waitFor(() => expect(cardTitles()).toEqual(['Tour 1', 'Tour 2', 'Tour 3']));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    busy.length = 0;
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort' }), 'price');
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(busy).toEqual(['true']);
    expect(document.querySelector('.srch-count')?.textContent).toBe('\u00a0'); // the old count is not shown meanwhile
    await act(async () => release());
    await waitFor(() => expect(cardTitles()).toEqual(['Tour 3', 'Tour 2', 'Tour 1']));
    expect(busy.at(-1)).toBe('false');
  });

  it('marks a filter change and the painted results with the Performance API', async () => {
    // jsdom has no User Timing; Node's implementation stands in for the browser's.
    const original = globalThis.performance;
    const { performance: nodePerformance } = jest.requireActual<typeof import('node:perf_hooks')>('node:perf_hooks');
    Object.defineProperty(globalThis, 'performance', { value: nodePerformance, configurable: true });
    afterTest.push(() => Object.defineProperty(globalThis, 'performance', { value: original, configurable: true }));
    performance.clearMarks();
    performance.clearMeasures();
    setup();
    await waitFor(() => expect(cardTitles()).toHaveLength(3));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort' }), 'price');
    await waitFor(() => expect(performance.getEntriesByName('search:results-painted')).toHaveLength(1));
    expect(performance.getEntriesByName('search:filter-change')).toHaveLength(1);
    expect(performance.getEntriesByName('search:filter-to-results')).toHaveLength(1);
  });
});

describe('honest failure: the API down, then back', () => {
  /** The host's answer while the API is down (503 {message}); `api.down = false` brings it back. */
  const api = { down: true };
  const down = (path: string, answer: (req: { query?: Record<string, unknown> }) => unknown) => (req: { query?: Record<string, unknown> }) =>
    (api.down ? new ApiError(503, path, 'API unavailable') : answer(req));
  beforeEach(() => {
    api.down = true;
    // `performance` stays real: the measuring test above swaps it for Node's.
    jest.useFakeTimers({ doNotFake: ['performance'] });
  });
  afterEach(() => jest.useRealTimers());

  it('the slug check failing shows the error with Retry, not an endless skeleton, and recovers by itself', async () => {
    const h = setup('/en/tours?comfort=3', {
      '/spa/validate-slug': down('/spa/validate-slug', () => ({ result: { valid: true, kind: 'search', name: 'Tours', slug: 'tours' } })),
    });
    const alert = await screen.findByRole('alert', { name: LOAD_FAILED });
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading…' })).not.toBeInTheDocument();
    expect(h.emit).not.toHaveBeenCalledWith('page:error', expect.anything());
    api.down = false;
    await act(() => jest.advanceTimersByTimeAsync(2000));
    await waitFor(() => expect(cardTitles()).toEqual(['Tour 1', 'Tour 2', 'Tour 3']));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(h.calls.find((c) => c.path === '/spa/tours')!.query).toMatchObject({ comfort: ['3'] });
  });

  it('the results failing keep the filter and the toolbar; backoff, Retry and coming back online recover', async () => {
    const h = setup('/en/tours?sort=price&comfort=4', { '/spa/tours': down('/spa/tours', () => ({ result: page(1, [1, 2, 3]), filters: FILTERS })) });
    const alert = await screen.findByRole('alert', { name: LOAD_FAILED });
    const tours = () => h.calls.filter((c) => c.path === '/spa/tours').length;
    expect(tours()).toBe(1);
    // What the visitor chose stays: the sort, the filter badge, the search form.
    expect(screen.getByRole('combobox', { name: 'Sort' })).toHaveValue('price');
    expect(screen.getByRole('button', { name: /Filters/ })).toHaveTextContent('1');
    expect(screen.getByRole('combobox', { name: 'Search tours' })).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    // Asked again after 2 s, then 4 s; the error stays meanwhile.
    await act(() => jest.advanceTimersByTimeAsync(2000));
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(tours()).toBe(2);
    expect(screen.getByRole('alert', { name: LOAD_FAILED })).toBeInTheDocument();
    await act(() => jest.advanceTimersByTimeAsync(3999));
    expect(tours()).toBe(2);
    // Retry asks at once.
    act(() => within(alert).getByRole('button', { name: 'Retry' }).click());
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(tours()).toBe(3);
    // The API comes back; the browser's online event asks at once.
    api.down = false;
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(cardTitles()).toEqual(['Tour 1', 'Tour 2', 'Tour 3']));
    expect(tours()).toBe(4);
    expect(h.calls.at(-1)!.query).toMatchObject({ sort: 'price', comfort: ['4'], expand: 'filters' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('40 tours found')).toBeInTheDocument();
  });
});

describe('tour selection mode (§4.9)', () => {
  it('while a token is stored: the sheet, Select opens the variants modal of the tour area, Unselect removes', async () => {
    const h = setup('/en/tours', {}, { variantId: 5 });
    act(() => h.store.set(tourSelectionTokenAtom, '4711-abc'));
    await waitFor(() => expect(cardTitles()).toHaveLength(3));
    expect(await screen.findByRole('region', { name: 'Tour selection' })).toHaveTextContent('Tour selection for request #4711: no tours selected yet');
    await userEvent.click(screen.getByRole('button', { name: 'Select Tour 2' }));
    expect(h.openModal).toHaveBeenCalledWith('tour/variants', { tourId: 2, mode: 'selection' });
    await waitFor(() => expect(h.store.get(tourSelectionItemsAtom)).toEqual([2]));
    expect(screen.getByRole('region', { name: 'Tour selection' })).toHaveTextContent('1 tour selected');
    await userEvent.click(screen.getByRole('button', { name: 'Unselect Tour 2' }));
    expect(h.store.get(tourSelectionItemsAtom)).toEqual([]);
  });

  it('sends the whole selection to the request of the link; the button says once it is sent, until the selection changes', async () => {
    const sent: unknown[] = [];
    const h = setup('/en/tours', {
      '/crm/api/request/tour-selection': ({ body }: { body?: { token: string; tour_ids: number[] } }) => {
        sent.push(body);
        return { success: true, request_id: 4711, tour_ids: body!.tour_ids };
      },
    }, { variantId: 5 });
    act(() => h.store.set(tourSelectionTokenAtom, '4711-abc'));
    act(() => h.store.set(tourSelectionItemsAtom, [2, 3]));
    await waitFor(() => expect(cardTitles()).toHaveLength(3));
    const sheet = await screen.findByRole('region', { name: 'Tour selection' });
    await userEvent.click(within(sheet).getByRole('button', { name: 'Send to the coordinator' }));
    await waitFor(() => expect(within(sheet).getByRole('button', { name: 'Sent to the coordinator' })).toBeDisabled());
    expect(sent).toEqual([{ token: '4711-abc', tour_ids: [2, 3] }]);
    expect(h.toast).toHaveBeenCalledWith({ kind: 'success', text: '2 tours sent to your coordinator.' });
    await userEvent.click(screen.getByRole('button', { name: 'Unselect Tour 2' }));
    expect(within(sheet).getByRole('button', { name: 'Send to the coordinator' })).toBeEnabled();
  });

  it('without a token there is no sheet and no Select', async () => {
    setup();
    await waitFor(() => expect(cardTitles()).toHaveLength(3));
    expect(screen.queryByRole('region', { name: 'Tour selection' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Select / })).not.toBeInTheDocument();
  });
});

describe('filters dropdown (§2.5, §4.12)', () => {
  async function openFilters() {
    const h = setup('/en/tours?sort=price&page=3');
    await waitFor(() => expect(cardTitles()).toHaveLength(3));
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    const dialog = await screen.findByRole('dialog', { name: 'Search tours' });
    return { h, dialog };
  }

  it('common screen: title, close, no back, every screen of the Tours tab, Reset all filters and Apply', async () => {
    const { dialog } = await openFilters();
    const d = within(dialog);
    expect(d.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    expect(d.getByRole('button', { name: 'Close' })).toBeInTheDocument();
    const names = ['Where to go?', 'Travel Style', 'Dates', 'Price', 'Duration in days', 'Accommodation', 'Travel with children', 'Comfort', 'Difficulty', 'Language', 'Group size'];
    for (const name of names) expect(d.getByRole('button', { name: new RegExp(`^${name.replace('?', '\\?')}`) })).toBeInTheDocument();
    expect(d.getByRole('button', { name: 'Reset all filters' })).toBeInTheDocument();
    expect(d.getByRole('button', { name: 'Apply' })).toBeInTheDocument();
  });

  it('opening a filter switches to its panel: back, Clear and Apply; apply resets the page to 1', async () => {
    const { h, dialog } = await openFilters();
    await userEvent.click(within(dialog).getByRole('button', { name: /^Comfort/ }));
    const panel = screen.getByRole('dialog', { name: 'Comfort' });
    expect(within(panel).getByRole('button', { name: 'Back' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Clear' })).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('checkbox', { name: /Improved/ }));
    await userEvent.click(within(panel).getByRole('checkbox', { name: /Premium/ }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Clear' }));
    expect(within(panel).getByRole('checkbox', { name: /Premium/ })).not.toBeChecked();
    await userEvent.click(within(panel).getByRole('checkbox', { name: /Medium/ }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Apply' }));
    expect(h.navigate).toHaveBeenLastCalledWith('/en/tours?comfort=3&sort=price');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('on mobile, applying returns to the common list', async () => {
    const matchMedia = jest.fn(() => ({ matches: true, addEventListener: jest.fn(), removeEventListener: jest.fn() }));
    Object.defineProperty(window, 'matchMedia', { value: matchMedia, configurable: true });
    try {
      const { h, dialog } = await openFilters();
      await userEvent.click(within(dialog).getByRole('button', { name: /^Difficulty/ }));
      await userEvent.click(screen.getByRole('checkbox', { name: /Without exercise/ }));
      await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
      expect(h.navigate).toHaveBeenLastCalledWith('/en/tours?difficulty=1&sort=price');
      expect(await screen.findByRole('dialog', { name: 'Search tours' })).toBeInTheDocument();
    } finally {
      Reflect.deleteProperty(window, 'matchMedia');
    }
  });

  it('price and duration panels use range inputs clamped to their limits; reset all clears every screen', async () => {
    const { h, dialog } = await openFilters();
    await userEvent.click(within(dialog).getByRole('button', { name: /^Duration in days/ }));
    const max = screen.getByRole('spinbutton', { name: 'Longest tour, days' });
    await userEvent.type(max, '45');
    await userEvent.tab();
    expect(screen.getByRole('spinbutton', { name: 'Longest tour, days' })).toHaveValue(null);
    expect(screen.getByText('over')).toBeInTheDocument();
    const min = screen.getByRole('spinbutton', { name: 'Shortest tour, days' });
    await userEvent.type(min, '3');
    await userEvent.tab();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('button', { name: /^Duration in days\s*3–20 days/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reset all filters' }));
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(h.navigate).toHaveBeenLastCalledWith('/en/tours?sort=price');
  });

  it('the Cruises tab inside the dropdown rebuilds the screens and fetches that tab’s options', async () => {
    const { h, dialog } = await openFilters();
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Cruises' }));
    const names = ['Cruises type', 'City of departure', 'Direction', 'Cruise ships', 'Dates', 'Price', 'Duration in days'];
    for (const name of names) expect(within(dialog).getByRole('button', { name: new RegExp(`^${name}`) })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /^Comfort/ })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: /^City of departure/ }));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: /Moscow/ })).toBeInTheDocument());
    expect(h.calls.at(-1)!.query).toMatchObject({ isCruisesSearch: '1', expand: 'filters' });
    await userEvent.click(screen.getByRole('checkbox', { name: /Moscow/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Return to the departure city' }));
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(h.navigate).toHaveBeenLastCalledWith('/en/tours?cruisesStartCity=3&isCruisesSearch=1&onlyReturningCruises=1&sort=price');
  });

  it("the departure-city search accepts only the 'cities' group and warns about any other", async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const h = setup('/en/tours?isCruisesSearch=1', {
      '/spa/autocomplete': { result: [{ kind: 'cities', items: [{ id: 44, name: 'Samara', slug: 'samara', path: '/en/tours?cruisesStartCity=44' }] }, { kind: 'ships', items: [{ id: 1, name: 'Ship', slug: 'ship', path: '/x' }] }] },
    });
    await waitFor(() => expect(cardTitles()).toHaveLength(2));
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: /^City of departure/ }));
    await userEvent.type(screen.getByRole('combobox', { name: 'Find a city of departure' }), 'sam');
    const option = await screen.findByRole('option', { name: 'Samara' });
    expect(screen.queryByRole('option', { name: 'Ship' })).not.toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith('not allowed type');
    expect(h.calls.at(-1)).toMatchObject({ path: '/spa/autocomplete', query: { query: 'sam', only: 'cities', isCruisesSearch: 1 } });
    await userEvent.click(option);
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(h.navigate).toHaveBeenLastCalledWith('/en/tours?cruisesStartCity=44&isCruisesSearch=1');
    warn.mockRestore();
  });

  it('can apply the pending changes when it closes', async () => {
    const { default: FiltersDropdown } = await import('./filters/FiltersDropdown');
    const onApply = jest.fn();
    const onClose = jest.fn();
    const { normaliseFilter } = await import('@tours/shared/domain');
    renderWithHost(<FiltersDropdown open screen="languages" onScreenChange={() => undefined} onClose={onClose} filter={normaliseFilter({ page: '2' })} options={FILTERS as never} onApply={onApply} applyOnClose />);
    await userEvent.click(screen.getByRole('checkbox', { name: /German/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onApply).toHaveBeenCalledWith(expect.objectContaining({ languages: ['de'], page: 1 }));
    expect(onClose).toHaveBeenCalled();
  });
});

describe('search form with autocomplete (§2.1, §2.5)', () => {
  it('a suggestion with a path starting with / navigates there; the text alone searches', async () => {
    const h = setup('/en/tours', {
      '/spa/autocomplete': { result: [{ kind: 'regions', items: [{ id: 5, name: 'Altai Republic', slug: 'altai-republic', path: '/en/altai-republic' }] }] },
    });
    await waitFor(() => expect(cardTitles()).toHaveLength(3));
    const input = screen.getByRole('combobox', { name: 'Search tours' });
    await userEvent.type(input, 'alt');
    const option = await screen.findByRole('option', { name: 'Altai Republic' });
    expect(screen.getByRole('group', { name: 'Regions' })).toBeInTheDocument();
    expect(h.calls.at(-1)).toMatchObject({ path: '/spa/autocomplete', query: { query: 'alt' } });
    await userEvent.click(option);
    expect(h.navigate).toHaveBeenLastCalledWith('/en/altai-republic');
  });

  it('Enter without a suggestion puts the text into the search', async () => {
    const h = setup('/en/tours?sort=price', { '/spa/autocomplete': { result: [] } });
    await waitFor(() => expect(cardTitles()).toHaveLength(3));
    await userEvent.type(screen.getByRole('combobox', { name: 'Search tours' }), 'baikal ice{Enter}');
    expect(h.navigate).toHaveBeenLastCalledWith('/en/tours?query=baikal+ice&sort=price');
  });
});
