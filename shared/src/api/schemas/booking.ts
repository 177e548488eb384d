/**
 * Booking requests (public-site §3.7, §4.4–4.7, §7.4; accounts-and-comms §6): the order of the request page
 * (POST /spa/submit-order), the request record as the arrival and add-tourists pages read it (GET
 * /crm/api/request/get, get-by-uuid), its cancellation, the dates of its tour, and its tourists.
 *
 * A request is one record whatever form sent it (the 17 help request types and the order): one id (shown to the
 * traveller: 'Request #{id}') and one random uuid (the key to it in links). Statuses are §3.7's 1–8.
 */
import { type Infer, array, boolean, enums, integer, literal, nullable, record, refine, string, type } from 'superstruct';
import {
  type AnyStruct, bodyEmail as email, bodyId, bodyPhone as phone, bodyText as text, coerceIf, currencyCode, dflt, isStringOrNumber, opt, queryBool, queryId,
  queryString, withMeta,
} from './common';
import { MAX_PARTY } from '../../domain/party';
import { Invoice, TravelAgreement } from './payments';
import { PARTNER_ID_RE, TIMEZONE_MAX, TIMEZONE_MIN, dateText, idempotencyKey, requestUuid, startTime } from './requests';

// ---------------------------------------------------------------------------
// Statuses (§3.7), history
// ---------------------------------------------------------------------------

/** §3.7 statuses by number (1–8); the names are the status word keys ('booking.status.{name}'). */
export const REQUEST_STATUS = {
  PENDING_CONFIRM: 1,
  PENDING_PREPAYMENT: 2,
  MADE_PREPAYMENT: 3,
  TOUR_COMPLETE: 4,
  CANCELED_TOURIST: 5,
  CANCELED_AUTHOR: 6,
  CANCELED_SYSTEM: 7,
  CANCELED_ADMIN: 8,
} as const;
export type RequestStatus = (typeof REQUEST_STATUS)[keyof typeof REQUEST_STATUS];

/** Status names in status order (index + 1 is the status). */
export const REQUEST_STATUS_NAMES = [
  'pending_confirm', 'pending_prepayment', 'made_prepayment', 'tour_complete', 'canceled_tourist', 'canceled_author', 'canceled_system', 'canceled_admin',
] as const;
export type RequestStatusName = (typeof REQUEST_STATUS_NAMES)[number];

/** The name of a status ('pending_confirm'); an unknown number counts as the first. */
export function requestStatusName(status: number): RequestStatusName {
  return REQUEST_STATUS_NAMES[status - 1] ?? 'pending_confirm';
}

/** The message key of a status's words: 'booking.status.pending_confirm'. */
export const requestStatusKey = (status: number): string => `booking.status.${requestStatusName(status)}`;

/** Statuses 5–8: cancelled by someone. */
export const isCancelledStatus = (status: number): boolean => status >= REQUEST_STATUS.CANCELED_TOURIST;

/** Whether the traveller may still cancel (§4.7): before the tour took place and unless cancelled already. */
export const canCancelStatus = (status: number): boolean => status < REQUEST_STATUS.TOUR_COMPLETE;

/** Whether the traveller may still change the tourists: while the request is open (not complete, not cancelled). */
export const canEditTouristsStatus = (status: number): boolean => status < REQUEST_STATUS.TOUR_COMPLETE;

export const HISTORY_ACTORS = ['traveller', 'system', 'staff'] as const;

// ---------------------------------------------------------------------------
// POST /spa/submit-order
// ---------------------------------------------------------------------------

/** Adults + children of one request, and tourists of one request, at most. */
export { MAX_PARTY };

const count = (min: number, max: number) =>
  withMeta(refine(integer(), 'range', (v) => (v < min ? `Minimum ${min}` : v > max ? `Maximum ${max}` : true)), { minimum: min, maximum: max });

/** The stored value of the chosen date (§3.7 'Selected tour date'): a variant id (number or digits) or 'individual'. */
export const SelectedDate = withMeta(
  coerceIf(queryString(12, { min: 1, pattern: /^([1-9]\d{0,9}|individual)$/ }), isStringOrNumber, (v) => String(v).trim()),
  { description: "A date variant id of the tour (or of another option of it: then tour_id is that option's), or 'individual' with date_start_formatted and date_end_formatted" },
);

