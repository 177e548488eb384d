/**
 * Migration 0022: a request's contacts as logins, and where its confirmation went (issue 29, 'After the request').
 *
 * help_requests gains `email_login` (its e-mail in lower case) and `phone_login` (its phone as '+digits'), the forms a
 * sign-in login takes (domain/logins.ts), set whenever the e-mail or phone is written (db/queries/booking.ts). A guest's
 * requests join the account that proves the same e-mail or phone (a code or link sign-in, a confirmed address): one
 * indexed update by login instead of a scan of every request comparing typed phones. Rows of before are filled here.
 *
 * It also gains `confirmation_channel` ('email' | 'sms') and `confirmation_to` (the address or number, masked): where
 * the traveller's confirmation of the new request went, decided in the transaction that stores it, so every answer to
 * the submit — a resend, ten at once — says the same (null: none went).
 */
import { sql, type Kysely } from 'kysely';

/** The columns this migration adds to help_requests (migration 0011's RequestTable has the others). */
export interface RequestContactColumns {
  /** The request's e-mail, lower case; null without one. */
  email_login: string | null;
  /** The request's phone, '+' and its digits; null without one. */
  phone_login: string | null;
  /** Where the confirmation of the new request went: 'email' or 'sms', and the contact masked; null: none. */
  confirmation_channel: string | null;
  confirmation_to: string | null;
}

export interface RequestContactsSchema {
  help_requests: RequestContactColumns;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  // SQLite adds one column per ALTER TABLE.
  await db.schema.alterTable('help_requests').addColumn('email_login', 'text').execute();
  await db.schema.alterTable('help_requests').addColumn('phone_login', 'text').execute();
  await db.schema.alterTable('help_requests').addColumn('confirmation_channel', 'text').execute();
  await db.schema.alterTable('help_requests').addColumn('confirmation_to', 'text').execute();
  // The typed phone passed the form's rule ('+', digits, spaces, dashes, brackets): what is left after dropping those.
  await sql`update help_requests set email_login = lower(trim(email)) where email is not null and email <> ''`.execute(db);
  await sql`update help_requests set phone_login = '+' || replace(replace(replace(replace(replace(phone, '+', ''), ' ', ''), '-', ''), '(', ''), ')', '')
    where phone is not null and phone <> ''`.execute(db);
  // A guest's requests by login (the join at sign-in looks only at requests without a traveller).
  await db.schema.createIndex('help_requests_email_login_idx').ifNotExists().on('help_requests').columns(['email_login', 'traveller_id']).execute();
  await db.schema.createIndex('help_requests_phone_login_idx').ifNotExists().on('help_requests').columns(['phone_login', 'traveller_id']).execute();
  // My trips: a traveller's requests, newest first.
  await db.schema.createIndex('help_requests_traveller_created_idx').ifNotExists().on('help_requests').columns(['traveller_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('help_requests_traveller_created_idx').ifExists().execute();
  await db.schema.dropIndex('help_requests_phone_login_idx').ifExists().execute();
  await db.schema.dropIndex('help_requests_email_login_idx').ifExists().execute();
  await db.schema.alterTable('help_requests').dropColumn('confirmation_to').execute();
  await db.schema.alterTable('help_requests').dropColumn('confirmation_channel').execute();
  await db.schema.alterTable('help_requests').dropColumn('phone_login').execute();
  await db.schema.alterTable('help_requests').dropColumn('email_login').execute();
}
