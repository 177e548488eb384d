import './test-swiper';
import '@testing-library/jest-dom';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ApiError, HostProvider, appConfigAtom, currencyAtom, tourSelectionItemsAtom, tourSelectionTokenAtom } from '@tours/shared/core';
import { STORAGE, BASE_CONFIG } from '@tours/shared/contract';
import type { TourDetailAnswer } from '@tours/shared/api';
import { renderScreen, type FakeRoutes } from '@tours/shared/src/testing';
import { TourView } from './TourView';
import TourPage from './TourPage';
import { VariantsModalContent } from './modals/VariantsModal';
import { CONTACT_ROUTES, VERIFICATION, reviewsPage, tourFixture, variant } from './test-fixture';

const option = { id: 1354, title: 'Vyborg Castle tour', slug: 'vyborg-castle-1354', image: '/media/tours/1354-1/{{size}}/image.svg', price: 78000, currency: 'RUB', original_price: 78000, original_currency: 'RUB', main_location_name: 'Leningrad Oblast', days: 3, rating: 4.5, reviews_count: 2, type: 1, type_name: 'TOUR', duration: 3, duration_unit: 'days', hours: null, price_without_discount: 78000, is_need_show_price_from: false };

function routes(extra: FakeRoutes = {}, total = 8): FakeRoutes {
  return {
    ...CONTACT_ROUTES,
    '/crm/api/tour/get-by-ids': [option],
    '/spa/tour-reviews': (req: { query?: Record<string, unknown> }) => reviewsPage(Number(req.query?.page ?? 1), total, (req.query?.type as 'all' | 'tour' | 'organizer' | undefined) ?? 'all'),
    '/spa/tours-cities': { arrival: [{ city_name: 'Vyborg', day: 1, date: null, time: '12:00', items: [{ country: { id: 1 } }] }], departure: [], train_arrival: [], train_departure: [], other_mean_of_transport_arrival: [], other_mean_of_transport_departure: [], important: [], comment_for_all_cities: null },
    '/crm/api/organizer/verification-info': VERIFICATION,
    ...extra,
  };
}

function show(tour: TourDetailAnswer, o: { total?: number; individual?: boolean; config?: Partial<typeof BASE_CONFIG> } = {}) {
  const r = renderScreen(<TourView tour={tour} individual={o.individual ? { uuid: 'u', request_id: 701001, date_start: '2030-06-01', date_end: '2030-06-05', adults: 2, children: 0 } : undefined} />, { url: `/en/${tour.slug}`, routes: routes({}, o.total) });
  act(() => {
    r.host.store.set(currencyAtom, 'RUB');
    if (o.config) r.host.store.set(appConfigAtom, { ...BASE_CONFIG, ...o.config });
  });
  return r;
}

/** The lower sections are a lazy chunk: wait until they replaced their placeholders. */
async function lower() {
  await screen.findByRole('button', { name: /Day 1 - Day title 1/ });
}

beforeAll(() => {
  window.scrollTo = (() => undefined) as typeof window.scrollTo;
});
beforeEach(() => localStorage.clear());

