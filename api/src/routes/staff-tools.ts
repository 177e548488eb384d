/**
 * The staff tools of the tour page (accounts-and-comms §2 'Staff tools', §3, §4 'Admin session', 'Staff PDF', §6,
 * §7 'Staff tour tools'; issue 16), with the permissions enforced here, not only hidden in the page.
 *
 * - The admin session is a staff token (POST /crm/api/agent/auth; the agent console's accounts, migration 0014):
 *   in X-Authorization: Bearer, or in the `admin_auth` cookie (HttpOnly, SameSite=Strict), which
 *   POST /crm/api/user/admin-auth-cookie sets from the header so the PDF link opened in a new tab is signed in.
 *   A traveller's token is never one (their profile's is_admin_auth is false): 401, like no session at all.
 * - Next to admin_auth goes the non-secret `admin_session=1` (not HttpOnly, same lifetime): pages read it only to decide
 *   whether to fetch the staff tools' code. Both are cleared together by admin-logout and by a 401 of the private data
 *   call, so a stale hint costs a staff page one request, never a traveller's.
 * - Permissions (migration 0015): can_use_knowledge ('Tour in admin'), can_view_commission (§6 'view-private-data/
 *   commission': the alerts, reasons, commission, the variants' private data). Tour private data and the PDF need
 *   either one; a staff session with neither is 403; the variants data needs can_view_commission.
 * - The staff PDF is the programme PDF (use-cases/programme-pdf.ts): the generate call starts it in the background and
 *   answers program_pdf_being_generated at once; once made it answers program_pdf_exists with the url to open.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { ApiLocale, CurrencyCode } from '@tours/shared/src/api/schemas/common';
import type { StaffProgrammePdfQuery as PdfQuery } from '@tours/shared/src/api/schemas/staff';
import { DoneAnswer } from '@tours/shared/src/api/schemas/accounts';
import { isExcursionType } from '@tours/shared/src/domain/tour';
import {
  ADMIN_AUTH_COOKIE, ADMIN_SESSION_COOKIE, HIGH_DIFFICULTY, ProgrammePdfStateAnswer, StaffProgrammePdfQuery, TourPrivateDataAnswer, TourPrivateDataQuery,
  TourPrivateVariantsAnswer, TourPrivateVariantsQuery, UserPrivateDataAnswer, type StaffPermission,
} from '@tours/shared/src/api/schemas/staff';
import { staffByToken } from '../db/queries/chat';
import { staffPermissions, staffTour, tourOfRequest, tourStaffData, tourVariantsOf } from '../db/queries/staff';
import { personal } from '../use-cases/chat-socket';
import { HttpError, notFound, validationError } from '../lib/errors';
import { ProgrammePdfs } from '../use-cases/programme-pdf';
import { parseInput } from '../lib/validation';
import type { Services } from '../services';
import { requestContext, type ApiRouter, type RequestContext } from './router';
import { adminSession, bearerToken, requireAdmin, type AdminSession } from '../lib/auth';

const USER_PRIVATE_DATA_PATH = '/crm/api/user/private-data';
const ADMIN_AUTH_COOKIE_PATH = '/crm/api/user/admin-auth-cookie';
const ADMIN_LOGOUT_PATH = '/crm/api/user/admin-logout';
const STAFF_PDF_PATH = '/spa/private-tour-program-pdf';
/** Where 'Tour in admin' and the high-difficulty memo point, under BACK_OFFICE_URL (none set: no link; issue 29). */
const ADMIN_TOUR_PATH = '/tour/update';
const DIFFICULT_TOUR_MEMO_PATH = '/memo/high-difficulty-tours';
/** A staff token lives 7 days (db/queries/chat.ts): the cookie no longer. */
const COOKIE_MAX_AGE = 7 * 86_400;

/** The admin_auth cookie with the token and its hint, or (no token) both cleared. */
function adminCookies(token: string | null, secure: boolean): string[] {
  const tail = `; Path=/; Max-Age=${token ? COOKIE_MAX_AGE : 0}; SameSite=Strict${secure ? '; Secure' : ''}`;
  return [
    `${ADMIN_AUTH_COOKIE}=${token ? encodeURIComponent(token) : ''}${tail.replace('; SameSite', '; HttpOnly; SameSite')}`,
    `${ADMIN_SESSION_COOKIE}=${token ? '1' : ''}${tail}`,
  ];
}

