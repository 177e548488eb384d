/**
 * Migration 0016: organizers managed by staff (accounts-and-comms §3 'Organizer (public)', §6, §7 'Organizers';
 * issue 16).
 *
 * - published_on_site: whether the public calls (public-info, info, verification-info, organizer-reviews) show the
 *   organizer at all. 1 for the organizers already there: the catalogue was public before this.
 * - phone, email: how the back office reaches the organizer (never answered by a public call); null when unknown.
 * - revision: bumped by every staff write. The public answers are cached per process (Services.cached, 60 s): their
 *   keys carry the revision, so a change is seen at once by every API process without a shared cache to clear.
 * - updated_at: when staff last changed it (ISO), null for seeded organizers.
 */
import type { ColumnDefinitionBuilder, Kysely } from 'kysely';

export interface OrganizerAdminColumns {
  published_on_site: number;
  phone: string | null;
  email: string | null;
  revision: number;
  updated_at: string | null;
}

/** The columns this migration adds to organizers (intersect with the catalogue's row). */
export interface OrganizerAdminSchema {
  organizers: OrganizerAdminColumns;
}

const COLUMNS = ['published_on_site', 'phone', 'email', 'revision', 'updated_at'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const flag = (value: number) => (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(value);
  await db.schema.alterTable('organizers').addColumn('published_on_site', 'integer', flag(1)).execute();
  await db.schema.alterTable('organizers').addColumn('phone', 'text').execute();
  await db.schema.alterTable('organizers').addColumn('email', 'text').execute();
  await db.schema.alterTable('organizers').addColumn('revision', 'integer', flag(0)).execute();
  await db.schema.alterTable('organizers').addColumn('updated_at', 'text').execute();
  await db.schema.createIndex('organizers_published_on_site_idx').ifNotExists().on('organizers').column('published_on_site').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('organizers_published_on_site_idx').ifExists().execute();
  for (const column of COLUMNS) await db.schema.alterTable('organizers').dropColumn(column).execute();
}
