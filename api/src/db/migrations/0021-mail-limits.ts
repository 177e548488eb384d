/**
 * Migration 0021: what keeps the site from mailing anyone (issue 28; lib/mail-limits.ts, docs/decisions.md).
 *
 * - mail_recipient_counts: messages of one kind to one address a visitor typed, in the 24 hours from `window_start`
 *   (one row per address and kind, counted up in one statement, so every process and visitor address shares it);
 * - programme_links gains `recipient` (where the link was sent) and `opened_at` (when it was first opened): an e-mail
 *   address whose link was opened has asked for programmes, and later ones carry the PDF attached.
 */
import type { Kysely } from 'kysely';

export interface MailRecipientCountTable {
  /** A lower-case e-mail or '+digits'. */
  recipient: string;
  /** 'programme', 'programme_subscription', 'request_cancelled', 'chat_link'. */
  kind: string;
  window_start: string;
  count: number;
}

/** The columns programme_links gains. */
export interface ProgrammeLinkRecipientColumns {
  /** Where the link was sent: a lower-case e-mail or '+digits' (null: links sent before this migration). */
  recipient: string | null;
  /** When the link was first opened (the PDF served). */
  opened_at: string | null;
}

export interface MailLimitsSchema {
  mail_recipient_counts: MailRecipientCountTable;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mail_recipient_counts')
    .ifNotExists()
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('window_start', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('mail_recipient_counts_pk', ['recipient', 'kind'])
    .execute();
  await db.schema.createIndex('mail_recipient_counts_window_idx').ifNotExists().on('mail_recipient_counts').column('window_start').execute();
  // SQLite adds one column per ALTER TABLE.
  await db.schema.alterTable('programme_links').addColumn('recipient', 'text').execute();
  await db.schema.alterTable('programme_links').addColumn('opened_at', 'text').execute();
  await db.schema.createIndex('programme_links_recipient_idx').ifNotExists().on('programme_links').columns(['recipient', 'opened_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('programme_links_recipient_idx').ifExists().execute();
  await db.schema.alterTable('programme_links').dropColumn('opened_at').execute();
  await db.schema.alterTable('programme_links').dropColumn('recipient').execute();
  await db.schema.dropTable('mail_recipient_counts').ifExists().execute();
}
