/** Data-layer queries of the blog. */
import { sql } from 'kysely';
import type { Db } from '../index';

export function blogCategories(db: Db) {
  return db.kysely.selectFrom('blog_categories').selectAll().orderBy('position').execute();
}

export async function countBlogPosts(db: Db, categoryId: number | null): Promise<number> {
  let query = db.kysely.selectFrom('blog_posts').select(sql<number>`cast(count(*) as integer)`.as('n')).where('is_published', '=', 1);
  if (categoryId !== null) query = query.where('category_id', '=', categoryId);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/** A page of published posts, newest first. */
export function blogPostsPage(db: Db, categoryId: number | null, limit: number, offset: number, excludeId?: number) {
  let query = db.kysely.selectFrom('blog_posts').selectAll().where('is_published', '=', 1);
  if (categoryId !== null) query = query.where('category_id', '=', categoryId);
  if (excludeId !== undefined) query = query.where('id', '<>', excludeId);
  return query.orderBy('published_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute();
}

export function blogPostById(db: Db, id: number) {
  return db.kysely.selectFrom('blog_posts').selectAll().where('id', '=', id).where('is_published', '=', 1).executeTakeFirst();
}
