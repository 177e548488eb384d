/**
 * Migration 0009: identity verification (accounts-and-comms §1 'Identity verification goes through an
 * identity-verification provider', §7 get-verification-access-token, verification-data).
 *
 * - identity_verifications: one applicant per traveller and organizer (per provider): the provider's applicant id,
 *   and — for the local sandbox provider, which has no remote side — its state (pending, approved, rejected).
 *   A real provider keeps the state on its side; the row then only maps the traveller and organizer to the applicant.
 */
import type { Kysely } from 'kysely';

/** States of an applicant (before the first access token there is none: the traveller has 'not_started'). */
export const APPLICANT_STATES = ['pending', 'approved', 'rejected'] as const;
export type ApplicantState = (typeof APPLICANT_STATES)[number];

export interface IdentityVerificationTable {
  /** The provider's applicant id (sandbox: 'sbx_' and 24 random hex digits). */
  applicant_id: string;
  /** The provider that holds the applicant (VERIFICATION_PROVIDER): 'sandbox'. */
  provider: string;
  traveller_id: number;
  organizer_id: number;
  status: ApplicantState;
  created_at: string;
  updated_at: string;
}

export interface IdentityVerificationSchema {
  identity_verifications: IdentityVerificationTable;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('identity_verifications')
    .ifNotExists()
    .addColumn('applicant_id', 'text', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('traveller_id', 'integer', (c) => c.notNull())
    .addColumn('organizer_id', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // One applicant per traveller and organizer with a provider (two first tokens at once: the second insert is refused).
  await db.schema.createIndex('identity_verifications_subject_uq').ifNotExists().unique().on('identity_verifications')
    .columns(['provider', 'traveller_id', 'organizer_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('identity_verifications_subject_uq').ifExists().execute();
  await db.schema.dropTable('identity_verifications').ifExists().execute();
}
