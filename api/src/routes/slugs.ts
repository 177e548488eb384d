/** GET /spa/validate-slug (public-site §2.1, §7.2). */
import type { ApiLocale } from '@tours/shared/src/api/schemas/common';
import { ValidateSlugAnswer, ValidateSlugQuery, type ValidateSlugResult, type SlugKind } from '@tours/shared/src/api/schemas/slugs';
import { DEFAULT_SEARCH_SLUGS } from '@tours/shared/src/routing/search-slugs';
import * as q from '../db/queries/slugs';
import { isListedTour, type Listing } from '../db/queries/listing';
import type { Db } from '../db';
import { t, WORDS } from '../lib/i18n';
import type { Services } from '../services';
import type { ApiRouter } from './router';

const SEARCH_SLUGS = new Set<string>(Object.values(DEFAULT_SEARCH_SLUGS));
const SLUG_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Normalises a path slug: trimmed, without surrounding slashes, lower case. Null when it cannot be a slug. */
export function normalizeSlug(raw: string): string | null {
  const slug = raw.trim().replace(/^\/+|\/+$/g, '').toLowerCase();
  return SLUG_RE.test(slug) ? slug : null;
}

type Slugged = { id: number; is_published: number; slug_en: string; slug_cn: string; slug_de: string; slug_ru: string };
const slugsOf = (row: Slugged): string[] => [row.slug_en, row.slug_cn, row.slug_de, row.slug_ru];

/** Resolves a slug to the page it names. */
async function resolveSlug(db: Db, raw: string, locale: ApiLocale, listing: Listing): Promise<ValidateSlugResult> {
  const slug = normalizeSlug(raw);
  if (!slug) return { valid: false };
  if (SEARCH_SLUGS.has(slug)) return { valid: true, kind: 'search', name: WORDS.tours[locale], slug: DEFAULT_SEARCH_SLUGS[locale] };

  const entry = await q.slugEntry(db, slug);
  if (entry) {
    const entity = await q.namedEntity(db, entry.kind, entry.entity_id);
    if (entity) return { valid: true, kind: entry.kind as SlugKind, id: entity.id, name: t(entity, 'name', locale), slug: entity.slug };
  }
  const category = await q.blogCategoryBySlug(db, slug);
  if (category) return { valid: true, kind: 'blog', id: category.id, name: t(category, 'name', locale), slug: category.slug };

  const idText = /-(\d{1,9})$/.exec(slug)?.[1];
  if (!idText) return { valid: false };
  const id = Number(idText);
  const [tour, post] = await Promise.all([q.tourForSlug(db, id), q.blogPostForSlug(db, id)]);
  // A listed tour only: with excursions off (§3.8) an excursion's slug names no page.
  const tourOk = tour && isListedTour(tour, listing) ? tour : null;
  const postOk = post && post.is_published === 1 && slugsOf(post).includes(slug) ? post : null;
  // An exact tour slug wins; then an exact blog slug; then a published tour by id (the client may redirect to `slug`).
  if (tourOk && slugsOf(tourOk).includes(slug)) return { valid: true, kind: 'tour', id, name: t(tourOk, 'title', locale), slug: t(tourOk, 'slug', locale) };
  if (postOk) return { valid: true, kind: 'blog', id, name: t(postOk, 'title', locale), slug: t(postOk, 'slug', locale) };
  if (tourOk) return { valid: true, kind: 'tour', id, name: t(tourOk, 'title', locale), slug: t(tourOk, 'slug', locale) };
  return { valid: false };
}

export function registerSlugRoutes(router: ApiRouter, s: Services): void {
  router.add({
    method: 'GET', url: '/spa/validate-slug', tags: ['tours'], summary: 'Whether a path slug names a page, and what it is',
    description:
      "Valid: the default search slug (tours, touren, lvyou, tury), a region/city/travel-style/collection slug, a blog category or post slug, or a tour slug ending in -{id} of a published tour. For tours, `slug` is the canonical slug in the requested locale (the client may redirect).",
    query: ValidateSlugQuery, answer: ValidateSlugAnswer,
    handler: ({ query, ctx }) => s.cached(`validate-slug:${ctx.locale}:${query.slug}`, async () => ({ result: await resolveSlug(s.db, query.slug, ctx.locale, s.config) })),
  });
}
