/** Subscriptions to a tour's programme (migration 0013; issue 30: formerly inline in routes/programme.ts). */
import type { Kysely } from 'kysely';
import type { Db } from '../index';
import type { ProgrammeSchema } from '../schema';

const programmeDb = (db: Db) => db.kysely as unknown as Kysely<ProgrammeSchema>;

/** Whether this e-mail has subscribed to this tour's programme. */
export async function isSubscribedToProgramme(db: Db, email: string, tourId: number): Promise<boolean> {
  return Boolean(await programmeDb(db).selectFrom('programme_subscriptions').select('id').where('email', '=', email).where('tour_id', '=', tourId).executeTakeFirst());
}

/** Records a subscription; false when one for the e-mail and tour came first (one per e-mail and tour). */
export async function addProgrammeSubscription(db: Db, row: {
  email: string; tour_id: number; subscriber_id: string | null; uuid: string | null; currency: string; locale: string; created_at: string;
}): Promise<boolean> {
  const inserted = await programmeDb(db).insertInto('programme_subscriptions').values({ ...row, phone: null })
    .onConflict((oc) => oc.columns(['email', 'tour_id']).doNothing()).returning('id').executeTakeFirst();
  return Boolean(inserted);
}
