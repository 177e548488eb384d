/** Data layer of an account's favourite tours (migration 0008). */
import type { Db } from '../index';
import { accountsDb } from './travellers';

export async function favouriteTourIds(db: Db, travellerId: number): Promise<number[]> {
  const rows = await accountsDb(db).selectFrom('favourite_tours').select('tour_id').where('traveller_id', '=', travellerId).orderBy('tour_id').execute();
  return rows.map((r) => r.tour_id);
}

/**
 * Adds tours to an account's favourites (those it holds already stay as they are); ids that are not tours are left
 * out, and with `published` so are tours not on the site.
 */
export async function addFavouriteTours(db: Db, travellerId: number, tourIds: readonly number[], now: Date, published = false): Promise<void> {
  if (!tourIds.length) return;
  const k = accountsDb(db);
  let q = k.selectFrom('tours').select('id').where('id', 'in', [...new Set(tourIds)]);
  if (published) q = q.where('is_published', '=', 1);
  const tours = await q.execute();
  if (!tours.length) return;
  await k.insertInto('favourite_tours')
    .values(tours.map((t) => ({ traveller_id: travellerId, tour_id: t.id, created_at: now.toISOString() })))
    .onConflict((oc) => oc.columns(['traveller_id', 'tour_id']).doNothing())
    .execute();
}

export async function removeFavouriteTour(db: Db, travellerId: number, tourId: number): Promise<void> {
  await accountsDb(db).deleteFrom('favourite_tours').where('traveller_id', '=', travellerId).where('tour_id', '=', tourId).execute();
}