/** The order fields of the request page (`data`), with the attribution the client adds. */
export const OrderData = type({
  tour_id: bodyId("The tour, or the option of it the chosen variant belongs to (§4.2)"),
  dates: SelectedDate,
  date_start_formatted: opt(dateText),
  date_end_formatted: opt(dateText),
  /** An excursion's start time on its one day ('individual', start = end): one of that day's times (issue 29: it had gone in the comment). */
  time_start: opt(withMeta(startTime, { description: "An excursion's start time, HH:MM: one of the times it runs that day ('individual' with one day)" })),
  adults: dflt(count(1, MAX_PARTY), 1),
  children: dflt(count(0, MAX_PARTY), 0),
  name: opt(text(100)),
  phone: opt(phone),
  email: opt(email),
  comment: opt(text(3000, undefined, true)),
  /** The terms checkbox: it must be checked. */
  agree: dflt(boolean(), true),
  currency: opt(currencyCode('The currency the traveller saw (defaults to X-Currency)')),
  timezone: opt(withMeta(count(TIMEZONE_MIN, TIMEZONE_MAX), { description: 'Hours from Moscow time (−15…+11, §7.4)' })),
  utm_source: opt(text(100)),
  utm_medium: opt(text(100)),
  utm_campaign: opt(text(100)),
  utm_content: opt(text(100)),
  utm_term: opt(text(100)),
  referer: opt(text(2000, 'The page the order was sent from')),
  click_source: opt(queryString(50, { pattern: /^[a-z0-9_-]*$/i })),
  partner_id: opt(withMeta(queryString(64, { pattern: PARTNER_ID_RE }), { description: 'Partner id (utm attribution of a partner)' })),
  idempotency_key: opt(idempotencyKey),
});
export type OrderData = Infer<typeof OrderData>;

export const SubmitOrderBody = type({ data: OrderData });
export type SubmitOrderBody = Infer<typeof SubmitOrderBody>;

/**
 * What an order needs besides its types (§5.1, §6): a name and a phone — unless the signed-in traveller's profile has
 * them (`known`: the profile's fields) — dates of both ends for 'individual', and the terms accepted.
 */
export function missingOrderFields(data: OrderData, known: { name?: boolean; phone?: boolean } = {}): Record<string, string> {
  const out: Record<string, string> = {};
  // `data` may be anything here (the fields' own errors are reported beside these).
  const present = (v: unknown) => typeof v === 'string' ? v.trim() !== '' : v !== undefined && v !== null;
  if (!present(data.name) && !known.name) out.name = 'Required field';
  if (!present(data.phone) && !known.phone) out.phone = 'Required field';
  if (data.dates === 'individual') {
    if (!present(data.date_start_formatted)) out.date_start_formatted = 'Required field';
    if (!present(data.date_end_formatted)) out.date_end_formatted = 'Required field';
  }
  if (data.agree === false) out.agree = 'Required field';
  return out;
}

/** The field error of a tour that cannot be booked: archived on the staff panel (accounts-and-comms §2; issue 29). */
export const TOUR_NOT_BOOKABLE = 'This tour can no longer be booked';

/**
 * An order's start time (issue 29; public-site §3.6 'Excursion date': date and time[]), as field errors on time_start:
 * a time names a start on one day ('individual', start = end: 'Incorrect value' otherwise) and, on a day the tour runs
 * at set times (`slots`), one of them ('Incorrect value'); such a day without a time is 'Select time' (§5.7) unless the
 * tour takes requests for a period (the traveller may then name any day without a time).
 */
export function orderTimeErrors(
  data: Pick<OrderData, 'dates' | 'date_start_formatted' | 'date_end_formatted' | 'time_start'>,
  slots: readonly { start: string }[],
  usesRequestPeriod: boolean,
): Record<string, string> {
  const oneDay = data.dates === 'individual' && Boolean(data.date_start_formatted) && data.date_start_formatted === data.date_end_formatted;
  if (data.time_start) {
    if (!oneDay || (slots.length > 0 && !slots.some((slot) => slot.start === data.time_start))) return { time_start: 'Incorrect value' };
    return {};
  }
  return oneDay && slots.length > 0 && !usesRequestPeriod ? { time_start: 'Select time' } : {};
}

/**
 * Where the confirmation of a new request went (issue 29): its channel and the address or number, masked as the
 * sign-in screens mask them ('a***a@example.com', '+7*******67'). null: none was sent (no contact, or the address had
 * its day's messages).
 */
export const ConfirmationSent = type({ channel: enums(['email', 'sms']), to: string() });
export type ConfirmationSent = Infer<typeof ConfirmationSent>;

