import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@tours/shared/core';
import { renderWithHost } from '../../test-utils';
import MainPage from './MainPage';
import { SHOW_ANYWAY_MS } from '../common/use-waited';
import { MAIN_TOURS } from './main-tours.fixtures';

const PART_FAILED = "Some sections of this page couldn't be loaded. We'll keep trying, or you can retry now.";
const ANSWERS: Record<string, unknown> = {
  '/spa/info': { totalCount: 3260, toursCount: 3200, regions: 95, types: 27 },
  '/spa/search-form': { regions: [{ id: 5, name: 'Altai Republic', slug: 'altai-republic', tours_count: 120 }], types: [] },
  '/spa/blog-posts': {
    posts: [{ id: 7, slug: 'baikal-ice-7', title: 'Baikal ice', summary: 'Winter on the lake', image: '/media/blog/7/{{size}}/image.png', image_alt: 'Ice', published_at: '2026-01-05', category: { id: 1, slug: 'winter', name: 'Winter' }, reading_time_minutes: 4 }],
    pagination: { page: 1, pages: 1, itemsCount: 1, itemsOnPage: 1, pageSize: 3 }, category: null, categories: [],
  },
  '/spa/groups-in-social-network': [{ id: 1, source: 'VK', url_to_group: 'https://vk.com/tours' }],
  '/spa/main-page-tours': MAIN_TOURS,
};

/** Every call of the page answers, except those listed in `down` (the host's 503 while the API is down). */
function setup(down: Set<string>) {
  const routes = Object.fromEntries(Object.entries(ANSWERS).map(([path, answer]) => [path, () => (down.has(path) ? new ApiError(503, path, 'API unavailable') : answer)]));
  return renderWithHost(<MainPage />, { path: '/en', routes });
}

describe('MainPage (§2.4): the search form', () => {
  test("a text without a suggestion opens the locale's default search slug with the text as the query", async () => {
    const h = renderWithHost(<MainPage />, { path: '/en', routes: { ...ANSWERS, '/spa/autocomplete': { result: [] } } });
    await userEvent.type(await screen.findByRole('combobox', { name: 'Search tours' }), 'baikal');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(h.navigate).toHaveBeenCalledWith('/en/tours?query=baikal');
  });
});

describe('MainPage: nothing drawn moves when the calls answer (issue 33)', () => {
  test('the page stays hidden (the host skeleton shows) until the calls that size its first screens have answered', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const routes = { ...ANSWERS, '/spa/search-form': async () => { await gate; return ANSWERS['/spa/search-form']; } };
    renderWithHost(<MainPage />, { path: '/en', routes });
    const page = document.querySelector('.srch-main')!;
    // The counts have answered (drawn, but not shown); the destinations have not.
    await waitFor(() => expect(document.querySelector('.srch-promo')).not.toBeNull());
    expect(page).not.toBeVisible();
    expect(screen.queryByRole('combobox', { name: 'Search tours' })).toBeNull();
    await act(async () => release());
    await waitFor(() => expect(page).toBeVisible());
    expect(screen.getByText('3200+')).toBeVisible();
    expect(screen.getByRole('link', { name: /Altai Republic/ })).toBeVisible();
  });

  test('a slow API: what there is shows after a while rather than never', async () => {
    jest.useFakeTimers();
    try {
      const routes = { ...ANSWERS, '/spa/search-form': () => new Promise(() => undefined) };
      renderWithHost(<MainPage />, { path: '/en', routes });
      const page = document.querySelector('.srch-main')!;
      await act(() => jest.advanceTimersByTimeAsync(SHOW_ANYWAY_MS - 100));
      expect(page).not.toBeVisible();
      await act(() => jest.advanceTimersByTimeAsync(200));
      expect(page).toBeVisible();
      expect(screen.getByText('3200+')).toBeVisible();
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('MainPage (§2.4): sections fed by the API', () => {
  test('every section filled, no error', async () => {
    setup(new Set());
    expect(await screen.findByRole('link', { name: /Altai Republic/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Baikal ice' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'VK' })).toBeInTheDocument();
    expect(screen.getByText('3200+')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('failed sections are not left silently empty: one notice with Retry, the rest of the page stays; it recovers', async () => {
    const down = new Set(['/spa/search-form', '/spa/blog-posts']);
    const h = setup(down);
    const alert = await screen.findByRole('alert', { name: PART_FAILED });
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    // The failed sections are gone rather than empty; the others and the static ones are there.
    expect(screen.queryByRole('heading', { name: 'Popular destinations' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'From our travel blog' })).not.toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'VK' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Search tours' })).toBeInTheDocument();
    // The tour sections (loaded once the sections above have settled) are there too.
    expect(await screen.findByRole('region', { name: 'Popular tours' })).toBeInTheDocument();
    // Retry asks the failed calls again, and only those.
    const before = h.calls.length;
    down.clear();
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(h.calls.slice(before).map((c) => c.path).sort()).toEqual(['/spa/blog-posts', '/spa/search-form']);
    expect(screen.getByRole('link', { name: /Altai Republic/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Baikal ice' })).toBeInTheDocument();
  });

  test('the API down: one notice for the whole page, the tour sections below add none of their own', async () => {
    const h = setup(new Set(Object.keys(ANSWERS)));
    await screen.findByRole('alert', { name: PART_FAILED });
    // The tour sections' code and call come once the sections above have settled (here: failed).
    await waitFor(() => expect(h.calls.some((c) => c.path === '/spa/main-page-tours')).toBe(true));
    await act(async () => {
      await import('./MainTours');
    });
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  test('the counts failing: no endless skeleton; the API coming back fills the page by itself', async () => {
    jest.useFakeTimers();
    try {
      const down = new Set(['/spa/info']);
      setup(down);
      expect(await screen.findByRole('alert', { name: PART_FAILED })).toBeInTheDocument();
      expect(document.querySelector('.srch-main__promo .ui-skeleton')).toBeNull();
      down.clear();
      await act(() => jest.advanceTimersByTimeAsync(2000));
      await waitFor(() => expect(screen.getByText('3200+')).toBeInTheDocument());
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });
});
