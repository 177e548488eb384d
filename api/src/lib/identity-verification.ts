/**
 * Identity verification (accounts-and-comms §1: 'Identity verification goes through an identity-verification
 * provider'). The calls (routes/verification.ts) talk to an `IdentityVerificationProvider`: it hands the traveller's
 * browser a short-lived access token for its widget, keeps one applicant per traveller and organizer, and tells where
 * an applicant stands.
 *
 * The only provider so far is the local **sandbox** (VERIFICATION_PROVIDER=sandbox or unset): no network; the access
 * token is random and signed (HMAC-SHA256), the applicant is a row of `identity_verifications` (migration 0009) that
 * starts `pending` with the first token and that a developer or a test moves to `approved` or `rejected` through
 * `POST /internal/verification/{applicantId}` (DEV_MODE or the internal secret). A real provider implements the same
 * interface (its applicants and states live on its side; the row keeps the mapping).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { VerificationStatus } from '@tours/shared/src/api/schemas/accounts';
import type { VerificationProviderName } from '../config';
import type { Db } from '../db';
import type { ApplicantState, IdentityVerificationSchema, IdentityVerificationTable, Schema } from '../db/schema';

export type { VerificationStatus };

/** Whose verification: a traveller's, for an organizer. */
export interface VerificationSubject {
  travellerId: number;
  organizerId: number;
}

export interface VerificationAccessToken {
  /** Opaque to the client: handed to the provider's widget as it is. */
  accessToken: string;
  expiresAt: Date;
}

export interface IdentityVerificationProvider {
  /** The provider's name (VERIFICATION_PROVIDER), stored with its applicants. */
  readonly id: VerificationProviderName;
  /** A fresh access token for the subject's applicant, created (pending) when the subject has none. */
  accessToken(subject: VerificationSubject): Promise<VerificationAccessToken>;
  /** The subject's applicant id, or null before the first access token. */
  applicantOf(subject: VerificationSubject): Promise<string | null>;
  /** Where an applicant stands; 'not_started' for an id the provider does not know. */
  status(applicantId: string): Promise<VerificationStatus>;
}

/** How long a sandbox access token lives. */
export const VERIFICATION_TOKEN_LIFETIME_MS = 10 * 60_000;
/** Sandbox applicant ids: 'sbx_' and 24 hex digits. */
export const SANDBOX_APPLICANT_RE = /^sbx_[0-9a-f]{24}$/;

type VerificationKysely = Kysely<Schema & IdentityVerificationSchema>;

/** A sandbox applicant as the developer route lists it. */
export type SandboxApplicant = Pick<IdentityVerificationTable, 'applicant_id' | 'traveller_id' | 'organizer_id' | 'status' | 'created_at' | 'updated_at'>;

/** The local stand-in provider (no network): see the file's comment. */
export class SandboxVerificationProvider implements IdentityVerificationProvider {
  readonly id = 'sandbox' as const;
  private readonly k: VerificationKysely;

  constructor(
    db: Db,
    private readonly options: {
      /** Signs the access tokens (HMAC-SHA256). */
      secret: string;
      /** The service's clock (token expiry, row times). */
      now: () => number;
    },
  ) {
    this.k = db.kysely as unknown as VerificationKysely;
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.options.secret).update(`identity-verification:${payload}`).digest('base64url');
  }

  private subjectRow(subject: VerificationSubject) {
    return this.k.selectFrom('identity_verifications').select(['applicant_id', 'status'])
      .where('provider', '=', this.id).where('traveller_id', '=', subject.travellerId).where('organizer_id', '=', subject.organizerId)
      .executeTakeFirst();
  }

  async applicantOf(subject: VerificationSubject): Promise<string | null> {
    return (await this.subjectRow(subject))?.applicant_id ?? null;
  }

  /** The subject's applicant, created pending when there is none (two first tokens at once share one: the unique index). */
  private async ensureApplicant(subject: VerificationSubject): Promise<string> {
    const found = await this.applicantOf(subject);
    if (found) return found;
    const at = new Date(this.options.now()).toISOString();
    await this.k.insertInto('identity_verifications').values({
      applicant_id: `sbx_${randomBytes(12).toString('hex')}`, provider: this.id, traveller_id: subject.travellerId, organizer_id: subject.organizerId,
      status: 'pending', created_at: at, updated_at: at,
    }).onConflict((oc) => oc.columns(['provider', 'traveller_id', 'organizer_id']).doNothing()).execute();
    const created = await this.applicantOf(subject);
    if (!created) throw new Error('identity verification: the applicant was not stored');
    return created;
  }

  async accessToken(subject: VerificationSubject): Promise<VerificationAccessToken> {
    const applicantId = await this.ensureApplicant(subject);
    const expiresAt = new Date(this.options.now() + VERIFICATION_TOKEN_LIFETIME_MS);
    const payload = `${applicantId}.${randomBytes(18).toString('base64url')}.${Math.floor(expiresAt.getTime() / 1000)}`;
    return { accessToken: `sbx.${payload}.${this.sign(payload)}`, expiresAt };
  }

  /** The applicant of an access token this provider signed, while it lives; null for a forged, altered or expired one. */
  verifyToken(token: string): string | null {
    const match = /^sbx\.(sbx_[0-9a-f]{24}\.[A-Za-z0-9_-]{24}\.(\d{1,12}))\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) return null;
    const [, payload, expires, signature] = match as unknown as [string, string, string, string];
    const expected = Buffer.from(this.sign(payload));
    if (!timingSafeEqual(expected, Buffer.from(signature))) return null;
    if (Number(expires) * 1000 <= this.options.now()) return null;
    return payload.slice(0, payload.indexOf('.'));
  }

  async status(applicantId: string): Promise<VerificationStatus> {
    const row = await this.k.selectFrom('identity_verifications').select('status')
      .where('provider', '=', this.id).where('applicant_id', '=', applicantId).executeTakeFirst();
    return row?.status ?? 'not_started';
  }

  /** Moves an applicant to a state (the developer route); false for an unknown applicant. */
  async setState(applicantId: string, state: ApplicantState): Promise<boolean> {
    const result = await this.k.updateTable('identity_verifications')
      .set({ status: state, updated_at: new Date(this.options.now()).toISOString() })
      .where('provider', '=', this.id).where('applicant_id', '=', applicantId).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** The newest applicants (the developer route's list), optionally of one traveller or organizer. */
  async applicants(filter: { travellerId?: number; organizerId?: number; limit?: number } = {}): Promise<SandboxApplicant[]> {
    let q = this.k.selectFrom('identity_verifications').select(['applicant_id', 'traveller_id', 'organizer_id', 'status', 'created_at', 'updated_at'])
      .where('provider', '=', this.id);
    if (filter.travellerId !== undefined) q = q.where('traveller_id', '=', filter.travellerId);
    if (filter.organizerId !== undefined) q = q.where('organizer_id', '=', filter.organizerId);
    return q.orderBy('created_at', 'desc').orderBy('applicant_id').limit(filter.limit ?? 100).execute();
  }
}

/** The provider VERIFICATION_PROVIDER names. */
export function verificationProvider(name: VerificationProviderName, db: Db, options: { secret: string; now: () => number }): IdentityVerificationProvider {
  switch (name) {
    case 'sandbox':
      return new SandboxVerificationProvider(db, options);
  }
}

/** Where the subject stands with a provider: 'not_started' before the first access token. */
export async function verificationStatusOf(provider: IdentityVerificationProvider, subject: VerificationSubject): Promise<VerificationStatus> {
  const applicantId = await provider.applicantOf(subject);
  return applicantId ? provider.status(applicantId) : 'not_started';
}
