import { screen, waitFor } from '@testing-library/react';
import { ApiError } from '@tours/shared/core';
import { expectLoadErrorAndRetry, renderWithHost } from '../../test-utils';
import BlogArticlePage from './BlogArticlePage';
import BlogIndexPage from './BlogIndexPage';

const unavailable = (path: string) => () => new ApiError(0, path, 'Failed to fetch');

describe('blog: no answer is an error with Retry, an answer such as 404 the error page', () => {
  test.each([
    ['blog article', '/en/blog/baikal-ice-7', <BlogArticlePage key="a" />, '/spa/blog-post'],
    ['blog index', '/en/blog', <BlogIndexPage key="b" />, '/spa/blog-posts'],
  ])('%s: no answer (offline) shows the error in place, Retry asks again', async (_name, path, ui, call) => {
    const h = renderWithHost(ui, { path, routes: { [call]: unavailable(call) } });
    const alert = await expectLoadErrorAndRetry(h, call);
    expect(alert).toBeInTheDocument();
  });

  test.each([
    ['/en/blog/baikal-ice-7', <BlogArticlePage key="a" />, '/spa/blog-post'],
    ['/en/blog', <BlogIndexPage key="b" />, '/spa/blog-posts'],
  ])('%s: a 503 answer (the API down) is the 503 error page of §2.8 (issue 29)', async (path, ui, call) => {
    const h = renderWithHost(ui, { path, routes: { [call]: () => new ApiError(503, call, 'API unavailable') } });
    await waitFor(() => expect(h.emit).toHaveBeenCalledWith('page:error', { status: 503 }));
  });

  test.each([
    ['/en/blog/nope-9', <BlogArticlePage key="a" />, '/spa/blog-post'],
    ['/en/blog/no-such-category', <BlogIndexPage key="b" />, '/spa/blog-posts'],
  ])('%s: a 404 is the platform error page, no Retry', async (path, ui, call) => {
    const h = renderWithHost(ui, { path, routes: { [call]: () => new ApiError(404, call, 'Not found') } });
    await waitFor(() => expect(h.emit).toHaveBeenCalledWith('page:error', { status: 404 }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  // The 403 page names the account the page belongs to ('log in again', public-site §2.8): its data reaches the host.
  test.each([
    ['blog article 403', '/en/blog/baikal-ice-7', <BlogArticlePage key="a" />, '/spa/blog-post', 403, { legit_user_email: 'an***@example.com', other: 1 }, { status: 403, data: { legit_user_email: 'an***@example.com' } }],
    ['blog index 403', '/en/blog', <BlogIndexPage key="b" />, '/spa/blog-posts', 403, { legit_user_phone: '+7 *** ***-45-67' }, { status: 403, data: { legit_user_phone: '+7 *** ***-45-67' } }],
    ['blog article 410', '/en/blog/baikal-ice-7', <BlogArticlePage key="c" />, '/spa/blog-post', 410, undefined, { status: 410 }],
    ['blog index 410', '/en/blog', <BlogIndexPage key="d" />, '/spa/blog-posts', 410, undefined, { status: 410 }],
  ])('%s: the error page with what it needs of the answer, no Retry', async (_name, path, ui, call, status, data, expected) => {
    const h = renderWithHost(ui, { path, routes: { [call]: () => new ApiError(status, call, 'refused', {}, data) } });
    await waitFor(() => expect(h.emit).toHaveBeenCalledWith('page:error', expected));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('blog index pages', () => {
  const post = (id: number) => ({
    id, slug: `post-${id}`, title: `Post ${id}`, summary: 'Summary', image: `/media/blog/${id}/{{size}}/image.svg`, published_at: '2030-01-01',
    category: { id: 1, slug: 'baikal', name: 'Baikal' }, reading_time_minutes: 3,
  });
  const answer = ({ query }: { query?: Record<string, unknown> }) => {
    const page = Number(query?.page ?? 1);
    return {
      posts: page <= 2 ? [post(page * 10 + 1)] : [],
      pagination: { page, pages: 2, itemsCount: 21, itemsOnPage: page <= 2 ? 20 : 0, pageSize: 20 },
      category: null,
      categories: [],
    };
  };

  test("a page past the last (?page=99999 of 2, past the call's bound too) shows the last page, the URL replaced", async () => {
    const h = renderWithHost(<BlogIndexPage />, { path: '/en/blog?page=99999', routes: { '/spa/blog-posts': answer } });
    await waitFor(() => expect(h.navigate).toHaveBeenCalledWith('/en/blog?page=2', { replace: true }));
    expect(await screen.findByText('Post 21')).toBeInTheDocument();
    expect(h.calls.map((c) => c.query?.page)).toEqual([10000, 2]);
  });
});
