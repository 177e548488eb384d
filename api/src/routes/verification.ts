/**
 * Identity verification (accounts-and-comms §1 'Identity verification', §2 'Site settings relevant to this area'
 * verificationService, §7 GET get-verification-access-token, GET verification-data): a signed-in traveller gets an
 * access token for the provider's widget and asks where the verification stands, for an organizer (orgId). The
 * provider is `s.verification` (lib/identity-verification.ts: the sandbox unless VERIFICATION_PROVIDER names another).
 *
 * Developers (DEV_MODE=1 or the internal secret; a plain 404 otherwise, like /internal/outbox): the sandbox's
 * applicants at GET /internal/verification and POST /internal/verification/{applicantId} `{ status }` to move one to
 * pending, approved or rejected. Not part of the API's description.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { enums, type } from 'superstruct';
import {
  VerificationAccessTokenAnswer, VerificationDataAnswer, VerificationQuery, type VerificationServiceInfo,
} from '@tours/shared/src/api/schemas/accounts';
import { opt, queryId, queryInt } from '@tours/shared/src/api/schemas/common';
import { APPLICANT_STATES } from '../db/schema';
import { notFound, validationError } from '../lib/errors';
import { SANDBOX_APPLICANT_RE, SandboxVerificationProvider, verificationStatusOf } from '../lib/identity-verification';
import { parseInput } from '../lib/validation';
import type { Services } from '../services';
import type { ApiRouter } from './router';
import { requireTraveller } from '../lib/auth';
import { organizerById } from '../db/queries/organizers';

/**
 * Site settings (site_settings keys) that describe the provider; each one missing keeps the app configuration's
 * verificationService value (APP_CONFIG_FILE over the preset: ApiConfig.verificationService).
 */
export const VERIFICATION_SETTING_KEYS = {
  name: 'verification_service_name',
  legalName: 'verification_service_legal_name',
  link: 'verification_service_link',
  linkText: 'verification_service_link_text',
  allowMessagesAboutUnverifiedIdentity: 'verification_service_allow_messages_about_unverified_identity',
} as const satisfies Record<keyof VerificationServiceInfo, string>;

/** The provider as the site settings describe it (verificationService), over the app configuration's `defaults`. */
function verificationServiceOf(settings: ReadonlyMap<string, string>, defaults: VerificationServiceInfo): VerificationServiceInfo {
  const text = (key: keyof typeof VERIFICATION_SETTING_KEYS, fallback: string) => settings.get(VERIFICATION_SETTING_KEYS[key]) ?? fallback;
  const allow = settings.get(VERIFICATION_SETTING_KEYS.allowMessagesAboutUnverifiedIdentity);
  return {
    name: text('name', defaults.name),
    legalName: text('legalName', defaults.legalName),
    link: text('link', defaults.link),
    linkText: text('linkText', defaults.linkText),
    allowMessagesAboutUnverifiedIdentity: allow === undefined ? defaults.allowMessagesAboutUnverifiedIdentity : allow === '1' || allow.toLowerCase() === 'true',
  };
}

export function registerVerificationRoutes(router: ApiRouter, s: Services): void {
  const tags = ['accounts'];
  const signedIn = 'Needs X-Authorization: Bearer {token} (401 otherwise).';
  const orgIdRule = 'orgId: an organizer id (422 `errors.orgId` \'Incorrect value\' when no organizer has it).';

  /** The organizer of orgId, or a 422 keyed orgId. */
  async function organizerId(orgId: number): Promise<number> {
    const row = await organizerById(s.db, orgId);
    if (!row) throw validationError({ orgId: 'Incorrect value' });
    return Number(row.id);
  }

  router.add({
    method: 'GET', url: '/crm/api/user/get-verification-access-token', tags,
    summary: "An access token for the identity-verification provider's widget, for the traveller and an organizer",
    description: `${signedIn} ${orgIdRule} The first token starts the traveller's verification for the organizer (status pending). `
      + 'The token is short-lived (10 minutes with the sandbox provider) and opaque: it goes to the widget as it is.',
    query: VerificationQuery, answer: VerificationAccessTokenAnswer, errors: [401],
    handler: async ({ query, request, reply }) => {
      const traveller = await requireTraveller(s, request);
      const subject = { travellerId: Number(traveller.id), organizerId: await organizerId(query.orgId) };
      const { accessToken } = await s.verification.accessToken(subject);
      reply.header('cache-control', 'no-store');
      return { accessToken };
    },
  });

  router.add({
    method: 'GET', url: '/crm/api/user/verification-data', tags,
    summary: "Where the traveller's identity verification for an organizer stands, and the provider's description",
    description: `${signedIn} ${orgIdRule} status: not_started (no access token asked for yet), pending, approved or rejected. `
      + 'provider: the site settings\' verificationService (name, legalName, link, linkText, allowMessagesAboutUnverifiedIdentity).',
    query: VerificationQuery, answer: VerificationDataAnswer, errors: [401],
    handler: async ({ query, request, reply }) => {
      const traveller = await requireTraveller(s, request);
      const subject = { travellerId: Number(traveller.id), organizerId: await organizerId(query.orgId) };
      const [status, settings] = await Promise.all([verificationStatusOf(s.verification, subject), s.settings()]);
      reply.header('cache-control', 'no-store');
      return { status, provider: verificationServiceOf(settings, s.config.verificationService) };
    },
  });
}

const ApplicantsQuery = type({ travellerId: opt(queryId()), orgId: opt(queryId()), limit: opt(queryInt(1, 500)) });
const SetStateBody = type({ status: enums(APPLICANT_STATES) });

/** The developer routes of the sandbox provider (see the file's comment). */
export function registerVerificationPage(app: FastifyInstance, s: Services): void {
  /** The sandbox when the request may use the developer routes; null after answering a plain 404. */
  async function sandbox(request: FastifyRequest, reply: FastifyReply): Promise<SandboxVerificationProvider | null> {
    if ((!s.config.devMode && !request.fromTrustedProxy) || !(s.verification instanceof SandboxVerificationProvider)) {
      await reply.code(404).send({ message: 'Not found' });
      return null;
    }
    reply.header('cache-control', 'no-store');
    return s.verification;
  }

  app.get('/internal/verification', async (request, reply) => {
    const provider = await sandbox(request, reply);
    if (!provider) return reply;
    const query = parseInput(request.query, ApplicantsQuery);
    const applicants = await provider.applicants({
      ...(query.travellerId !== undefined ? { travellerId: query.travellerId } : {}),
      ...(query.orgId !== undefined ? { organizerId: query.orgId } : {}),
      limit: query.limit ?? 100,
    });
    return reply.send({ applicants });
  });

  app.post<{ Params: { applicantId: string } }>('/internal/verification/:applicantId', async (request, reply) => {
    const provider = await sandbox(request, reply);
    if (!provider) return reply;
    const body = parseInput(request.body ?? {}, SetStateBody);
    const applicantId = request.params.applicantId;
    if (!SANDBOX_APPLICANT_RE.test(applicantId) || !(await provider.setState(applicantId, body.status))) throw notFound();
    return reply.send({ applicant_id: applicantId, status: await provider.status(applicantId) });
  });
}
