/** Data-layer lookups behind slug validation. */
import type { Db } from '../index';

export function slugEntry(db: Db, slug: string) {
  return db.kysely.selectFrom('slug_index').selectAll().where('slug', '=', slug).executeTakeFirst();
}

/** Name columns of the entity a slug_index entry points to. */
export function namedEntity(db: Db, kind: string, id: number) {
  const table = kind === 'region' ? 'regions' : kind === 'city' ? 'cities' : kind === 'rest_kind' ? 'rest_kinds' : kind === 'collection' ? 'collections' : null;
  if (!table) return Promise.resolve(undefined);
  return db.kysely.selectFrom(table).select(['id', 'slug', 'name_en', 'name_cn', 'name_de', 'name_ru']).where('id', '=', id).executeTakeFirst();
}

export function tourForSlug(db: Db, id: number) {
  return db.kysely
    .selectFrom('tours')
    .select(['id', 'type', 'is_published', 'slug_en', 'slug_cn', 'slug_de', 'slug_ru', 'title_en', 'title_cn', 'title_de', 'title_ru'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export function blogPostForSlug(db: Db, id: number) {
  return db.kysely
    .selectFrom('blog_posts')
    .select(['id', 'is_published', 'slug_en', 'slug_cn', 'slug_de', 'slug_ru', 'title_en', 'title_cn', 'title_de', 'title_ru'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export function blogCategoryBySlug(db: Db, slug: string) {
  return db.kysely.selectFrom('blog_categories').selectAll().where('slug', '=', slug).executeTakeFirst();
}