/** Whether the request carries either admin cookie (so that a 401 is worth clearing them). */
function hasAdminCookie(request: FastifyRequest): boolean {
  const names = (request.headers.cookie ?? '').split(';').map((part) => part.split('=')[0]!.trim());
  return names.includes(ADMIN_AUTH_COOKIE) || names.includes(ADMIN_SESSION_COOKIE);
}

const ANY_STAFF_TOOL: readonly StaffPermission[] = ['can_use_knowledge', 'can_view_commission'];

type PdfState = 'processing' | 'ready' | 'failed';

/**
 * The staff PDFs' states, per tour, language and currency. The file itself always comes from ProgrammePdfs (its cache
 * is keyed by the data printed, so an opened PDF is never stale); this remembers which have been asked for and made.
 */
export class StaffPdfJobs {
  private readonly jobs = new LRUCache<string, { state: PdfState }>({ max: 10_000 });

  constructor(readonly pdfs: ProgrammePdfs, private readonly onError: (err: unknown) => void) {}

  private static key(tourId: number, locale: ApiLocale, currency: CurrencyCode) {
    return `${tourId}:${locale}:${currency}`;
  }

  state(tourId: number, locale: ApiLocale, currency: CurrencyCode): PdfState | undefined {
    return this.jobs.get(StaffPdfJobs.key(tourId, locale, currency))?.state;
  }

  /** Starts making the PDF unless it is made or being made (a failed one is tried again); answers the state before waiting. */
  start(tourId: number, locale: ApiLocale, currency: CurrencyCode): { state: PdfState; done: Promise<void> } {
    const key = StaffPdfJobs.key(tourId, locale, currency);
    const known = this.jobs.get(key);
    if (known && known.state !== 'failed') return { state: known.state, done: Promise.resolve() };
    const job: { state: PdfState } = { state: 'processing' };
    this.jobs.set(key, job);
    const done = this.pdfs.get(tourId, locale, currency).then(
      (pdf) => { job.state = pdf ? 'ready' : 'failed'; },
      (err: unknown) => { job.state = 'failed'; this.onError(err); },
    );
    return { state: 'processing', done };
  }
}

