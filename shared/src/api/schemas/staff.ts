/**
 * Staff tools on the tour page (accounts-and-comms §2 'Staff tools', §3 'User private data', 'Tour private (staff)
 * data', 'PDF generation result', §4 'Admin session', 'Staff PDF', §7 'Staff tour tools'; issue 16).
 *
 * An admin session is a staff token (POST /crm/api/agent/auth) sent as X-Authorization: Bearer, or the `admin_auth`
 * cookie carrying it (set by POST /crm/api/user/admin-auth-cookie, so that the PDF link opened in a new tab works).
 * Without one every call here is 401; a staff session without the call's permission is 403.
 */
import { type Infer, array, boolean, enums, integer, literal, nullable, number, string, type } from 'superstruct';
import { API_LOCALES, currencyCode, opt, queryBool, queryId, withMeta } from './common';

/** The permissions of §3 'User private data'. can_view_commission is §6's 'view-private-data/commission permission'. */
export const STAFF_PERMISSIONS = ['can_use_knowledge', 'can_view_commission'] as const;
export type StaffPermission = (typeof STAFF_PERMISSIONS)[number];

/** §9 'Staff tools': the panel polls a PDF in processing this often. */
export const STAFF_PDF_POLL_MS = 5000;

/** The name of the cookie that carries a staff token (§4 'Admin session': 'an admin-auth cookie'). */
export const ADMIN_AUTH_COOKIE = 'admin_auth';

/** The non-secret hint set and cleared with admin_auth, read by pages to decide whether to load staff code. */
export { ADMIN_SESSION_COOKIE } from '../staff-session-hint';

/** Tours of this difficulty (1–4, public-site §9) and above get the high-difficulty alert. */
export const HIGH_DIFFICULTY = 4;

export const StaffPermissions = type({
  can_use_knowledge: withMeta(boolean(), { description: "'Tour in admin' (adm_url) and the maximum age on the tour page" }),
  can_view_commission: withMeta(boolean(), { description: 'The tour alerts, the commission and the variants\' private data' }),
});
export type StaffPermissions = Infer<typeof StaffPermissions>;

/** GET /crm/api/user/private-data (and POST /crm/api/user/admin-auth-cookie). */
export const UserPrivateDataAnswer = type({
  is_admin_auth: literal(true),
  permissions: StaffPermissions,
  staff: type({ id: integer(), name: string(), login: string() }),
});
export type UserPrivateDataAnswer = Infer<typeof UserPrivateDataAnswer>;

/** GET /spa/tour-private-data: the tour id and where the page was opened from (kept for the admin link's context). */
export const TourPrivateDataQuery = type({
  id: queryId('The tour'),
  has_dates: opt(queryBool()),
  collection_id: opt(queryId()),
  region_id: opt(queryId()),
  rest_kind_id: opt(queryId()),
  showplace_id: opt(queryId()),
  is_cruises: opt(queryBool()),
  is_authors: opt(queryBool()),
});
export type TourPrivateDataQuery = Infer<typeof TourPrivateDataQuery>;

/**
 * §3 'Tour private (staff) data'. What a permission does not allow is null/false: adm_url needs can_use_knowledge;
 * the alerts, their reasons, the memo link and the commission need can_view_commission.
 */
export const TourPrivateDataAnswer = type({
  id: integer(),
  adm_url: nullable(string()),
  program_pdf_exists: boolean(),
  /** Excursions have no programme PDF button (§2). */
  is_excursion: boolean(),
  is_need_tour_archive_alert: boolean(),
  is_need_tour_danger_alert: boolean(),
  danger_reason: nullable(string()),
  rejection_reason: nullable(string()),
  is_need_tour_difficult_alert: boolean(),
  difficult_tour_memo_url: nullable(string()),
  commission_percent: nullable(number()),
});
export type TourPrivateDataAnswer = Infer<typeof TourPrivateDataAnswer>;

export const TourPrivateVariantsQuery = type({ id: queryId('The tour') });
export type TourPrivateVariantsQuery = Infer<typeof TourPrivateVariantsQuery>;

/** One date of the tour with what the organizer gets (prices in RUB, as stored). */
export const TourPrivateVariant = type({
  id: integer(),
  start: string(),
  end: string(),
  price: integer(),
  commission_percent: nullable(number()),
  commission: nullable(integer()),
  organizer_price: nullable(integer()),
  number_of_free_seats: integer(),
  is_busy: boolean(),
});
export type TourPrivateVariant = Infer<typeof TourPrivateVariant>;

/** GET /spa/tour-private-variants-data (can_view_commission). */
export const TourPrivateVariantsAnswer = type({ currency: literal('RUB'), data: array(TourPrivateVariant) });
export type TourPrivateVariantsAnswer = Infer<typeof TourPrivateVariantsAnswer>;

/** GET /spa/private-generate-tour-program-pdf and /spa/private-tour-program-pdf: id is the request id when is_individual. */
export const StaffProgrammePdfQuery = type({
  id: queryId('The tour, or the request of an individual tour (is_individual)'),
  is_individual: opt(queryBool('id is the request id of an individual tour')),
  // A link opened in a new tab sends no common headers: the answered url names the PDF's language and currency.
  lang: opt(withMeta(enums(API_LOCALES), { description: `The PDF's language (X-Language when left out): one of ${API_LOCALES.join(', ')}` })),
  currency: opt(currencyCode("The prices' currency (X-Currency when left out)")),
});
export type StaffProgrammePdfQuery = Infer<typeof StaffProgrammePdfQuery>;

/**
 * §3 'PDF generation result' (§4 'Staff PDF'): program_pdf_being_generated while it is made (poll every
 * STAFF_PDF_POLL_MS), then program_pdf_exists with the url to open. success is false when making it failed (the next
 * call tries again).
 */
export const ProgrammePdfStateAnswer = type({
  success: boolean(),
  program_pdf_being_generated: boolean(),
  program_pdf_exists: boolean(),
  url: nullable(string()),
});
export type ProgrammePdfStateAnswer = Infer<typeof ProgrammePdfStateAnswer>;
