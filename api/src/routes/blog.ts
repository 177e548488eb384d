/** Blog calls (public-site §7.5). */
import { BlogPostAnswer, BlogPostQuery, BlogPostsAnswer, BlogPostsQuery, type BlogCategory, type BlogPostCard } from '@tours/shared/src/api/schemas/blog';
import type { ApiLocale } from '@tours/shared/src/api/schemas/common';
import * as q from '../db/queries/blog';
import { notFound } from '../lib/errors';
import { fallbackMark, pickText, t, WORDS } from '../lib/i18n';
import { imageUrl } from '../lib/images';
import type { Services } from '../services';
import type { ApiRouter } from './router';

type PostRow = Awaited<ReturnType<typeof q.blogPostsPage>>[number];
type CategoryRow = Awaited<ReturnType<typeof q.blogCategories>>[number];

/** Site paths of the blog per locale (cn has no prefix; localized blog roots of public-site §2.2). */
function blogPath(locale: ApiLocale, slug = ''): string {
  const root = locale === 'cn' ? '/boke' : locale === 'de' ? '/de/reiseblog' : `/${locale}/blog`;
  return slug ? `${root}/${slug}` : root;
}

function category(c: CategoryRow, locale: ApiLocale): BlogCategory {
  return { id: c.id, slug: c.slug, name: t(c, 'name', locale) };
}

function card(p: PostRow, categories: CategoryRow[], locale: ApiLocale, withAlt: boolean): BlogPostCard {
  const title = pickText(p, 'title', locale);
  const summary = pickText(p, 'summary', locale);
  const c = categories.find((x) => x.id === p.category_id);
  return {
    id: p.id,
    slug: pickText(p, 'slug', locale).text,
    title: title.text,
    summary: summary.text,
    image: imageUrl('blog', `${p.id}-1`),
    ...(withAlt ? { image_alt: title.text } : {}),
    published_at: p.published_at,
    category: c ? category(c, locale) : { id: p.category_id, slug: '', name: '' },
    reading_time_minutes: p.reading_time_minutes,
    ...fallbackMark(title, summary),
  };
}

export function registerBlogRoutes(router: ApiRouter, s: Services): void {
  const tags = ['blog'];

  router.add({
    method: 'GET', url: '/spa/blog-posts', tags, summary: 'Blog posts, newest first, with pagination',
    description: 'slug: a category slug (404 when unknown) or empty for every post. 20 per page by default.',
    query: BlogPostsQuery, answer: BlogPostsAnswer, errors: [404],
    handler: ({ query, ctx }) => {
      const perPage = query['per-page'];
      const key = `blog-posts:${ctx.locale}:${query.slug ?? ''}:${query.page}:${perPage}:${query.with_alt ? 1 : 0}`;
      return s.cached(key, async () => {
        const categories = await q.blogCategories(s.db);
        const slug = query.slug?.trim() ?? '';
        const current = slug ? categories.find((c) => c.slug === slug) : null;
        if (slug && !current) throw notFound();
        const total = await q.countBlogPosts(s.db, current?.id ?? null);
        const rows = await q.blogPostsPage(s.db, current?.id ?? null, perPage, (query.page - 1) * perPage);
        return {
          posts: rows.map((p) => card(p, categories, ctx.locale, Boolean(query.with_alt))),
          pagination: { page: query.page, pages: Math.max(1, Math.ceil(total / perPage)), itemsCount: total, itemsOnPage: rows.length, pageSize: perPage },
          category: current ? category(current, ctx.locale) : null,
          categories: categories.map((c) => category(c, ctx.locale)),
        };
      });
    },
  });

  router.add({
    method: 'GET', url: '/spa/blog-post', tags, summary: 'One blog post with similar posts',
    description: 'slug ends in -{id}; 404 when the post does not exist, is unpublished, or the slug does not match it. 3 similar posts by default.',
    query: BlogPostQuery, answer: BlogPostAnswer, errors: [404],
    handler: ({ query, ctx }) => s.cached(`blog-post:${ctx.locale}:${query.slug}:${query.similar_limit}:${query.with_alt ? 1 : 0}`, async () => {
      const id = Number(/-(\d{1,9})$/.exec(query.slug)?.[1] ?? NaN);
      if (!Number.isSafeInteger(id)) throw notFound();
      const post = await q.blogPostById(s.db, id);
      if (!post || ![post.slug_en, post.slug_cn, post.slug_de, post.slug_ru].includes(query.slug)) throw notFound();
      const categories = await q.blogCategories(s.db);
      const withAlt = Boolean(query.with_alt);
      const base = card(post, categories, ctx.locale, withAlt);
      const body = pickText(post, 'body', ctx.locale);
      const similar = query.similar_limit > 0 ? await q.blogPostsPage(s.db, post.category_id, query.similar_limit, 0, post.id) : [];
      return {
        post: {
          ...base,
          ...fallbackMark(body, pickText(post, 'title', ctx.locale), pickText(post, 'summary', ctx.locale)),
          body: body.text,
          author: { name: t(post, 'author_name', ctx.locale), photo: imageUrl('experts', 'editorial-1') },
          breadcrumbs: [
            { url: ctx.locale === 'cn' ? '/' : `/${ctx.locale}`, text: WORDS.home[ctx.locale] },
            { url: blogPath(ctx.locale), text: WORDS.blog[ctx.locale] },
            { url: blogPath(ctx.locale, base.category.slug), text: base.category.name },
          ],
          slugs: { en: post.slug_en, cn: post.slug_cn, de: post.slug_de, ru: post.slug_ru },
        },
        similar: similar.map((p) => card(p, categories, ctx.locale, withAlt)),
      };
    }),
  });
}
