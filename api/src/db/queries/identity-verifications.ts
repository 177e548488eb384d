/** Data layer of the identity verifications' applicants (migration 0009); the sandbox provider is lib/identity-verification.ts. */
import type { Kysely } from 'kysely';
import type { Db } from '../index';
import type { ApplicantState, IdentityVerificationSchema, IdentityVerificationTable } from '../schema';

/** The applicant a provider keeps for a traveller's verification towards an organizer. */
export interface ApplicantSubject { provider: string; travellerId: number; organizerId: number }

/** An applicant as the developer route lists it. */
export type ApplicantRow = Pick<IdentityVerificationTable, 'applicant_id' | 'traveller_id' | 'organizer_id' | 'status' | 'created_at' | 'updated_at'>;

const verificationsDb = (db: Db) => db.kysely as unknown as Kysely<IdentityVerificationSchema>;

/** The subject's applicant and its state, if there is one. */
export function applicantOfSubject(db: Db, s: ApplicantSubject) {
  return verificationsDb(db).selectFrom('identity_verifications').select(['applicant_id', 'status'])
    .where('provider', '=', s.provider).where('traveller_id', '=', s.travellerId).where('organizer_id', '=', s.organizerId)
    .executeTakeFirst();
}

/** Stores a pending applicant for the subject; nothing when it has one already (two first calls at once: the unique index). */
export async function insertApplicant(db: Db, s: ApplicantSubject, applicantId: string, at: string): Promise<void> {
  await verificationsDb(db).insertInto('identity_verifications').values({
    applicant_id: applicantId, provider: s.provider, traveller_id: s.travellerId, organizer_id: s.organizerId,
    status: 'pending', created_at: at, updated_at: at,
  }).onConflict((oc) => oc.columns(['provider', 'traveller_id', 'organizer_id']).doNothing()).execute();
}

/** An applicant's state, if the provider has it. */
export async function applicantState(db: Db, provider: string, applicantId: string): Promise<ApplicantState | undefined> {
  const row = await verificationsDb(db).selectFrom('identity_verifications').select('status')
    .where('provider', '=', provider).where('applicant_id', '=', applicantId).executeTakeFirst();
  return row?.status;
}

/** Moves an applicant to a state; false for an unknown applicant. */
export async function setApplicantState(db: Db, provider: string, applicantId: string, state: ApplicantState, at: string): Promise<boolean> {
  const result = await verificationsDb(db).updateTable('identity_verifications')
    .set({ status: state, updated_at: at })
    .where('provider', '=', provider).where('applicant_id', '=', applicantId).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A provider's newest applicants, optionally of one traveller or organizer. */
export function latestApplicants(db: Db, provider: string, filter: { travellerId?: number; organizerId?: number; limit?: number }): Promise<ApplicantRow[]> {
  let q = verificationsDb(db).selectFrom('identity_verifications').select(['applicant_id', 'traveller_id', 'organizer_id', 'status', 'created_at', 'updated_at'])
    .where('provider', '=', provider);
  if (filter.travellerId !== undefined) q = q.where('traveller_id', '=', filter.travellerId);
  if (filter.organizerId !== undefined) q = q.where('organizer_id', '=', filter.organizerId);
  return q.orderBy('created_at', 'desc').orderBy('applicant_id').limit(filter.limit ?? 100).execute();
}
