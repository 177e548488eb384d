import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@tours/shared/core';
import { renderWithHost } from '../../test-utils';
import ReviewsPage from './ReviewsPage';

const REGIONS = [
  { slug: 'altai-republic', name: 'Altai Republic', count: 1234 },
  { slug: 'karelia', name: 'Republic of Karelia', count: 12 },
];

function review(id: number, over: Record<string, unknown> = {}) {
  return {
    id, name: `Guest ${id}`, author_photo: null, rating: 5, type: 'tour', date: '2024-05-0' + ((id % 9) + 1), body: `Review text ${id}`, images: [],
    no_index_photo: false, review_from_another_site: false, tour: { id: 1000 + id, slug: `lake-tour-${1000 + id}`, name: `Lake tour ${id}` },
    reply_review: null, site_reply_review: null, ...over,
  };
}

/** An answer of GET /spa/reviews: `total` reviews, 10 a page; a region has its own reviews (ids from 500). */
function answer(query: Record<string, unknown> = {}, total = 25) {
  const region = REGIONS.find((g) => g.slug === query.region) ?? null;
  const count = region ? 12 : total;
  const page = Number(query.page ?? 1);
  const first = (region ? 500 : 1) + (page - 1) * 10;
  const ids = Array.from({ length: Math.max(0, Math.min(10, count - (page - 1) * 10)) }, (_, i) => first + i);
  return {
    reviews: ids.map((id) => review(id)),
    pagination: { page, pages: Math.max(1, Math.ceil(count / 10)), itemsCount: count, itemsOnPage: ids.length, pageSize: 10 },
    rating: region ? 4.25 : 4.6666, reviews_count: count, region: region ? { slug: region.slug, name: region.name } : null, regions: REGIONS,
  };
}

function setup(path = '/en/reviews', handler: (req: { query?: Record<string, unknown> }) => unknown = ({ query }) => answer(query)) {
  return renderWithHost(<ReviewsPage />, { path, routes: { '/spa/reviews': handler } });
}

const list = () => screen.getByRole('list', { name: 'Latest reviews' });
const reviewsCalls = (calls: { path: string; query?: Record<string, unknown> }[]) => calls.filter((c) => c.path === '/spa/reviews').map((c) => c.query);

