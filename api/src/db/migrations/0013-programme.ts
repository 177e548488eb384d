/**
 * Migration 0013: the tour programme by e-mail, WhatsApp and subscription (public-site §7.3; issue 14).
 *
 * - programme_subscriptions: who asked to get a tour's programme (POST /spa/subscribe-tour-program), one row per
 *   e-mail and tour (unique email + tour_id: a repeat changes nothing), with the client's subscriber_id and uuid;
 * - programme_links: the links to a programme PDF sent by WhatsApp (GET /spa/tour-program-pdf/{token}): the SHA-256
 *   of a random 128-bit token, and which tour, locale and currency it names. The PDF itself is made again when it
 *   is not in the cache (use-cases/programme-pdf.ts), so a link keeps working across restarts and processes.
 */
import type { ColumnDefinitionBuilder, Generated, Kysely, Selectable } from 'kysely';
import { isPostgres } from './0002-search';

export interface ProgrammeSubscriptionTable {
  id: Generated<number>;
  /** Lower case. */
  email: string;
  tour_id: number;
  subscriber_id: string | null;
  uuid: string | null;
  phone: string | null;
  currency: string;
  locale: string;
  created_at: string;
}

export interface ProgrammeLinkTable {
  /** SHA-256 (hex) of the token in the link. */
  token_hash: string;
  tour_id: number;
  locale: string;
  currency: string;
  /** The request the message was sent for, if any. */
  request_id: number | null;
  created_at: string;
}

export type ProgrammeSubscriptionRow = Selectable<ProgrammeSubscriptionTable>;
export type ProgrammeLinkRow = Selectable<ProgrammeLinkTable>;

export interface ProgrammeSchema {
  programme_subscriptions: ProgrammeSubscriptionTable;
  programme_links: ProgrammeLinkTable;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  const identity = (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());
  await db.schema
    .createTable('programme_subscriptions')
    .ifNotExists()
    .addColumn('id', 'integer', identity)
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('tour_id', 'integer', (c) => c.notNull())
    .addColumn('subscriber_id', 'text')
    .addColumn('uuid', 'text')
    .addColumn('phone', 'text')
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('programme_subscriptions_email_tour_uq').ifNotExists().unique().on('programme_subscriptions').columns(['email', 'tour_id']).execute();

  await db.schema
    .createTable('programme_links')
    .ifNotExists()
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('tour_id', 'integer', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('request_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('programme_links').ifExists().execute();
  await db.schema.dropTable('programme_subscriptions').ifExists().execute();
}