describe('tour page sections (§2.6, §4.8)', () => {
  test('anchors in the order of §2.6, every section present for a full tour', async () => {
    show(tourFixture());
    const nav = screen.getByRole('navigation', { name: 'Tour sections' });
    expect(within(nav).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['#overview', '#route', '#accommodation', '#conditions', '#faq', '#schedule', '#reviews']);
    await lower();
    for (const id of ['overview', 'route', 'accommodation', 'conditions', 'faq', 'schedule', 'reviews']) expect(document.getElementById(id)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Sightseeing tour in Svir' })).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumbs' });
    expect(within(crumbs).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([['Home', '/en'], ['Tours', '/en/tours'], ['Leningrad Oblast', '/en/leningrad-oblast']]);
    expect(within(crumbs).getByText('Sightseeing tour in Svir')).toHaveAttribute('aria-current', 'page');
  });

  test('gallery: 6 photos, the last says how many more', () => {
    show(tourFixture());
    const gallery = screen.getByRole('list', { name: 'Tour photos' });
    expect(within(gallery).getAllByRole('button')).toHaveLength(6);
    expect(within(gallery).getByRole('button', { name: '4 more' })).toBeInTheDocument();
  });

  test('hero: high priority, srcset of sized URLs', () => {
    show(tourFixture());
    const hero = screen.getByTestId('tour-hero');
    expect(hero).toHaveAttribute('fetchpriority', 'high');
    expect(hero.getAttribute('srcset')).toContain('/media/tours/1001-1/828x00/image.svg 828w');
    expect(hero).toHaveAttribute('alt', 'Svir 1');
  });

  test('an excursion has no accommodation; a tour without dates no schedule; hidden sections leave the anchors', async () => {
    show(tourFixture({ type: 2, type_name: 'EXCURSION', hours: 3, duration: 3, duration_unit: 'hours', variants: [], use_request_period: false, excursion_dates: [] }));
    await lower();
    const nav = screen.getByRole('navigation', { name: 'Tour sections' });
    expect(within(nav).queryByRole('link', { name: 'Accommodation' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Dates and prices' })).not.toBeInTheDocument();
    expect(document.getElementById('accommodation')).toBeNull();
    expect(document.getElementById('schedule')).toBeNull();
    expect(screen.getAllByText('3 hours').length).toBeGreaterThan(0);
  });

  test('an individual tour hides breadcrumbs, dates, the request buttons and the contacts', async () => {
    show(tourFixture({ is_individual: true }), { individual: true });
    await lower();
    expect(screen.queryByRole('navigation', { name: 'Breadcrumbs' })).not.toBeInTheDocument();
    expect(document.getElementById('schedule')).toBeNull();
    expect(screen.queryByText('Book the tour')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Calculate the price with tickets' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('coordinator')).not.toBeInTheDocument();
    expect(screen.queryByTestId('mobile-sheet')).not.toBeInTheDocument();
    expect(screen.getByTestId('individual-banner')).toHaveTextContent('Request #701001');
  });

  test('the organizer block follows forceHideOrganizers and shows verification marks', async () => {
    show(tourFixture(), { config: { organizer: { ...BASE_CONFIG.organizer, forceHideOrganizers: false } } });
    await lower();
    const block = await screen.findByRole('region', { name: 'Tour organizer' });
    expect(within(block).getByText('Daria M.')).toBeInTheDocument();
    expect(within(block).getByText('Anna P.')).toBeInTheDocument();
    expect(await within(block).findByText('E-mail verified')).toBeInTheDocument();
    expect(within(block).getByText('Phone not verified')).toBeInTheDocument();
  });

  test('hidden by forceHideOrganizers (the base configuration)', async () => {
    show(tourFixture());
    await lower();
    expect(screen.queryByRole('region', { name: 'Tour organizer' })).not.toBeInTheDocument();
  });
});

describe('conditions and FAQ', () => {
  test('group size, minimum age, weight, N days and N-1 nights, meeting place; no maximum age (gated)', async () => {
    show(tourFixture());
    await lower();
    const section = document.getElementById('conditions')!;
    expect(section).toHaveTextContent('from 3 to 22 people');
    expect(section).toHaveTextContent('5 years');
    expect(section).toHaveTextContent('110 kg');
    expect(section).toHaveTextContent('5 days and 4 nights');
    expect(section).toHaveTextContent('Vyborg railway station');
    expect(within(section).getByRole('button', { name: 'Open map' })).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Calculate the price with tickets' })).toBeInTheDocument();
    expect(section).not.toHaveTextContent('Maximum age');
    expect(within(section).getByRole('button', { name: 'Why is the weight limited?' })).toBeInTheDocument();
  });

  test('FAQ: first item open, discounts of four kinds, penalties with the warning and additional terms', async () => {
    show(tourFixture());
    await lower();
    const faq = document.getElementById('faq')!;
    const [first, second] = within(faq).getAllByRole('button', { name: /Can I join|Do I need/ });
    expect(first).toHaveAttribute('aria-expanded', 'true');
    expect(second).toHaveAttribute('aria-expanded', 'false');
    expect(within(screen.getByTestId('discounts')).getAllByRole('listitem')).toHaveLength(4);
    expect(screen.getByTestId('discounts')).toHaveTextContent('−10%Early booking');
    expect(screen.getByTestId('penalties')).toHaveTextContent('In case of cancellation after payment, part of the amount paid may be retained:');
    expect(screen.getByTestId('penalties')).toHaveTextContent('0–7 days before the start - 80%');
    expect(screen.getByTestId('penalties')).toHaveTextContent('Additional terms:');
    fireEvent.click(within(faq).getByRole('button', { name: 'Expand all' }));
    expect(second).toHaveAttribute('aria-expanded', 'true');
    fireEvent.click(within(faq).getByRole('button', { name: 'Travel recommendations and tickets' }));
    expect(await screen.findByTestId('recommendations')).toHaveTextContent('Arrival in Vyborg: day 1, by 12:00');
  });
});

describe('main request button (§4.1)', () => {
  const period = { use_request_period: true, request_period_start: '2030-01-01', request_period_end: '2030-12-31' };
  test('active tour: "Book the tour" goes to request-page', () => {
    const r = show(tourFixture());
    const card = screen.getByTestId('booking-card');
    const book = within(card).getByRole('link', { name: 'Book the tour' });
    expect(book).toHaveAttribute('href', '/en/tour/1001/order');
    fireEvent.click(book);
    expect(r.navigations).toEqual(['/en/tour/1001/order']);
  });

  test('inactive with individual dates and no available dates: "Book private tour" opens the private-tour form; the mobile sheet links', () => {
    const r = show(tourFixture({ is_tour_active: false, ...period, variants: [variant(1, 20, { is_busy: true })] }));
    fireEvent.click(within(screen.getByTestId('booking-card')).getAllByRole('button', { name: 'Book private tour' })[0]!);
    expect(r.modals[0]).toMatchObject({ kind: 'registered', key: 'booking/private-tour', props: { tourId: 1001 } });
    expect(within(screen.getByTestId('mobile-sheet')).getByRole('link', { name: 'Book private tour' })).toHaveAttribute('href', '/en/tour/1001/order');
  });

  test('inactive otherwise: "Request info"', () => {
    show(tourFixture({ is_tour_active: false }));
    expect(within(screen.getByTestId('booking-card')).getByRole('link', { name: 'Request info' })).toHaveAttribute('href', '/en/tour/1001/order');
  });

  test('the mobile order bar declares its strip to the host (floating UI stands above it) and releases it when gone', () => {
    const r = show(tourFixture());
    const bars = () => r.events.filter((e) => e.event === 'layout:bottom-bar').map((e) => e.payload);
    expect(bars()).toEqual([{ id: expect.any(String), height: expect.any(Number) }]);
    r.unmount();
    expect(bars().at(-1)).toEqual({ id: (bars()[0] as { id: string }).id, height: 0 });
  });

  test('the tickets-price button needs available dates', () => {
    show(tourFixture({ variants: [variant(1, 20, { is_busy: true })], excursion_dates: [] }));
    expect(within(screen.getByTestId('booking-card')).queryByRole('button', { name: 'Calculate the price with tickets' })).not.toBeInTheDocument();
  });
});

describe('dates and prices (§4.2)', () => {
  test('5 visible after the individual-dates item; chips, no seats, another option; choosing stores and navigates', async () => {
    const r = show(tourFixture());
    await lower();
    const schedule = document.getElementById('schedule')!;
    const items = within(schedule).getAllByRole('listitem').filter((li) => li.hasAttribute('data-variant'));
    expect(items.map((li) => li.getAttribute('data-variant'))).toEqual(['individual', '1', '2', '3', '4', '5']);
    expect(items[0]).toHaveTextContent('Individual dates available on request');
    expect(items[2]).toHaveTextContent('Approximate');
    expect(within(items[3]!).getByRole('button', { name: /No seats left/ })).toBeDisabled();
    expect(within(items[5]!).getByRole('button', { name: /No seats left/ })).toBeDisabled();
    expect(await within(items[4]!).findByText(/another option of the tour: Vyborg Castle tour, 3 days and 2 nights/)).toBeInTheDocument();
    fireEvent.click(within(items[4]!).getByRole('button', { name: /^Choose/ }));
    expect(localStorage.getItem(STORAGE.selectedTourDate)).toBe('4');
    expect(r.navigations.at(-1)).toBe('/en/tour/1354/order');
    fireEvent.click(within(items[1]!).getByRole('button', { name: /^Choose/ }));
    expect(localStorage.getItem(STORAGE.selectedTourDate)).toBe('1');
    expect(r.navigations.at(-1)).toBe('/en/tour/1001/order');
    fireEvent.click(within(items[0]!).getByRole('button', { name: /^Choose/ }));
    expect(localStorage.getItem(STORAGE.selectedTourDate)).toBe('individual');
    fireEvent.click(within(schedule).getByRole('button', { name: 'Show all departures' }));
  });

  test('the not-guaranteed alert when every date is approximate', async () => {
    show(tourFixture({ variants: [variant(1, 20, { not_guaranteed: true }), variant(2, 30, { not_guaranteed: true })] }));
    await lower();
    expect(within(document.getElementById('schedule')!).getByRole('status')).toHaveTextContent('The tour dates are not confirmed yet. Please, send a request for clarification');
  });

  test('sidebar: current and next season, 4 each, "Show all departures" beyond 4', () => {
    show(tourFixture());
    const dates = screen.getByTestId('sidebar-dates');
    expect(within(dates).getAllByRole('button').filter((b) => b.className.includes('tour-side-date'))).toHaveLength(6);
    expect(within(dates).getByRole('button', { name: 'Show all departures' })).toBeInTheDocument();
  });
});

describe('reviews (§4.10)', () => {
  test('3 at first, +3, hide back to 3; tab counts; rating to one decimal', async () => {
    show(tourFixture(), { total: 8 });
    await lower();
    const section = document.getElementById('reviews')!;
    await within(section).findAllByTestId('review');
    expect(within(section).getAllByTestId('review')).toHaveLength(3);
    expect(section).toHaveTextContent('4.8');
    // The tour's 8 reviews: the title's count opens the Tour tab, and the heading is of the tab shown (issue 17).
    expect(section).toHaveTextContent('Based on 8 reviews');
    expect(within(section).getByRole('tab', { name: 'Tour (8)' })).toHaveAttribute('aria-selected', 'true');
    expect(within(section).getByRole('tab', { name: 'All (10)' })).toBeInTheDocument();
    expect(within(section).getByRole('tab', { name: 'Tour Provider (2)' })).toBeInTheDocument();
    fireEvent.click(within(section).getByRole('button', { name: 'Show more reviews' }));
    await screen.findByText('Review text 6');
    expect(within(section).getAllByTestId('review')).toHaveLength(6);
    fireEvent.click(within(section).getByRole('button', { name: 'Show more reviews' }));
    await screen.findByText('Review text 8');
    expect(within(section).queryByRole('button', { name: 'Show more reviews' })).not.toBeInTheDocument();
    fireEvent.click(within(section).getByRole('button', { name: 'Hide reviews' }));
    expect(within(section).getAllByTestId('review')).toHaveLength(3);
  });

  test('the title\'s review count is the number its link opens, and each tab\'s heading counts what it lists (issue 17)', async () => {
    show(tourFixture(), { total: 8 });
    const title = screen.getByRole('link', { name: /8 reviews/ });
    expect(title).toHaveAttribute('href', '#reviews');
    await lower();
    const section = document.getElementById('reviews')!;
    await within(section).findAllByTestId('review');
    expect(section).toHaveTextContent('Based on 8 reviews');
    fireEvent.click(within(section).getByRole('tab', { name: 'All (10)' }));
    await within(section).findByText('Based on 10 reviews');
    fireEvent.click(within(section).getByRole('tab', { name: 'Tour Provider (2)' }));
    await within(section).findByText('Based on 2 reviews');
    // The title's link takes the traveller there as the section navigation does (scrolled, the section focused).
    fireEvent.click(title);
    await waitFor(() => expect(document.activeElement).toBe(document.getElementById('reviews')));
  });

  test('"No reviews yet"', async () => {
    show(tourFixture({ reviews_count: 0 }), { total: 0 });
    await lower();
    expect(await screen.findByText('No reviews yet')).toBeInTheDocument();
  });
});

describe('sanitised HTML', () => {
  test('scripts, handlers and javascript: links never reach the page', async () => {
    const hostile = `<p>Nice</p><script>window.__xss=1</script><img src=x onerror="window.__xss=2"><a href="javascript:window.__xss=3">Read more</a>`;
    show(tourFixture({ description: hostile, special_tariff: hostile, faq: [{ id: 1, question: 'Q', answer: hostile }] }));
    await lower();
    await screen.findAllByText('Read more');
    expect(document.querySelector('script')).toBeNull();
    expect(document.querySelector('[onerror]')).toBeNull();
    expect(document.querySelector('a[href^="javascript:"]')).toBeNull();
    expect((window as unknown as { __xss?: number }).__xss).toBeUndefined();
  });
});

describe('content language', () => {
  test('a German page whose texts the API gave in English (fallback_locale) says so, and the texts carry lang="en"', async () => {
    const tour = tourFixture({ fallback_locale: 'en' });
    renderScreen(<TourView tour={tour} />, { url: `/de/${tour.slug}`, routes: routes() });
    expect(screen.getByTestId('content-language')).toHaveTextContent('Diese Tour ist auf Englisch beschrieben');
    const text = await screen.findByText('Walks of 10 km');
    expect(text.closest('[lang]')).toHaveAttribute('lang', 'en');
  });

  test.each([
    ['an English page', 'en', { fallback_locale: 'en' as const }],
    ['a German page with German texts', 'de', {}],
  ])('%s: no note, no lang of its own', async (_name, locale, over) => {
    const tour = tourFixture(over);
    renderScreen(<TourView tour={tour} />, { url: `/${locale}/${tour.slug}`, routes: routes() });
    const text = await screen.findByText('Walks of 10 km');
    expect(screen.queryByTestId('content-language')).not.toBeInTheDocument();
    expect(text.closest('[lang]')).toBeNull();
  });
});

describe('TourPage screen', () => {
  const tour = tourFixture();
  test('loads by slug and shows the tour', async () => {
    const r = renderScreen(<TourPage />, { url: `/en/${tour.slug}`, routes: routes({ '/spa/tour': tour }) });
    expect(screen.getByTestId('tour-skeleton')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: tour.title })).toBeInTheDocument();
    expect(r.calls.find((c) => c.path === '/spa/tour')?.query).toMatchObject({ slug: tour.slug, format: 'main', expand_program: 1, with_alt: 1, site_id: 1 });
    expect(r.events).toContainEqual({ event: 'page:meta', payload: { title: tour.title, description: 'This sightseeing tour takes you to Svir.' } });
  });

  test('while the data loads, the skeleton paints the hero the server preloaded for this tour (the LCP element)', () => {
    const link = document.createElement('link');
    for (const [k, v] of Object.entries({ rel: 'preload', as: 'image', href: '/media/tours/1001-1/1080x00/image.svg' })) link.setAttribute(k, v);
    link.setAttribute('imagesrcset', '/media/tours/1001-1/480x00/image.svg 480w');
    link.setAttribute('imagesizes', '100vw');
    link.dataset.tourHero = '1001';
    link.dataset.heroUrl = '/media/tours/1001-1/{{size}}/image.svg';
    link.dataset.heroAlt = 'Svir';
    document.head.appendChild(link);
    renderScreen(<TourPage />, { url: '/en/other-tour-1001', routes: routes({ '/spa/tour': () => new Promise(() => undefined) }) });
    const img = screen.getByTestId('tour-skeleton').querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/media/tours/1001-1/1080x00/image.svg');
    expect(img.getAttribute('srcset')).toContain('/media/tours/1001-1/480x00/image.svg 480w');
    expect(img).toHaveAttribute('alt', 'Svir');
    expect(img).toHaveAttribute('fetchpriority', 'high');
    link.remove();
  });

  test('an allowed redirect replaces the URL with the tour path; another slug of the tour becomes the locale\'s own', async () => {
    const r = renderScreen(<TourPage />, { url: '/en/old-text-1001', routes: routes({ '/spa/tour': { ...tour, redirect: `/${tour.slug}` } }) });
    await act(async () => new Promise((res) => setTimeout(res, 0)));
    expect(r.navigations).toEqual([`/en/${tour.slug}`]);
    expect(screen.getByTestId('tour-skeleton')).toBeInTheDocument();
    r.unmount();
    const r3 = renderScreen(<TourPage />, { url: `/en/${tour.slugs.de}`, routes: routes({ '/spa/tour': tour }) });
    await act(async () => new Promise((res) => setTimeout(res, 0)));
    expect(r3.navigations).toContain(`/en/${tour.slug}`);
  });

  test('a redirect that is not allowed fails with "Illegal redirect"', async () => {
    const r = renderScreen(<TourPage />, { url: `/en/${tour.slug}`, routes: routes({ '/spa/tour': { ...tour, redirect: 'https://evil.example/x-1' } }) });
    await act(async () => new Promise((res) => setTimeout(res, 0)));
    expect(r.events).toContainEqual({ event: 'page:error', payload: { status: 500, message: 'Illegal redirect' } });
    expect(r.navigations).toEqual([]);
  });

  test('the API answering 503 (down or shedding load): the 503 error page of §2.8 (issue 29)', async () => {
    const r = renderScreen(<TourPage />, { url: '/en/svir-down-1001', routes: routes({ '/spa/tour': new ApiError(503, '/spa/tour', 'API unavailable') }) });
    await act(async () => new Promise((res) => setTimeout(res, 0)));
    expect(r.events.filter((e) => e.event === 'page:error').map((e) => e.payload)).toEqual([{ status: 503 }]);
  });

  test('no answer (offline): an error with Retry in place of the page (no error page), recovering by itself when it answers', async () => {
    jest.useFakeTimers();
    try {
      let down = true;
      const r = renderScreen(<TourPage />, { url: '/en/svir-down-1001', routes: routes({ '/spa/tour': () => (down ? new ApiError(0, '/spa/tour', 'Failed to fetch') : { ...tour, slug: 'svir-down-1001' }) }) });
      await act(() => jest.advanceTimersByTimeAsync(0));
      const alert = screen.getByRole('alert', { name: "We couldn't load this. We'll keep trying, or you can retry now." });
      expect(alert).toContainElement(screen.getByRole('button', { name: 'Retry' }));
      expect(r.events.filter((e) => e.event === 'page:error')).toEqual([]);
      await act(() => jest.advanceTimersByTimeAsync(2000));
      expect(r.calls.filter((c) => c.path === '/spa/tour')).toHaveLength(2);
      down = false;
      await act(() => jest.advanceTimersByTimeAsync(4000));
      expect(screen.getByRole('heading', { level: 1, name: 'Sightseeing tour in Svir' })).toBeInTheDocument();
      expect(screen.queryByRole('alert', { name: /couldn't load/ })).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  test('removed from publication: the 404 carries the data for the error page', async () => {
    const data = { reason: 'removed_from_publication', similar_tours: [], similar_destinations: [] };
    const r = renderScreen(<TourPage />, { url: `/en/${tour.slug}`, routes: routes({ '/spa/tour': new ApiError(404, '/spa/tour', 'Not found', {}, data) }) });
    await act(async () => new Promise((res) => setTimeout(res, 0)));
    expect(r.events).toContainEqual({ event: 'page:error', payload: { status: 404, data } });
  });
});

describe('variants modal (§2.7, §4.9)', () => {
  function renderModal(mode: 'navigate' | 'selection') {
    const r = renderScreen(<span />, { url: '/en', routes: routes({ '/spa/tour-for-request': { ...tourFixture(), organizer: tourFixture().organizer } }) });
    const close = jest.fn();
    render(<HostProvider host={r.host}><VariantsModalContent close={close} tourId={1001} mode={mode} /></HostProvider>);
    return { ...r, close };
  }

  test('navigate: choosing a date opens that tour\'s page', async () => {
    const r = renderModal('navigate');
    const modal = await screen.findByTestId('variants-modal');
    const list = await within(modal).findByTestId('variants-list');
    fireEvent.click(within(list).getAllByRole('button', { name: /^Choose/ })[1]!);
    expect(r.close).toHaveBeenCalled();
    expect(r.navigations).toEqual(['/en/svir-tour-1001']);
    expect(r.calls.find((c) => c.path === '/spa/tour-for-request')?.query).toMatchObject({ id: 1001, site_id: 1 });
  });

  test('selection: choosing a date selects the tour and closes with the choice', async () => {
    const r = renderModal('selection');
    act(() => r.host.store.set(tourSelectionTokenAtom, '15-abc'));
    const list = await screen.findByTestId('variants-list');
    fireEvent.click(within(list).getAllByRole('button', { name: /^Select/ })[1]!);
    expect(r.host.store.get(tourSelectionItemsAtom)).toEqual([1001]);
    expect(r.close).toHaveBeenCalledWith({ tourId: 1001, date: 1 });
  });
});