describe('reviews page (reviews-index)', () => {
  test('loading skeleton, then the summary, the region picker and the newest reviews with links to their tours', async () => {
    const h = setup();
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeInTheDocument();
    const summary = await screen.findByTestId('reviews-summary');
    expect(screen.queryByTestId('reviews-skeleton')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Reviews' })).toBeInTheDocument();
    expect(reviewsCalls(h.calls)).toEqual([{ region: undefined, page: 1, limit: 10 }]);
    expect(summary).toHaveTextContent('4.7');
    expect(summary).toHaveTextContent('Based on 25 reviews');
    expect(within(summary).getByRole('img', { name: '4.7 out of 5' })).toBeInTheDocument();
    const items = within(list()).getAllByRole('listitem').filter((li) => li.dataset.testid === 'review');
    expect(items).toHaveLength(10);
    expect(within(items[0]!).getByRole('link', { name: 'Lake tour 1' })).toHaveAttribute('href', '/en/lake-tour-1001');
    expect(items[0]).toHaveTextContent('about tour - Lake tour 1');
    const select = screen.getByRole('combobox', { name: 'Region' });
    expect(select).toHaveValue('');
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['All regions', 'Altai Republic (1,234)', 'Republic of Karelia (12)']);
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumbs' });
    expect(within(crumbs).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/en');
    expect(h.emit).toHaveBeenCalledWith('page:meta', { title: 'Reviews', description: undefined });
  });

  test('choosing a region opens its URL: its reviews, its name in the heading and the document title', async () => {
    const h = setup();
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Region' }), 'Republic of Karelia (12)');
    expect(h.navigate).toHaveBeenCalledWith('/en/reviews/karelia');
    expect(await screen.findByRole('heading', { level: 1, name: 'Reviews: Republic of Karelia' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('reviews-summary')).toHaveTextContent('Based on 12 reviews'));
    expect(screen.getByTestId('reviews-summary')).toHaveTextContent('4.3');
    expect(reviewsCalls(h.calls).at(-1)).toEqual({ region: 'karelia', page: 1, limit: 10 });
    expect(within(list()).getAllByTestId('review')[0]).toHaveTextContent('Guest 500');
    expect(screen.getByRole('combobox', { name: 'Region' })).toHaveValue('karelia');
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumbs' });
    expect(within(crumbs).getByRole('link', { name: 'Reviews' })).toHaveAttribute('href', '/en/reviews');
    expect(h.emit).toHaveBeenCalledWith('page:meta', { title: 'Reviews: Republic of Karelia', description: undefined });
    // Back to every region.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Region' }), 'All regions');
    expect(h.navigate).toHaveBeenLastCalledWith('/en/reviews');
    expect(await screen.findByRole('heading', { level: 1, name: 'Reviews' })).toBeInTheDocument();
  });

  test('?page=N is the page: page links navigate, back restores the first page', async () => {
    const h = setup();
    await screen.findByTestId('reviews-summary');
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByRole('link', { name: 'Page 2' })).toHaveAttribute('href', '/en/reviews?page=2');
    await userEvent.setup().click(within(pages).getByRole('link', { name: 'Page 2' }));
    expect(h.navigate).toHaveBeenCalledWith('/en/reviews?page=2');
    await waitFor(() => expect(within(list()).getAllByTestId('review')[0]).toHaveTextContent('Guest 11'));
    expect(screen.getByText('11–20 of 25')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    // The browser's back button: the host moves the route and query back.
    act(() => h.go('/en/reviews'));
    await waitFor(() => expect(within(list()).getAllByTestId('review')[0]).toHaveTextContent('Guest 1'));
    expect(screen.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(reviewsCalls(h.calls).map((q) => q?.page)).toEqual([1, 2, 1]);
  });

  test('a page deep link is read from the URL; a page past the end goes to the last page', async () => {
    const h = setup('/en/reviews/karelia?page=9');
    await waitFor(() => expect(h.navigate).toHaveBeenCalledWith('/en/reviews/karelia?page=2', { replace: true }));
    await waitFor(() => expect(within(list()).getAllByTestId('review')[0]).toHaveTextContent('Guest 510'));
    expect(reviewsCalls(h.calls)).toEqual([{ region: 'karelia', page: 9, limit: 10 }, { region: 'karelia', page: 2, limit: 10 }]);
  });

  test('a 503 answer is the 503 error page (§2.8, issue 29)', async () => {
    const h = setup('/en/reviews', () => new ApiError(503, '/spa/reviews', 'Service unavailable'));
    await waitFor(() => expect(h.emit).toHaveBeenCalledWith('page:error', { status: 503 }));
  });

  test('no answer (offline) shows an error with Retry, which loads again', async () => {
    let fail = true;
    setup('/en/reviews', ({ query }) => (fail ? new ApiError(0, '/spa/reviews', 'Failed to fetch') : answer(query)));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Reviews could not be loaded.');
    expect(screen.queryByRole('list', { name: 'Latest reviews' })).not.toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByTestId('review')).toHaveLength(10);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('no reviews: the empty state, no summary and no page links', async () => {
    setup('/en/reviews', ({ query }) => answer(query, 0));
    expect(await screen.findByText('No reviews yet')).toBeInTheDocument();
    expect(screen.queryByTestId('reviews-summary')).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Latest reviews' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
  });

  test('an unknown region is the platform 404', async () => {
    const h = setup('/en/reviews/atlantis', () => new ApiError(404, '/spa/reviews', 'Not found'));
    await waitFor(() => expect(h.emit).toHaveBeenCalledWith('page:error', { status: 404 }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test("a 403 is the host's 403 page with the account it names, not an error with Retry", async () => {
    const h = setup('/en/reviews', () => new ApiError(403, '/spa/reviews', 'refused', {}, { legit_user_email: 'an***@example.com' }));
    await waitFor(() => expect(h.emit).toHaveBeenCalledWith('page:error', { status: 403, data: { legit_user_email: 'an***@example.com' } }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('the card shows provider reviews, replies and photos; a photo opens the media viewer', async () => {
    setup('/en/reviews', () => ({
      ...answer(),
      reviews: [
        review(1, { type: 'organizer', tour: null, images: ['/media/reviews/1-1/{{size}}/image.svg', '/media/reviews/1-2/{{size}}/image.svg'], review_from_another_site: true,
          reply_review: { title: 'Reply from the organizer', message: 'Thank you!', organizer_data: { expert: { photo: { url: null } } } } }),
      ],
    }));
    const card = (await screen.findAllByTestId('review'))[0]!;
    expect(card).toHaveTextContent('about provider');
    expect(card).toHaveTextContent('review from another site');
    expect(card).toHaveTextContent('Reply from the organizer');
    expect(within(card).queryByRole('link')).not.toBeInTheDocument();
    const photos = within(card).getByRole('list', { name: 'Photos from Guest 1' });
    await userEvent.setup().click(within(photos).getByRole('button', { name: 'Open photo 2 of 2' }));
    const viewer = await screen.findByRole('dialog');
    expect(within(viewer).getByTestId('media-viewer-counter')).toHaveTextContent('2 / 2');
  });
});
