/* The main page's tour sections (issue 17): popular tours, travel styles, upcoming departures, recent reviews. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@tours/shared/core';
import { renderWithHost } from '../../test-utils';
import MainPage from './MainPage';
import { MAIN_TOURS } from './main-tours.fixtures';

const PART_FAILED = "Some sections of this page couldn't be loaded. We'll keep trying, or you can retry now.";

function setup(answer: () => unknown = () => MAIN_TOURS) {
  return renderWithHost(<MainPage />, {
    path: '/en',
    routes: {
      '/spa/info': { totalCount: 3260, toursCount: 3200, regions: 95, types: 27 },
      '/spa/search-form': { regions: [], types: [] },
      '/spa/blog-posts': { posts: [], pagination: { page: 1, pages: 1, itemsCount: 0, itemsOnPage: 0, pageSize: 3 }, category: null, categories: [] },
      '/spa/groups-in-social-network': [],
      '/spa/main-page-tours': answer,
    },
  });
}

const section = (name: string) => screen.getByRole('region', { name });

describe('MainPage: tour sections from GET /spa/main-page-tours', () => {
  test('popular tours are tour cards with their prices, and a link to every tour', async () => {
    setup();
    const popular = within(await screen.findByRole('region', { name: 'Popular tours' }));
    const cards = popular.getAllByRole('article');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual(['Altai lakes trek', 'Baikal on the ice']);
    expect(within(cards[0]!).getByRole('link', { name: 'Altai lakes trek' })).toHaveAttribute('href', '/en/tour-1');
    expect(cards[0]).toHaveTextContent(/40\s001\s₽/);
    expect(cards[1]).toHaveTextContent(/from\s40\s002\s₽/);
    expect(popular.getByRole('link', { name: 'See all tours' })).toHaveAttribute('href', '/en/tours');
  });

  test("travel styles link to their search, each with its number of tours in the locale's digits", async () => {
    setup();
    await screen.findByRole('region', { name: 'Travel styles' });
    const links = within(section('Travel styles')).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Hiking 1,234', '/en/hiking-tour'],
      ['Rafting 56', '/en/rafting'],
    ]);
  });

  test("an upcoming departure shows its tour's card with the departure's date and the price", async () => {
    setup();
    const upcoming = within(await screen.findByRole('region', { name: 'Upcoming departures' }));
    const card = upcoming.getByRole('article', { name: 'Kamchatka volcanoes' });
    expect(within(card).getByText('March 14, 2026')).toHaveAttribute('datetime', '2026-03-14');
    expect(card).toHaveTextContent('Departure: March 14, 2026');
    expect(card).toHaveTextContent(/150\s000\s₽/);
  });

  test('a recent review is a short card linking to its tour, with the reviews page one click away', async () => {
    setup();
    const reviews = within(await screen.findByRole('region', { name: 'Recent reviews' }));
    const item = reviews.getByRole('listitem');
    expect(item).toHaveTextContent('Maria Ivanova');
    expect(item).toHaveTextContent('The guides were wonderful and the lakes unforgettable.');
    expect(within(item).getByRole('img', { name: /5/ })).toBeInTheDocument();
    expect(within(item).getByRole('link', { name: 'Altai lakes trek' })).toHaveAttribute('href', '/en/tour-1');
    expect(reviews.getByRole('link', { name: 'All reviews' })).toHaveAttribute('href', '/en/reviews');
  });

  test('the call failing: the notice with Retry instead of empty sections; Retry fills them', async () => {
    let down = true;
    setup(() => (down ? new ApiError(503, '/spa/main-page-tours', 'API unavailable') : MAIN_TOURS));
    const alert = await screen.findByRole('alert', { name: PART_FAILED });
    expect(screen.queryByRole('region', { name: 'Popular tours' })).not.toBeInTheDocument();
    down = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Popular tours' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  test('empty sections are left out, not shown with a heading and nothing under it', async () => {
    setup(() => ({ ...MAIN_TOURS, upcoming: [], reviews: [] }));
    expect(await screen.findByRole('region', { name: 'Popular tours' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Upcoming departures' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Recent reviews' })).not.toBeInTheDocument();
  });
});
