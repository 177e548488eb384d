/**
 * Migration 0006: travellers (accounts-and-comms §1, §3 'User / profile') and their access tokens. A traveller holds
 * a profile with name, e-mail, phone, country, language and currency; a token is kept only as its SHA-256 hash.
 * Sign-in (one-time codes, accounts issue) creates both; the search issue needs the profile's currency (public-site
 * §9: changing the currency while logged in saves it to the profile).
 */
import type { Generated, Kysely, Selectable } from 'kysely';
import { isPostgres } from './0002-search';

export interface TravellerTable {
  id: Generated<number>;
  first_name: string;
  last_name: string;
  email: string | null;
  /** 1 when the e-mail was given by the traveller (not a placeholder of a phone sign-up). */
  is_email_set: number;
  phone: string | null;
  country_id: number | null;
  language: string | null;
  currency: string | null;
  created_at: string;
  updated_at: string;
}

export interface TravellerTokenTable {
  /** SHA-256 of the bearer token, hex. */
  token_hash: string;
  traveller_id: number;
  created_at: string;
  expires_at: string;
}

export type TravellerRow = Selectable<TravellerTable>;

export interface TravellerSchema {
  travellers: TravellerTable;
  traveller_tokens: TravellerTokenTable;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .createTable('travellers')
    .ifNotExists()
    .addColumn('id', 'integer', (c) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()))
    .addColumn('first_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('last_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'text')
    .addColumn('is_email_set', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('phone', 'text')
    .addColumn('country_id', 'integer')
    .addColumn('language', 'text')
    .addColumn('currency', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('traveller_tokens')
    .ifNotExists()
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('traveller_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('traveller_tokens_traveller_idx').ifNotExists().on('traveller_tokens').column('traveller_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('traveller_tokens').ifExists().execute();
  await db.schema.dropTable('travellers').ifExists().execute();
}
