/**
 * Blog calls (public-site §7.5, §9 'Blog: 20 per page by default, page 1 by default, 3 similar posts by default').
 */
import { type Infer, array, assign, integer, string, type } from 'superstruct';
import { Breadcrumb, FallbackLocale, ImageUrl, Pagination, dflt, nul, opt, queryBool, queryInt, queryString } from './common';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

// GET /spa/blog-posts ---------------------------------------------------------

export const BlogPostsQuery = type({
  slug: opt(queryString(200, { description: 'A category slug; empty or absent for every post' })),
  page: dflt(queryInt(1, 10000, 'Page, from 1'), 1),
  'per-page': dflt(queryInt(1, 100, 'Posts per page'), 20),
  with_alt: opt(queryBool('1: add image_alt texts')),
});
export type BlogPostsQuery = Infer<typeof BlogPostsQuery>;

export const BlogCategory = type({ id: integer(), slug: string(), name: string() });
export type BlogCategory = Infer<typeof BlogCategory>;

export const BlogAuthor = type({ name: string(), photo: ImageUrl });

/** A post in a list. `slug` ends in -{id}; `image` carries a '{{size}}' segment. */
export const BlogPostCard = type({
  id: integer(),
  slug: string(),
  title: string(),
  summary: string(),
  image: ImageUrl,
  /** Only with with_alt=1. */
  image_alt: opt(string()),
  /** ISO date, YYYY-MM-DD. */
  published_at: string(),
  category: BlogCategory,
  reading_time_minutes: integer(),
  fallback_locale: FallbackLocale,
});
export type BlogPostCard = Infer<typeof BlogPostCard>;

export const BlogPostsAnswer = type({
  posts: array(BlogPostCard),
  pagination: Pagination,
  /** The category named by `slug`, null for every post. */
  category: nul(BlogCategory),
  categories: array(BlogCategory),
});
export type BlogPostsAnswer = Infer<typeof BlogPostsAnswer>;

// GET /spa/blog-post ----------------------------------------------------------

export const BlogPostQuery = type({
  slug: queryString(300, { min: 1, pattern: SLUG, description: 'Post slug, ending in -{id}' }),
  similar_limit: dflt(queryInt(0, 20, 'How many similar posts'), 3),
  with_alt: opt(queryBool('1: add image_alt texts')),
});
export type BlogPostQuery = Infer<typeof BlogPostQuery>;

/** A whole post: the card fields plus the body (HTML), author and breadcrumbs. */
export const BlogPostDetail = assign(
  BlogPostCard,
  type({
    body: string(),
    author: BlogAuthor,
    breadcrumbs: array(Breadcrumb),
    /** Slug of the post in every locale (hreflang alternates). */
    slugs: type({ en: string(), cn: string(), de: string(), ru: string() }),
  }),
);
export type BlogPostDetail = Infer<typeof BlogPostDetail>;

export const BlogPostAnswer = type({ post: BlogPostDetail, similar: array(BlogPostCard) });
export type BlogPostAnswer = Infer<typeof BlogPostAnswer>;
