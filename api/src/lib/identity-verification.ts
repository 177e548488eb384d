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
import type { VerificationStatus } from '@tours/shared/src/api/schemas/accounts';
import type { VerificationProviderName } from '../config';
import type { Db } from '../db';
import type { ApplicantState } from '../db/schema';
import { applicantOfSubject, applicantState, insertApplicant, latestApplicants, setApplicantState, type ApplicantRow } from '../db/queries/identity-verifications';

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

/** A sandbox applicant as the developer route lists it. */
export type SandboxApplicant = ApplicantRow;

/** The local stand-in provider (no network): see the file's comment. */
export class SandboxVerificationProvider implements IdentityVerificationProvider {
  readonly id = 'sandbox' as const;
  constructor(
    private readonly db: Db,
    private readonly options: {
      /** Signs the access tokens (HMAC-SHA256). */
      secret: string;
      /** The service's clock (token expiry, row times). */
      now: () => number;
    },
  ) {}

  private sign(payload: string): string {
    return createHmac('sha256', this.options.secret).update(`identity-verification:${payload}`).digest('base64url');
  }

  async applicantOf(subject: VerificationSubject): Promise<string | null> {
    return (await applicantOfSubject(this.db, { provider: this.id, ...subject }))?.applicant_id ?? null;
  }

  /** The subject's applicant, created pending when there is none (two first tokens at once share one: the unique index). */
  private async ensureApplicant(subject: VerificationSubject): Promise<string> {
    const found = await this.applicantOf(subject);
    if (found) return found;
    const at = new Date(this.options.now()).toISOString();
    await insertApplicant(this.db, { provider: this.id, ...subject }, `sbx_${randomBytes(12).toString('hex')}`, at);
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
    return (await applicantState(this.db, this.id, applicantId)) ?? 'not_started';
  }

  /** Moves an applicant to a state (the developer route); false for an unknown applicant. */
  async setState(applicantId: string, state: ApplicantState): Promise<boolean> {
    return setApplicantState(this.db, this.id, applicantId, state, new Date(this.options.now()).toISOString());
  }

  /** The newest applicants (the developer route's list), optionally of one traveller or organizer. */
  applicants(filter: { travellerId?: number; organizerId?: number; limit?: number } = {}): Promise<SandboxApplicant[]> {
    return latestApplicants(this.db, this.id, filter);
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
