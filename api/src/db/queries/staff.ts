/** Data layer of the staff tools (migration 0015): staff permissions and the back office's data of a tour. */
import type { Kysely } from 'kysely';
import type { StaffPermissions } from '@tours/shared/src/api/schemas/staff';
import type { Db } from '../index';
import type { ChatSchema, IndividualTourSchema, Schema, StaffPermissionsSchema, TourStaffDataRow, TourStaffDataTable } from '../schema';

type StaffKysely = Kysely<Omit<Schema, 'staff_accounts'> & Omit<ChatSchema, 'staff_accounts'> & IndividualTourSchema & Omit<StaffPermissionsSchema, 'staff_accounts'> & {
  staff_accounts: ChatSchema['staff_accounts'] & StaffPermissionsSchema['staff_accounts'];
}>;

export type { TourStaffDataRow };

const staffDb = (db: Db) => db.kysely as unknown as StaffKysely;

/** A staff member's permissions (all false for an unknown id). */
export async function staffPermissions(db: Db, staffId: number): Promise<StaffPermissions> {
  const row = await staffDb(db).selectFrom('staff_accounts').select(['can_use_knowledge', 'can_view_commission']).where('id', '=', staffId).executeTakeFirst();
  return { can_use_knowledge: Number(row?.can_use_knowledge ?? 0) === 1, can_view_commission: Number(row?.can_view_commission ?? 0) === 1 };
}

export async function setStaffPermissions(db: Db, staffId: number, p: StaffPermissions): Promise<void> {
  await staffDb(db).updateTable('staff_accounts')
    .set({ can_use_knowledge: p.can_use_knowledge ? 1 : 0, can_view_commission: p.can_view_commission ? 1 : 0 })
    .where('id', '=', staffId).execute();
}

/** The tour as the staff tools need it (any tour, published or not), or undefined. */
export function staffTour(db: Db, tourId: number) {
  return staffDb(db).selectFrom('tours').select(['id', 'type', 'is_published', 'difficulty']).where('id', '=', tourId).executeTakeFirst();
}

export function tourStaffData(db: Db, tourId: number): Promise<TourStaffDataRow | undefined> {
  return staffDb(db).selectFrom('tour_staff_data').selectAll().where('tour_id', '=', tourId).executeTakeFirst();
}

/** Whether the back office archived the tour (tour_staff_data): it cannot be booked (issue 29). */
export async function isTourArchived(db: Db, tourId: number): Promise<boolean> {
  const row = await staffDb(db).selectFrom('tour_staff_data').select('is_archived').where('tour_id', '=', tourId).executeTakeFirst();
  return row?.is_archived === 1;
}

/** Writes a tour's back-office data (insert or replace). */
export async function saveTourStaffData(db: Db, row: Omit<TourStaffDataTable, 'updated_at'>, now: Date): Promise<void> {
  const values = { ...row, updated_at: now.toISOString() };
  const { tour_id: _tourId, ...rest } = values;
  await staffDb(db).insertInto('tour_staff_data').values(values).onConflict((oc) => oc.column('tour_id').doUpdateSet(rest)).execute();
}

/** The tour's dates (every one, oldest first). */
export function tourVariantsOf(db: Db, tourId: number) {
  return staffDb(db).selectFrom('tour_variants')
    .select(['id', 'start', 'end', 'price', 'number_of_free_seats', 'is_busy'])
    .where('tour_id', '=', tourId).orderBy('start').orderBy('id').execute();
}

/** The tour of an individual tour's request, or undefined. */
export async function tourOfRequest(db: Db, requestId: number): Promise<number | undefined> {
  const row = await staffDb(db).selectFrom('individual_tours').select('tour_id').where('request_id', '=', requestId).orderBy('tour_id').limit(1).executeTakeFirst();
  return row?.tour_id;
}

/** Whether any tour has back-office data (the development seed writes some only into an empty table). */
export async function hasTourStaffData(db: Db): Promise<boolean> {
  return Boolean(await staffDb(db).selectFrom('tour_staff_data').select('tour_id').limit(1).executeTakeFirst());
}
