import { useAtomValue } from 'jotai';
import { useIntl } from 'react-intl';
import { routeAtom, useHost } from '@tours/shared/core';
import { sizedImage } from '@tours/shared/domain';
import { BlogPostAnswer, isRetryableError, useApiQuery } from '@tours/shared/api';
import { ErrorState, PageHeader, PageSkeleton, SafeHtml, usePageError } from '@tours/shared/kit';
import { BlogCards } from '../common/BlogCards';
import '../common/common.css';

/** A blog article (/blog/{slug}-{number}) with 3 similar posts (§9). */
export default function BlogArticlePage() {
  const intl = useIntl();
  const host = useHost();
  const slug = useAtomValue(routeAtom)?.params.slug ?? '';
  const post = useApiQuery(`post:${slug}`, (signal) => host.api.get('/spa/blog-post', { schema: BlogPostAnswer, query: { slug, similar_limit: 3, with_alt: 1 }, signal }));
  // No answer (network, timeout, 5xx) is shown in place and retried; another answer (404, 403, 410) is the error page.
  const unavailable = post.error !== null && isRetryableError(post.error);
  usePageError(post.error);
  if (!post.data) return unavailable ? <ErrorState onRetry={post.retry} busy={post.loading} /> : <PageSkeleton />;
  const { post: p, similar } = post.data;
  return (
    <article>
      <PageHeader title={p.title} description={p.summary} breadcrumbs={[{ url: host.href('index'), text: intl.formatMessage({ id: 'common.home' }) }, { url: host.href('blog-index', {}), text: intl.formatMessage({ id: 'page.blog-index.title' }) }, { text: p.title }]} />
      <p className="srch-article__meta">
        {p.author.name} · <time dateTime={p.published_at}>{intl.formatDate(p.published_at, { dateStyle: 'long' })}</time>
      </p>
      <img className="srch-article__image" src={sizedImage(p.image, '1200x00')} alt={p.image_alt ?? ''} width={1200} height={600} />
      <SafeHtml className="srch-article__body" html={p.body} />
      {similar.length > 0 && (
        <section aria-labelledby="similar-title">
          <h2 id="similar-title">{intl.formatMessage({ id: 'main.blog.similar' })}</h2>
          <BlogCards posts={similar} summaries={false} />
        </section>
      )}
    </article>
  );
}
