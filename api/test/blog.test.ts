/** Blog calls (public-site §7.5). */
import { BlogPostAnswer, BlogPostsAnswer } from '@tours/shared/src/api/schemas/blog';
import { ErrorBody } from '@tours/shared/src/api/schemas/common';
import { expectShape, get, withTestServer } from './helpers';

const { t, app } = withTestServer();

describe('GET /spa/blog-posts', () => {
  test('20 per page by default, newest first, with pagination', async () => {
    const body = expectShape((await get(app, '/spa/blog-posts')).body, BlogPostsAnswer);
    const published = await t.db.kysely.selectFrom('blog_posts').select('id').where('is_published', '=', 1).execute();
    expect(body.pagination).toEqual({ page: 1, pages: Math.ceil(published.length / 20), itemsCount: published.length, itemsOnPage: 20, pageSize: 20 });
    const dates = body.posts.map((p) => p.published_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(body.posts.every((p) => /-\d+$/.test(p.slug) && p.image.includes('{{size}}'))).toBe(true);
    expect(body.category).toBeNull();
    expect(body.categories.length).toBe(4);
  });

  test('pages, per-page and category slugs', async () => {
    const page2 = expectShape((await get(app, '/spa/blog-posts?page=2&per-page=5')).body, BlogPostsAnswer);
    const page1 = expectShape((await get(app, '/spa/blog-posts?page=1&per-page=5')).body, BlogPostsAnswer);
    expect(page2.posts).toHaveLength(5);
    expect(page2.posts.map((p) => p.id)).not.toEqual(expect.arrayContaining(page1.posts.map((p) => p.id)));
    const cat = expectShape((await get(app, '/spa/blog-posts?slug=travel-tips')).body, BlogPostsAnswer);
    expect(cat.category?.slug).toBe('travel-tips');
    expect(cat.posts.every((p) => p.category.slug === 'travel-tips')).toBe(true);
    const beyond = expectShape((await get(app, '/spa/blog-posts?page=999')).body, BlogPostsAnswer);
    expect(beyond.posts).toEqual([]);
  });

  test('locales: cn texts, de falls back to en and says so, with_alt adds alt texts', async () => {
    const cn = expectShape((await get(app, '/spa/blog-posts?per-page=3', { 'x-language': 'zh-CN' })).body, BlogPostsAnswer);
    expect(cn.posts.every((p) => /[\u4e00-\u9fff]/.test(p.title) && !p.fallback_locale)).toBe(true);
    const de = expectShape((await get(app, '/spa/blog-posts?per-page=3&with_alt=1', { 'x-language': 'de' })).body, BlogPostsAnswer);
    expect(de.posts.every((p) => p.fallback_locale === 'en' && p.image_alt === p.title)).toBe(true);
    expect(de.categories.map((c) => c.name)).toContain('Reisetipps');
  });

  test.each(['slug=no-such-category', 'page=0', 'page=-1', 'per-page=101', 'per-page=x', 'with_alt=yes'])('%s is rejected', async (qs) => {
    const res = await get(app, `/spa/blog-posts?${qs}`);
    expect([404, 422]).toContain(res.status);
    expectShape(res.body, ErrorBody);
  });
});

describe('GET /spa/blog-post', () => {
  test('a post with body, breadcrumbs, slugs and 3 similar posts of its category', async () => {
    const list = expectShape((await get(app, '/spa/blog-posts?per-page=1')).body, BlogPostsAnswer);
    const first = list.posts[0]!;
    const body = expectShape((await get(app, `/spa/blog-post?slug=${first.slug}`)).body, BlogPostAnswer);
    expect(body.post.id).toBe(first.id);
    expect(body.post.body).toContain('<p>');
    expect(body.post.breadcrumbs).toHaveLength(3);
    expect(body.similar).toHaveLength(3);
    expect(body.similar.every((p) => p.category.id === body.post.category.id && p.id !== first.id)).toBe(true);
    const none = expectShape((await get(app, `/spa/blog-post?slug=${first.slug}&similar_limit=0`)).body, BlogPostAnswer);
    expect(none.similar).toEqual([]);
    const cn = expectShape((await get(app, `/spa/blog-post?slug=${first.slug}`, { 'x-language': 'cn' })).body, BlogPostAnswer);
    expect(cn.post.body).toMatch(/[\u4e00-\u9fff]/);
    expect(cn.post.breadcrumbs[1]).toEqual({ url: '/boke', text: '博客' });
  });

  test('unknown, mismatched and unpublished slugs are 404; malformed ones 422', async () => {
    const list = expectShape((await get(app, '/spa/blog-posts?per-page=1')).body, BlogPostsAnswer);
    const id = list.posts[0]!.id;
    const hidden = await t.db.kysely.selectFrom('blog_posts').select(['slug_en']).where('is_published', '=', 0).executeTakeFirst();
    for (const slug of ['no-such-post-999999', `wrong-title-${id}`, ...(hidden ? [hidden.slug_en] : [])]) {
      const res = await get(app, `/spa/blog-post?slug=${slug}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Not found' });
    }
    for (const qs of ['', 'slug=', 'slug=Bad%20Slug', `slug=x-${id}&similar_limit=50`]) {
      expect((await get(app, `/spa/blog-post?${qs}`)).status).toBe(422);
    }
  });
});