export const SubmitOrderAnswer = type({
  request_id: integer(),
  requestUUID: string(),
  /** Optional: a resend of the same submit (idempotency) answers without it; always sent for a new request. */
  confirmation: opt(nullable(ConfirmationSent)),
});
export type SubmitOrderAnswer = Infer<typeof SubmitOrderAnswer>;

// ---------------------------------------------------------------------------
// Tourists (§3.7 'Tourist (blank template)')
// ---------------------------------------------------------------------------

/** A tourist as a form sends it: `id` names a stored one (update), none adds one. */
export const TouristInput = type({
  id: opt(bodyId('A tourist of this request (none: a new one)')),
  full_name: opt(text(200)),
  first_name: opt(text(100)),
  last_name: opt(text(100)),
  middle_name: opt(text(100)),
  birthday: opt(dateText),
  passport: opt(text(50)),
  email: opt(email),
  phone: opt(phone),
  food_restriction: opt(text(500, undefined, true)),
  weight: opt(count(1, 400)),
});
export type TouristInput = Infer<typeof TouristInput>;

/** Questionnaire answers of one tourist: at most 50 answers of 2000 characters, keyed by a question id. */
export const QuestionnaireAnswers = withMeta(
  refine(record(queryString(64, { min: 1, pattern: /^[A-Za-z0-9][A-Za-z0-9_.-]*$/ }), text(2000, undefined, true)), 'size', (v) => Object.keys(v).length <= 50 || 'Maximum 50'),
  { description: 'Answers keyed by question id (at most 50, 2000 characters each)' },
);

export const TouristQuestionnaireInput = type({
  id: bodyId('A tourist of this request'),
  questionnaire: QuestionnaireAnswers,
});

const touristList = <S extends AnyStruct>(item: S, description: string) =>
  withMeta(refine(array(item), 'length', (v) => (v.length > MAX_PARTY ? `Maximum ${MAX_PARTY}` : true)), { description, maximum: MAX_PARTY });

/** POST /crm/api/request/update-tourists?request_id: the whole list (tourists left out are removed where they may be). */
export const UpdateTouristsQuery = type({
  request_id: queryId('The request (its owner signed in, or with uuid)'),
  uuid: opt(requestUuid('The request\'s uuid (needed when no traveller is signed in as its owner)')),
});
export const TouristsBody = type({ tourists: touristList(TouristInput, `The tourists (at most ${MAX_PARTY})`) });
export type TouristsBody = Infer<typeof TouristsBody>;

/** POST /crm/api/request/update-tourists-questionnaires?id&uuid. */
export const QuestionnairesQuery = type({
  id: queryId('The request'),
  uuid: requestUuid("The request's uuid"),
});
export const QuestionnairesBody = type({ tourists: touristList(TouristQuestionnaireInput, `Questionnaires by tourist id (at most ${MAX_PARTY})`) });
export type QuestionnairesBody = Infer<typeof QuestionnairesBody>;

/** POST /crm/api/request/add-tourists?uuid, GET /spa/tourists-info?uuid. */
export const UuidQuery = type({ uuid: requestUuid("The request's uuid") });

/** A stored tourist: the template's fields with what the traveller may do with it. */
export const Tourist = type({
  id: integer(),
  full_name: string(),
  first_name: string(),
  last_name: string(),
  middle_name: string(),
  birthday: string(),
  passport: string(),
  email: string(),
  food_restriction: string(),
  phone: string(),
  weight: nullable(integer()),
  questionnaire: record(string(), string()),
  is_touched: boolean(),
  can_edit: boolean(),
  can_delete: boolean(),
});
export type Tourist = Infer<typeof Tourist>;

/** The blank tourist of §3.7: strings empty, is_touched / can_edit / can_delete true. */
export const TOURIST_TEMPLATE = {
  full_name: '', first_name: '', last_name: '', middle_name: '', birthday: '', passport: '', email: '', food_restriction: '', phone: '',
  is_touched: true, can_edit: true, can_delete: true,
} as const;

export const TouristsAnswer = type({ request_id: integer(), tourists: array(Tourist) });
export type TouristsAnswer = Infer<typeof TouristsAnswer>;

