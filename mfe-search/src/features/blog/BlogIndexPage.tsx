import { useAtomValue } from 'jotai';
import { useIntl } from 'react-intl';
import { queryAtom, routeAtom, useHost } from '@tours/shared/core';
import { pageFromQuery } from '@tours/shared/domain';
import { BlogPostsAnswer, useApiQuery } from '@tours/shared/api';
import { ErrorState, Link, PageHeader, PaginationBar, Skeleton, usePageError, usePageWithinRange } from '@tours/shared/kit';
import { BlogCards } from '../common/BlogCards';
import '../common/common.css';

/** The API's page bound (GET /spa/blog-posts); a larger page in the URL asks for the last one the call accepts. */
const MAX_PAGE = 10000;

/** Blog root and category listings: 20 posts a page (§9). */
export default function BlogIndexPage() {
  const intl = useIntl();
  const host = useHost();
  const route = useAtomValue(routeAtom);
  const query = useAtomValue(queryAtom);
  const slug = route?.params.slug || undefined;
  const page = pageFromQuery(query.page, MAX_PAGE);
  const posts = useApiQuery(`blog:${slug}:${page}`, (signal) =>
    host.api.get('/spa/blog-posts', { schema: BlogPostsAnswer, query: { slug, page, 'per-page': 20, with_alt: 1 }, signal }),
  );
  // No answer is shown in place with Retry; another answer (an unknown category's 404, 403, 410) is the error page.
  const pageError = usePageError(posts.error);
  const blogTitle = intl.formatMessage({ id: 'page.blog-index.title' });
  const title = posts.data?.category?.name ?? blogTitle;
  const crumbs = [{ url: host.href('index'), text: intl.formatMessage({ id: 'common.home' }) }, ...(slug ? [{ url: host.href('blog-index', {}), text: blogTitle }] : []), { text: title }];
  const pages = posts.data?.pagination.pages ?? 0;
  const hrefFor = (p: number) => `${host.href('blog-index', { slug })}${p > 1 ? `?page=${p}` : ''}`;
  usePageWithinRange(page, posts.data?.pagination, hrefFor);
  return (
    <section>
      <PageHeader title={title} breadcrumbs={crumbs} />
      {posts.data && posts.data.categories.length > 0 && (
        <nav aria-label={intl.formatMessage({ id: 'main.blog.categories' })}>
          <ul className="srch-chips">
            {posts.data.categories.map((c) => (
              <li key={c.id}><Link href={host.href('blog-index', { slug: c.slug })} aria-current={c.slug === slug ? 'page' : undefined}>{c.name}</Link></li>
            ))}
          </ul>
        </nav>
      )}
      {!posts.data && (posts.error ? !pageError && <ErrorState onRetry={posts.retry} busy={posts.loading} /> : <Skeleton height={200} />)}
      <BlogCards posts={posts.data?.posts ?? []} />
      {posts.data && (
        <PaginationBar
          page={page}
          pages={pages}
          total={posts.data.pagination.itemsCount}
          pageSize={posts.data.pagination.pageSize}
          hrefFor={hrefFor}
          onPage={(p) => host.navigate(hrefFor(p))}
        />
      )}
    </section>
  );
}