export function registerStaffToolsRoutes(app: FastifyInstance, router: ApiRouter, s: Services): StaffPdfJobs {
  const tags = ['staff'];
  const jobs = new StaffPdfJobs(new ProgrammePdfs(s), (err) => app.log.error({ err }, 'staff programme PDF failed'));
  const session = 'An admin session: a staff token (POST /crm/api/agent/auth) as X-Authorization: Bearer or in the admin_auth cookie; 401 without one (a traveller\'s token included)';
  const either = `${session}, 403 without can_use_knowledge or can_view_commission.`;

  const privateData = (a: AdminSession) => ({
    is_admin_auth: true as const,
    permissions: a.permissions,
    staff: { id: Number(a.staff.id), name: a.staff.name, login: a.staff.login },
  });

  router.add({
    method: 'GET', url: USER_PRIVATE_DATA_PATH, tags, summary: "The admin session's private data: its permissions (§3 'User private data')",
    description: `${session}. Answers is_admin_auth, permissions.can_use_knowledge, permissions.can_view_commission and who is signed in. `
      + `A 401 to a request with the ${ADMIN_AUTH_COOKIE} or ${ADMIN_SESSION_COOKIE} cookie clears both.`,
    answer: UserPrivateDataAnswer, errors: [401],
    handler: async ({ request, reply }) => {
      personal(reply);
      const admin = await adminSession(s, request);
      if (admin) return privateData(admin);
      // An ended session: the page stops loading the staff tools on its next visit.
      if (hasAdminCookie(request)) reply.header('set-cookie', adminCookies(null, request.protocol === 'https'));
      throw new HttpError(401, 'Unauthorized');
    },
  });

  router.add({
    method: 'POST', url: ADMIN_AUTH_COOKIE_PATH, tags, summary: 'Sets the admin_auth cookie from the staff token',
    description: `The staff token of X-Authorization goes into the admin_auth cookie (HttpOnly, SameSite=Strict, Path=/, Secure over https, ${COOKIE_MAX_AGE} s), so that links opened in a new tab (${STAFF_PDF_PATH}) carry the admin session, `
      + `with the non-secret hint ${ADMIN_SESSION_COOKIE}=1 (same attributes, not HttpOnly) by which pages decide to load the staff tools. 401 without a staff token in the header. Answers the private data.`,
    answer: UserPrivateDataAnswer, errors: [401],
    handler: async ({ request, reply }) => {
      personal(reply);
      const token = bearerToken(request);
      const staff = token ? await staffByToken(s.db, token, s.date()) : undefined;
      if (!token || !staff) throw new HttpError(401, 'Unauthorized');
      reply.header('set-cookie', adminCookies(token, request.protocol === 'https'));
      return privateData({ staff, permissions: await staffPermissions(s.db, Number(staff.id)) });
    },
  });

  router.add({
    method: 'POST', url: ADMIN_LOGOUT_PATH, tags, summary: `Clears the admin_auth and ${ADMIN_SESSION_COOKIE} cookies`,
    description: 'The staff token itself ends with POST /crm/api/agent/logout. No error without a cookie.',
    answer: DoneAnswer,
    handler: async ({ request, reply }) => {
      personal(reply);
      reply.header('set-cookie', adminCookies(null, request.protocol === 'https'));
      return { success: true };
    },
  });

  const pdfUrl = (id: number, individual: boolean, locale: ApiLocale, currency: CurrencyCode) =>
    `${STAFF_PDF_PATH}?id=${id}${individual ? '&is_individual=1' : ''}&lang=${locale}&currency=${currency}`;

  router.add({
    method: 'GET', url: '/spa/tour-private-data', tags, summary: "A tour's private (staff) data (§3 'Tour private (staff) data')",
    description: `${either} adm_url ('Tour in admin') only with can_use_knowledge and BACK_OFFICE_URL set (null otherwise, as the memo link); the alerts (archived: tour_staff_data or unpublished; `
      + `potentially dangerous with danger_reason and rejection_reason; difficulty ${HIGH_DIFFICULTY} with the memo link) and commission_percent only with `
      + 'can_view_commission (false/null otherwise). program_pdf_exists: the PDF of X-Language and X-Currency is made. The other query fields say where '
      + 'the page was opened from and change nothing. An unknown tour is 404.',
    query: TourPrivateDataQuery, answer: TourPrivateDataAnswer, errors: [401, 403, 404],
    handler: async ({ query, request, reply, ctx }) => {
      personal(reply);
      const { permissions } = await requireAdmin(s, request, ANY_STAFF_TOOL);
      const tour = await staffTour(s.db, query.id);
      if (!tour) throw notFound('Tour not found');
      const data = await tourStaffData(s.db, tour.id);
      const alerts = permissions.can_view_commission;
      const difficult = alerts && tour.difficulty >= HIGH_DIFFICULTY;
      const dangerous = alerts && data?.is_potentially_dangerous === 1;
      const backOffice = s.config.backOfficeUrl;
      return {
        id: tour.id,
        adm_url: permissions.can_use_knowledge && backOffice ? `${backOffice}${ADMIN_TOUR_PATH}?id=${tour.id}` : null,
        program_pdf_exists: jobs.state(tour.id, ctx.locale, ctx.currency) === 'ready',
        // The panel offers no PDF button for an excursion (§2), though the generate call still makes one.
        is_excursion: isExcursionType(tour.type),
        is_need_tour_archive_alert: alerts && (data?.is_archived === 1 || tour.is_published !== 1),
        is_need_tour_danger_alert: dangerous,
        danger_reason: dangerous ? data?.danger_reason ?? null : null,
        rejection_reason: dangerous ? data?.rejection_reason ?? null : null,
        is_need_tour_difficult_alert: difficult,
        difficult_tour_memo_url: difficult && backOffice ? `${backOffice}${DIFFICULT_TOUR_MEMO_PATH}` : null,
        commission_percent: alerts && data?.commission_percent !== null && data?.commission_percent !== undefined ? Number(data.commission_percent) : null,
      };
    },
  });

  router.add({
    method: 'GET', url: '/spa/tour-private-variants-data', tags, summary: "A tour's dates with the commission and the organizer's share",
    description: `${session}, 403 without can_view_commission. Every date of the tour (past ones too), prices in RUB as stored; commission and `
      + 'organizer_price are null while the commission is not agreed. An unknown tour is 404.',
    query: TourPrivateVariantsQuery, answer: TourPrivateVariantsAnswer, errors: [401, 403, 404],
    handler: async ({ query, request, reply }) => {
      personal(reply);
      await requireAdmin(s, request, ['can_view_commission']);
      const tour = await staffTour(s.db, query.id);
      if (!tour) throw notFound('Tour not found');
      const [data, variants] = await Promise.all([tourStaffData(s.db, tour.id), tourVariantsOf(s.db, tour.id)]);
      const percent = data?.commission_percent === null || data?.commission_percent === undefined ? null : Number(data.commission_percent);
      return {
        currency: 'RUB' as const,
        data: variants.map((v) => {
          const commission = percent === null ? null : Math.round((v.price * percent) / 100);
          return {
            id: v.id, start: v.start, end: v.end, price: v.price, commission_percent: percent, commission,
            organizer_price: commission === null ? null : v.price - commission, number_of_free_seats: v.number_of_free_seats, is_busy: v.is_busy === 1,
          };
        }),
      };
    },
  });

  /** The tour the PDF is of (a published tour, or an individual tour's by its request id), or 422 on id. */
  async function pdfTarget(query: PdfQuery, ctx: RequestContext) {
    const tourId = query.is_individual ? await tourOfRequest(s.db, query.id) : query.id;
    const tour = tourId === undefined ? undefined : await staffTour(s.db, tourId);
    if (!tour || tour.is_published !== 1) throw validationError({ id: 'Incorrect value' });
    return { tourId: tour.id, locale: query.lang ?? ctx.locale, currency: query.currency ?? ctx.currency };
  }

  router.add({
    method: 'GET', url: '/spa/private-generate-tour-program-pdf', tags, summary: "Makes the programme PDF for staff (§3 'PDF generation result')",
    description: `${either} id: a published tour, or with is_individual the request id of an individual tour ('Incorrect value' on id otherwise). `
      + 'The first call starts making it and answers program_pdf_being_generated (poll every 5000 ms); once made, program_pdf_exists with the url '
      + `(${STAFF_PDF_PATH}, language and currency named). success false: making it failed (logged; the next call tries again).`,
    query: StaffProgrammePdfQuery, answer: ProgrammePdfStateAnswer, errors: [401, 403],
    handler: async ({ query, request, reply, ctx }) => {
      personal(reply);
      await requireAdmin(s, request, ANY_STAFF_TOOL);
      const { tourId, locale, currency } = await pdfTarget(query, ctx);
      const { state } = jobs.start(tourId, locale, currency);
      return {
        success: state !== 'failed',
        program_pdf_being_generated: state === 'processing',
        program_pdf_exists: state === 'ready',
        url: state === 'ready' ? pdfUrl(query.id, query.is_individual ?? false, locale, currency) : null,
      };
    },
  });

  router.document({
    method: 'GET', url: STAFF_PDF_PATH, tags, summary: 'Opens the staff programme PDF',
    description: `${either} The PDF (inline, never cached by others) of the generate call's id, is_individual, lang and currency; made now if it was `
      + "not yet. 'Incorrect value' on id like the generate call.",
    query: StaffProgrammePdfQuery, produces: 'application/pdf', errors: [401, 403, 422, 429],
  });
  app.get(STAFF_PDF_PATH, async (request: FastifyRequest, reply: FastifyReply) => {
    const query = parseInput(request.query, StaffProgrammePdfQuery);
    personal(reply);
    await requireAdmin(s, request, ANY_STAFF_TOOL);
    const { tourId, locale, currency } = await pdfTarget(query, requestContext(request));
    const pdf = await jobs.pdfs.get(tourId, locale, currency);
    if (!pdf) throw validationError({ id: 'Incorrect value' });
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${pdf.filename}"`)
      .header('x-robots-tag', 'noindex')
      .send(pdf.bytes);
  });

  return jobs;
}