export const TouristsInfoAnswer = type({
  request_id: integer(),
  requestUUID: string(),
  status: integer(),
  adults: integer(),
  children: integer(),
  /** Tourists the list may hold. */
  max_tourists: integer(),
  can_edit: boolean(),
  template: type({
    full_name: string(), first_name: string(), last_name: string(), middle_name: string(), birthday: string(), passport: string(), email: string(),
    food_restriction: string(), phone: string(), is_touched: boolean(), can_edit: boolean(), can_delete: boolean(),
  }),
  tourists: array(Tourist),
});
export type TouristsInfoAnswer = Infer<typeof TouristsInfoAnswer>;

// ---------------------------------------------------------------------------
// The request record (GET /crm/api/request/get, get-by-uuid)
// ---------------------------------------------------------------------------

export const RequestGetQuery = type({
  id: queryId('The request'),
  uuid: opt(requestUuid("The request's uuid (needed when no traveller is signed in as its owner)")),
});
/** GET /crm/api/request/get-by-uuid's query under its call's name. @alias of UuidQuery */
export const RequestByUuidQuery = UuidQuery;

export const RequestTourSummary = type({
  id: integer(),
  title: string(),
  slug: string(),
  image: string(),
  type: integer(),
  days: integer(),
  hours: nullable(integer()),
  /** 'city' or 'region': which kind of place the tour is set in (a code, not words). */
  main_location: string(),
  /** The place itself, in X-Language (issue 29: the arrival page had shown the code). Always sent by the API. */
  main_location_name: opt(string()),
  /** Where the tour gathers (the tour page's gathering place), in X-Language. Always sent by the API. */
  gathering_place: opt(string()),
});

/** What cancelling the request today retains and refunds of what was paid (shared/src/domain/cancellation.ts). */
export const CancellationTerms = type({
  paid: integer(),
  currency: string(),
  percent: nullable(integer()),
  retained: nullable(integer()),
  refund: nullable(integer()),
});
export type CancellationTerms = Infer<typeof CancellationTerms>;

/**
 * The booking's money (issue 29: the arrival page showed no total or balance), in `currency`: once confirmed the
 * agreement's total, before it the price the confirmation would count (`estimate`: the date's price per person × the
 * party); what was paid (the paid invoices) and the balance left (null with no total).
 */
export const RequestMoney = type({
  total: nullable(integer()),
  paid: integer(),
  balance: nullable(integer()),
  currency: string(),
  estimate: boolean(),
});
export type RequestMoney = Infer<typeof RequestMoney>;

export const RequestDates = type({
  /** 'variant' (a date of the tour), 'individual' (the traveller's own dates), 'none' (a request without dates). */
  kind: enums(['variant', 'individual', 'none']),
  variant_id: nullable(integer()),
  /** YYYY-MM-DD or null. */
  start: nullable(string()),
  end: nullable(string()),
  /** The variant's dates are not confirmed yet ('Approximate', §4.2). */
  not_guaranteed: boolean(),
  time_start: nullable(string()),
});
export type RequestDates = Infer<typeof RequestDates>;

export const RequestHistoryItem = type({
  at: string(),
  actor: enums(HISTORY_ACTORS),
  action: string(),
  from_status: nullable(integer()),
  to_status: nullable(integer()),
  message: nullable(string()),
});

export const BookingRequest = type({
  id: integer(),
  uuid: string(),
  /** 'order' or a help request type (§3.7). */
  type: string(),
  status: integer(),
  status_name: enums(REQUEST_STATUS_NAMES),
  /** Message key of the status's words: 'booking.status.{status_name}'. */
  status_key: string(),
  is_cancelled: boolean(),
  can_cancel: boolean(),
  can_edit_tourists: boolean(),
  created_at: string(),
  updated_at: string(),
  tour: nullable(RequestTourSummary),
  dates: RequestDates,
  adults: integer(),
  children: integer(),
  name: nullable(string()),
  email: nullable(string()),
  phone: nullable(string()),
  comment: nullable(string()),
  currency: nullable(string()),
  locale: string(),
  tourists: array(Tourist),
  history: array(RequestHistoryItem),
  /**
   * The travel agreement, once the request is confirmed (status 2 PENDING_PREPAYMENT and after); null before.
   * Optional for older clients' fixtures; the API always sends it (accounts-and-comms §3, api/src/routes/payments.ts).
   */
  agreement: opt(nullable(TravelAgreement)),
  /** The request's invoices with their payment statuses, oldest first (empty before it is confirmed). Always sent by the API. */
  invoices: opt(array(Invoice)),
  /** Total, paid and balance (issue 29). Always sent by the API. */
  money: opt(RequestMoney),
  /**
   * What cancelling now does to the money paid (public-site §2.6 penalties; issue 29): while the request can be
   * cancelled and something was paid. percent/retained/refund null: the tour has no term for today (the coordinator
   * decides).
   */
  cancellation: opt(nullable(CancellationTerms)),
});
export type BookingRequest = Infer<typeof BookingRequest>;

