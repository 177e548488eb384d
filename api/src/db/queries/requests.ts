/** Data layer of help requests (migration 0003); they are stored by db/queries/booking.ts createRequest. */
import type { Kysely } from 'kysely';
import type { Db } from '../index';
import { prepared, type Arg } from '../prepared';
import type { HelpRequestRow, HelpRequestSchema } from '../schema';
import { shownKind, type Listing } from './listing';

/** The help_requests table is typed here (db/schema.ts describes the catalogue). */
function requestsDb(db: Db): Kysely<HelpRequestSchema> {
  return db.kysely as unknown as Kysely<HelpRequestSchema>;
}

export function helpRequestById(db: Db, id: number): Promise<HelpRequestRow | undefined> {
  return requestsDb(db).selectFrom('help_requests').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The newest requests first (tests, staff tools): by when they were sent, as ids are random (db/queries/booking.ts). */
export function latestHelpRequests(db: Db, limit = 20): Promise<HelpRequestRow[]> {
  return requestsDb(db).selectFrom('help_requests').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** The rows a help request may name by id alone (the request to update is named by its uuid: routes/requests.ts). */
export interface HelpRequestReferences {
  tour_id?: number | undefined;
  organizer_id?: number | undefined;
}

/**
 * Which of the named rows do not exist: `{ field: 'Incorrect value' }` (empty when all do). An excursion while
 * excursions are off (`listing`, §3.8) is not on the site: unknown like a tour that does not exist.
 */
export async function missingReferences(db: Db, refs: HelpRequestReferences, listing: Listing): Promise<Record<string, string>> {
  const found = await Promise.all([
    refs.tour_id === undefined ? true : db.kysely.selectFrom('tours').select('id').where('id', '=', refs.tour_id).where(shownKind('tours', listing)).executeTakeFirst().then(Boolean),
    refs.organizer_id === undefined ? true : db.kysely.selectFrom('organizers').select('id').where('id', '=', refs.organizer_id).executeTakeFirst().then(Boolean),
  ]);
  const out: Record<string, string> = {};
  (['tour_id', 'organizer_id'] as const).forEach((field, i) => {
    if (!found[i]) out[field] = 'Incorrect value';
  });
  return out;
}

/** The tour facts the rules of a private tour and a cost calculation need (type, request period as YYYY-MM-DD). */
export async function tourRequestFacts(db: Db, tourId: number): Promise<{ type: number; requestPeriodStart: string | null; requestPeriodEnd: string | null } | undefined> {
  const row = await db.kysely
    .selectFrom('tours')
    .select(['type', 'use_request_period', 'request_period_start', 'request_period_end'])
    .where('id', '=', tourId)
    .executeTakeFirst();
  if (!row) return undefined;
  const used = Boolean(row.use_request_period);
  return {
    type: Number(row.type),
    requestPeriodStart: used && row.request_period_start ? String(row.request_period_start).slice(0, 10) : null,
    requestPeriodEnd: used && row.request_period_end ? String(row.request_period_end).slice(0, 10) : null,
  };
}

/** A tour's English title (the coordinators' notice of a new request names it: lib/request-notice.ts); prepared, as it follows each submit. */
const tourTitleEnQuery = prepared((k: Db['kysely'], arg: Arg<{ id: number }>) => k.selectFrom('tours').select(['id', 'title_en']).where('id', '=', arg('id')));
export function tourTitleEn(db: Db, id: number) {
  return tourTitleEnQuery.executeTakeFirst(db.kysely, { id });
}
