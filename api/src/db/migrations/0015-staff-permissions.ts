/**
 * Migration 0015: staff tools on the tour page (accounts-and-comms §2 'Staff tools', §3 'User private data', 'Tour
 * private (staff) data', §6 'Staff'; issue 16).
 *
 * - staff_accounts gets the two permissions of §3 'User private data': can_use_knowledge ('Tour in admin', the
 *   maximum age) and can_view_commission (§6 'the view-private-data/commission permission': the tour alerts, the
 *   commission). Both 0 for existing accounts: a permission is granted, never assumed.
 * - tour_staff_data: what the back office knows of a tour that the catalogue does not hold: archived, potentially
 *   dangerous with its danger and rejection reasons, the organizer's commission. One optional row per tour: a tour
 *   without one is neither archived (unless unpublished) nor dangerous, and its commission is unknown (null).
 */
import type { ColumnDefinitionBuilder, Kysely, Selectable } from 'kysely';

export interface StaffPermissionColumns {
  can_use_knowledge: number;
  can_view_commission: number;
}

export interface TourStaffDataTable {
  tour_id: number;
  is_archived: number;
  is_potentially_dangerous: number;
  danger_reason: string | null;
  /** Why the publication was refused (or what it was allowed with). */
  rejection_reason: string | null;
  /** The organizer's commission, percent of the price; null when not agreed yet. */
  commission_percent: number | null;
  updated_at: string;
}

export type TourStaffDataRow = Selectable<TourStaffDataTable>;

/** The tables as this migration leaves them (staff_accounts: only the columns it adds; intersect with ChatSchema's). */
export interface StaffPermissionsSchema {
  staff_accounts: StaffPermissionColumns;
  tour_staff_data: TourStaffDataTable;
}

export const PERMISSION_COLUMNS = ['can_use_knowledge', 'can_view_commission'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const flag = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);
  for (const column of PERMISSION_COLUMNS) await db.schema.alterTable('staff_accounts').addColumn(column, 'integer', flag).execute();

  await db.schema.createTable('tour_staff_data').ifNotExists()
    .addColumn('tour_id', 'integer', (c) => c.primaryKey())
    .addColumn('is_archived', 'integer', flag)
    .addColumn('is_potentially_dangerous', 'integer', flag)
    .addColumn('danger_reason', 'text')
    .addColumn('rejection_reason', 'text')
    .addColumn('commission_percent', 'real')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('tour_staff_data').ifExists().execute();
  for (const column of PERMISSION_COLUMNS) await db.schema.alterTable('staff_accounts').dropColumn(column).execute();
}