export const RequestAnswer = type({ request: BookingRequest });
export type RequestAnswer = Infer<typeof RequestAnswer>;

// ---------------------------------------------------------------------------
// POST /crm/api/request/cancel, POST /crm/api/request/tour-dates
// ---------------------------------------------------------------------------

export const CancelRequestBody = type({
  id: bodyId('The request'),
  uuid: opt(requestUuid("The request's uuid (needed when no traveller is signed in as its owner)")),
  message: opt(text(3000, 'Why (kept in the request history)', true)),
  notify_client: dflt(boolean(), false),
});
export type CancelRequestBody = Infer<typeof CancelRequestBody>;

export const TourDatesQuery = type({ with_variants: dflt(queryBool('1 (default): the dates of the tour and its options; 0: only the request\'s own'), true) });
export const TourDatesBody = type({
  request_id: bodyId('The request'),
  uuid: opt(requestUuid("The request's uuid (needed when no traveller is signed in as its owner)")),
});

export const RequestTourDate = type({
  variant_id: integer(),
  tour_id: integer(),
  start: string(),
  end: string(),
  price: integer(),
  currency: string(),
  is_busy: boolean(),
  not_guaranteed: boolean(),
  is_selected: boolean(),
});

export const TourDatesAnswer = type({
  request_id: integer(),
  selected: RequestDates,
  dates: array(RequestTourDate),
});
export type TourDatesAnswer = Infer<typeof TourDatesAnswer>;

/** An answer the spec does not show: the call worked. */
export const RequestDoneAnswer = type({ success: literal(true), request: BookingRequest });
export type RequestDoneAnswer = Infer<typeof RequestDoneAnswer>;

// ---------------------------------------------------------------------------
// GET /crm/api/request/list-for-chat
// ---------------------------------------------------------------------------

export const ListForChatQuery = type({ chat_id: withMeta(queryString(64, { min: 1, pattern: /^[A-Za-z0-9_-]+$/ }), { description: 'A chat (issue 15)' }) });

/** The requests shown beside a chat (accounts-and-comms §7 list-for-chat: 'requests'). */
export const RequestListAnswer = type({ requests: array(BookingRequest) });
export type RequestListAnswer = Infer<typeof RequestListAnswer>;

// ---------------------------------------------------------------------------
// POST /crm/api/request/tour-selection (public-site §2.3, §3.7 'Tour-selection token', §4.9)
// ---------------------------------------------------------------------------

/**
 * A coordinator's tour-selection token (§3.7 'requestId-…'): `{request id}-{request uuid}`. The part before the first
 * '-' is the request id, as the spec says; the uuid after it is what makes the link a key (ids are shown to travellers).
 */
export const TOUR_SELECTION_TOKEN_RE = /^([1-9]\d{0,9})-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;
/** At most this many tours in one selection. */
export const MAX_SELECTED_TOURS = 50;

/** The request id and uuid of a selection token, or null when it is not one. */
export function parseSelectionToken(token: string): { requestId: number; uuid: string } | null {
  const m = TOUR_SELECTION_TOKEN_RE.exec(token);
  return m ? { requestId: Number(m[1]), uuid: m[2]! } : null;
}

export const TourSelectionBody = type({
  token: withMeta(queryString(48, { min: 1, pattern: TOUR_SELECTION_TOKEN_RE }), { description: "The selection link's token: '{request id}-{request uuid}'" }),
  tour_ids: withMeta(
    refine(array(bodyId('A published tour')), 'length', (v) => (v.length > MAX_SELECTED_TOURS ? `Maximum ${MAX_SELECTED_TOURS}` : true)),
    { description: `The tours the traveller selected (at most ${MAX_SELECTED_TOURS}; an empty list clears the selection)`, maximum: MAX_SELECTED_TOURS },
  ),
});
export type TourSelectionBody = Infer<typeof TourSelectionBody>;

export const TourSelectionAnswer = type({ success: literal(true), request_id: integer(), tour_ids: array(integer()) });
export type TourSelectionAnswer = Infer<typeof TourSelectionAnswer>;
