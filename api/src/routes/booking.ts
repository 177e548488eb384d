/**
 * Booking requests (public-site §3.7, §4.2, §4.7, §7.4; accounts-and-comms §6): the order of the request page, the
 * request record for the arrival and add-tourists pages, its cancellation, the dates of its tour, and its tourists.
 *
 * Who may see or change a request: use-cases/booking.ts `accessRequest` (by uuid whoever holds it; by id only its signed-in
 * traveller, or with the uuid; anyone else the 404 of an unknown id). Answers about a request are personal:
 * `Cache-Control: private, no-store`, never in the answer cache. Every change is one transaction with its history
 * entry; an order takes its date's seats in the transaction that stores it, and a cancellation gives them back.
 */
import type { FastifyReply } from 'fastify';
import { array, record, refine, string, type as object, unknown } from 'superstruct';
import {
  BookingRequest, CancelRequestBody, ListForChatQuery, MAX_PARTY, OrderData, QuestionnairesBody, QuestionnairesQuery, REQUEST_STATUS, RequestAnswer, RequestByUuidQuery,
  RequestDoneAnswer, RequestGetQuery, RequestListAnswer, SubmitOrderAnswer, SubmitOrderBody, TOURIST_TEMPLATE, TourDatesAnswer, TourDatesBody, TourDatesQuery, Tourist,
  TouristInput, TouristQuestionnaireInput, TouristsAnswer, TouristsBody, TouristsInfoAnswer, UpdateTouristsQuery, UuidQuery, canCancelStatus,
  canEditTouristsStatus, isCancelledStatus, missingOrderFields, orderTimeErrors, requestStatusKey, requestStatusName, TOUR_NOT_BOOKABLE, type CancellationTerms,
  type RequestDates, type RequestMoney,
} from '@tours/shared/src/api/schemas/booking';
import type { PenaltyTier } from '@tours/shared/src/domain/cancellation';
import { ID_MAX, withMeta } from '@tours/shared/src/api/schemas/common';
import type { Infer, Struct } from 'superstruct';
import type { RequestRow, RequestTouristRow } from '../db/schema';
import {
  createRequest, excursionTimesOn, familyVariants, historyOf, orderTourById, penaltyTiersOf, requestById, requestTour, sameTourFamily, touristsOf, travellerRequests,
  variantById,
} from '../db/queries/booking';
import { isTourArchived } from '../db/queries/staff';
import { paymentRecordsOf } from '../use-cases/payments';
import { requestMoney, tourPlaces } from '../use-cases/arrival-facts';
import {
  DUPLICATE_WINDOW_MS, accessRequest, cancelRequest, idempotencyKeyOf, keyReused, seatErrors, submitFingerprint, submitHash, travellerActor,
} from '../use-cases/booking';
import { convert } from '../lib/currency';
import { HttpError, validationError } from '../lib/errors';
import { MAIL_LIMIT_MESSAGE, takeMailAllowance } from '../lib/mail-limits';
import { notifyCoordinators } from '../lib/request-notice';
import { claimConfirmation, confirmationOf, isOwnContact, requestContact, sendRequestCancelled, sendRequestReceived } from '../use-cases/booking-notices';
import { t } from '../lib/i18n';
import { imageUrl } from '../lib/images';
import { fieldErrors, validateInput } from '../lib/validation';
import type { Services } from '../services';
import type { ApiRouter, RequestContext } from './router';
import { chatReader, signedInTraveller } from '../lib/auth';
import { header } from '../lib/request-header';
import { addTourists, parseQuestionnaire, replaceTourists, saveQuestionnaires } from '../use-cases/tourists';
import { cancelDecision, cancellationTermsApply, cancellationTermsOf, individualDateErrors, isCalendarDate, partyErrors, requestSource } from '../domain/booking';
import { AUTHORIZATION_HEADER } from '@tours/shared/src/api/headers';

const today = (s: Services) => s.date().toISOString().slice(0, 10);
const personal = (reply: FastifyReply) => reply.header('cache-control', 'private, no-store').header('vary', AUTHORIZATION_HEADER);

/** What the router checks before the handler of a form: a `data` object (the handler checks its fields). */
const Envelope = object({ data: withMeta(record(string(), unknown()), { description: 'The form fields' }) });
/** A list of tourists as the router checks it: an array of at most MAX_PARTY (the handler checks each, keying errors `tourists.{i}.{field}`). */
const TouristList = object({
  tourists: withMeta(refine(array(unknown()), 'length', (v) => (v.length > MAX_PARTY ? `Maximum ${MAX_PARTY}` : true)), { maximum: MAX_PARTY }),
});

/** Validates each item of a list, keying field errors by item: `tourists.1.birthday` (0-based, the list as sent). */
function parseItems<T, S>(list: unknown[], struct: Struct<T, S>, check?: (item: Record<string, unknown>) => Record<string, string>): T[] {
  const errors: Record<string, string> = {};
  const out: T[] = [];
  list.forEach((item, i) => {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) {
      errors.tourists ??= 'Incorrect value';
      return;
    }
    const [error, value] = validateInput(item, struct);
    // The extra checks see the item as sent too, so every error of a tourist is reported at once.
    const own = { ...(check ? check((value ?? item) as Record<string, unknown>) : {}), ...(error ? fieldErrors(error) : {}) };
    for (const [field, message] of Object.entries(own)) errors[`tourists.${i}.${field}`] = message;
    if (value) out.push(value);
  });
  if (Object.keys(errors).length) throw validationError(errors);
  return out;
}

/** A birthday is a real date, not in the future, not before 1900. */
function touristCheck(s: Services) {
  return (tourist: Record<string, unknown>): Record<string, string> => {
    const b = tourist.birthday;
    if (typeof b === 'string' && b && (!isCalendarDate(b) || b > today(s) || b < '1900-01-01')) return { birthday: 'Incorrect value' };
    return {};
  };
}

function touristOf(row: RequestTouristRow, editable: boolean): Tourist {
  return {
    id: Number(row.id), full_name: row.full_name ?? '', first_name: row.first_name ?? '', last_name: row.last_name ?? '', middle_name: row.middle_name ?? '',
    birthday: row.birthday ?? '', passport: row.passport ?? '', email: row.email ?? '', food_restriction: row.food_restriction ?? '', phone: row.phone ?? '',
    weight: row.weight, questionnaire: parseQuestionnaire(row.questionnaire), is_touched: true, can_edit: editable, can_delete: editable,
  };
}

async function datesOf(s: Services, row: RequestRow): Promise<RequestDates> {
  const time = row.time_start ?? null;
  if (row.variant_id !== null) {
    const v = await variantById(s.db, row.variant_id);
    return { kind: 'variant', variant_id: row.variant_id, start: v?.start ?? null, end: v?.end ?? null, not_guaranteed: v ? v.not_guaranteed === 1 : false, time_start: time };
  }
  if (row.date_start_formatted || row.dates === 'individual' || row.dates === 'select_individual') {
    return { kind: 'individual', variant_id: null, start: row.date_start_formatted, end: row.date_end_formatted, not_guaranteed: false, time_start: time };
  }
  return { kind: 'none', variant_id: null, start: null, end: null, not_guaranteed: false, time_start: time };
}

/** The request as the arrival and add-tourists pages show it. */
async function requestAnswer(s: Services, row: RequestRow, ctx: RequestContext): Promise<BookingRequest> {
  const id = Number(row.id);
  const [tour, dates, tourists, history, payments] = await Promise.all([
    row.tour_id === null ? undefined : requestTour(s.db, row.tour_id),
    datesOf(s, row),
    touristsOf(s.db, id),
    historyOf(s.db, id),
    paymentRecordsOf(s, row),
  ]);
  const editable = canEditTouristsStatus(row.status);
  // The place's name and the gathering place in the reader's language, and total / paid / balance (issue 29).
  const [places, money] = await Promise.all([tour ? tourPlaces(s, tour, ctx.locale) : null, requestMoney(s, row, payments)]);
  const cancellation = await cancellationTerms(s, row, dates, money);
  return {
    id, uuid: row.uuid, type: row.type, status: row.status, status_name: requestStatusName(row.status), status_key: requestStatusKey(row.status),
    is_cancelled: isCancelledStatus(row.status), can_cancel: canCancelStatus(row.status), can_edit_tourists: editable,
    created_at: row.created_at, updated_at: row.updated_at ?? row.created_at,
    tour: tour
      ? {
        id: tour.id, title: t(tour, 'title', ctx.locale), slug: t(tour, 'slug', ctx.locale), image: imageUrl('tours', `${tour.id}-1`), type: tour.type, days: tour.days,
        hours: tour.hours, main_location: tour.main_location, ...places,
      }
      : null,
    dates, adults: row.adults, children: row.children,
    name: row.name ?? ([row.first_name, row.last_name].filter(Boolean).join(' ') || null), email: row.email, phone: row.phone, comment: row.comment,
    currency: row.currency, locale: row.locale,
    tourists: tourists.map((x) => touristOf(x, editable)),
    // What the traveller may see of the history: when and what, not which staff member.
    history: history.map((h) => ({ at: h.at, actor: h.actor, action: h.action, from_status: h.from_status, to_status: h.to_status, message: h.message })),
    // The travel agreement and the invoices (accounts-and-comms §3), once confirmed (use-cases/payments.ts).
    agreement: payments.agreement, invoices: payments.invoices, money, cancellation,
  };
}

/**
 * What cancelling now retains and refunds of what was paid (issue 29: the cancel screen said nothing of it), by the
 * rule of domain/booking.ts; the tour's penalty tiers are read only when the terms apply.
 */
async function cancellationTerms(s: Services, row: RequestRow, dates: RequestDates, money: RequestMoney): Promise<CancellationTerms | null> {
  if (!cancellationTermsApply(row.status, money.paid)) return null;
  const tiers: PenaltyTier[] = row.tour_id === null ? [] : await penaltyTiersOf(s.db, row.tour_id);
  return cancellationTermsOf({ status: row.status, paid: money.paid, currency: money.currency, tiers, start: dates.start, today: today(s) });
}

/** The tourists a request may still take; refuses a change of a closed request. */
function requireEditable(row: RequestRow): void {
  if (!canEditTouristsStatus(row.status)) throw new HttpError(409, 'The request is closed: its tourists can no longer be changed');
}

export function registerBookingRoutes(router: ApiRouter, s: Services): void {
  const tags = ['requests'];
  const access = 'Access: by uuid, whoever holds it (the link\'s secret); by id, the traveller signed in when it was sent, or anyone with the uuid as well. '
    + "Anything else (an unknown id or uuid, another traveller's request, a guest's request by its id alone, no session) is the same 404 "
    + "{ message: 'Request not found' }: whether a request exists, and whose it is, is never told. Answers are private (no-store).";
  const errors = [404];

  // POST /spa/submit-order ------------------------------------------------------------------------------------------
  router.add({
    method: 'POST', url: '/spa/submit-order', tags, summary: 'Sends the order of the request page; answers request_id and requestUUID',
    description: "Body `{ data: {…} }`: tour_id, dates (a variant id of the tour or of another option of it — §4.2: then tour_id is that option's — or 'individual' "
      + 'with date_start_formatted and date_end_formatted), adults (1+), children, name, phone, email, comment, agree (must be true), currency, timezone, '
      + 'utm_*, referer, partner_id. A signed-in traveller\'s name, phone and e-mail fill what the form left empty (§6), and the request is theirs. '
      + "Field errors keyed by field. Seats: an order on a date takes its party's seats in the transaction that stores it; a busy date or one without "
      + "seats left is 'No seats left' on dates, a party larger than the seats left 'Maximum {seats}' on adults (or 'Maximum {seats − adults}' on children). "
      + 'Exactly once: header `Idempotency-Key` (or data.idempotency_key), '
      + 'the same for every resend of one submit, answers the request it made (the key with other fields: 422 on idempotency_key); without a key, the '
      + 'same fields sent again by the same traveller (or guest) from the same address within 2 minutes answer the request they made. '
      + 'Captcha: over the writes limit, 429 with data.type captcha.',
    body: Envelope, answer: SubmitOrderAnswer,
    handler: async ({ body, ctx, request }) => {
      const traveller = await signedInTraveller(s, request);
      const profileName = traveller ? [traveller.first_name, traveller.last_name].filter(Boolean).join(' ') : '';
      const [error, parsed] = validateInput(body.data, OrderData);
      const raw = (parsed ?? body.data) as OrderData;
      const fieldErrs = { ...missingOrderFields(raw, { name: Boolean(profileName), phone: Boolean(traveller?.phone) }), ...(error ? fieldErrors(error) : {}) };
      if (Object.keys(fieldErrs).length) throw validationError(fieldErrs);
      const data = parsed!;
      const key = idempotencyKeyOf(request, data.idempotency_key);
      const day = today(s);
      const tour = await orderTourById(s.db, data.tour_id, s.config);
      // excursionsEnabled=false (app configuration, issue 32): an excursion is not on the site, so not bookable either.
      if (!tour) throw validationError({ tour_id: 'Incorrect value' });
      // Archived on the staff panel (accounts-and-comms §2 'the tour cannot be booked'; issue 29: it had been).
      if (tour.archived) throw validationError({ tour_id: TOUR_NOT_BOOKABLE });
      let tourId = tour.id;
      let variantId: number | null = null;
      let variantRow: { id: number; start: string; end: string } | null = null;
      if (data.dates === 'individual') {
        const start = data.date_start_formatted!;
        const end = data.date_end_formatted!;
        const bad = individualDateErrors({ start, end }, tour, day);
        if (Object.keys(bad).length) throw validationError(bad);
        // An excursion's start time is stored with the request (issue 29: it had gone in the comment).
        const slots = start === end ? await excursionTimesOn(s.db, tour.id, start) : [];
        const timeErrors = orderTimeErrors(data, slots, tour.use_request_period === 1);
        if (Object.keys(timeErrors).length) throw validationError(timeErrors);
      } else {
        // Ten digits pass the pattern; past the ids' range (PostgreSQL's integer) no variant exists: refused, not a 500.
        const ref = Number(data.dates);
        const variant = ref <= ID_MAX ? await variantById(s.db, ref) : undefined;
        if (!variant || variant.start < day || !(await sameTourFamily(s.db, tour.id, variant.tour_id))) throw validationError({ dates: 'Incorrect value' });
        if (data.time_start) throw validationError(orderTimeErrors(data, [], false));
        // Another option of the tour may be archived on its own.
        if (variant.tour_id !== tour.id && (await isTourArchived(s.db, variant.tour_id))) throw validationError({ dates: TOUR_NOT_BOOKABLE });
        // Its seats are taken, or refused, in the transaction that stores the request (createRequest).
        // A variant of another option: the request goes to that option (§4.2).
        tourId = variant.tour_id;
        variantId = variant.id;
        variantRow = variant;
      }
      const partyErrs = partyErrors(data);
      if (Object.keys(partyErrs).length) throw validationError(partyErrs);
      const empty = (v: string | undefined) => (v === undefined || v === '' ? null : v);
      const now = s.date();
      const row = {
        type: 'order', tour_id: tourId, dates: variantId !== null ? String(variantId) : 'individual', variant_id: variantId,
        date_start_formatted: variantId === null ? data.date_start_formatted! : null, date_end_formatted: variantId === null ? data.date_end_formatted! : null,
        name: empty(data.name) ?? (profileName || null), phone: empty(data.phone) ?? traveller?.phone ?? null, email: empty(data.email) ?? traveller?.email ?? null,
        comment: empty(data.comment), adults: data.adults, children: data.children, timezone: data.timezone ?? null, agree: 1,
        city: null, first_name: null, last_name: null, is_travel_by_avia: null, is_travel_by_train: null, request_id_to_update: null, organizer_id: tour.organizer_id,
        utm_source: empty(data.utm_source) ?? empty(data.partner_id), utm_medium: empty(data.utm_medium), utm_campaign: empty(data.utm_campaign),
        utm_content: empty(data.utm_content), utm_term: empty(data.utm_term), referer: empty(data.referer) ?? header(request, 'referer', 2000),
        time_start: variantId === null ? empty(data.time_start) : null, click_source: empty(data.click_source), partner_id: empty(data.partner_id),
        source: requestSource(data), origin: header(request, 'origin', 300),
        locale: ctx.locale, currency: data.currency ?? ctx.currency, traveller_id: traveller ? Number(traveller.id) : null,
        created_at: now.toISOString(), updated_at: now.toISOString(),
      };
      const stored = await createRequest(s.db, row, {
        key, hash: key ? submitHash('submit-order', data) : null, at: now,
        fingerprint: key ? null : { value: submitFingerprint('submit-order', data, traveller, request.clientIp), windowMs: DUPLICATE_WINDOW_MS },
        seats: variantId !== null ? { variantId, party: data.adults + data.children } : null,
        history: { ...travellerActor(traveller), action: 'created', to_status: REQUEST_STATUS.PENDING_CONFIRM },
        // Whether the traveller's confirmation goes, and where, is decided with the request (issue 29).
        also: (trx, id) => claimConfirmation(s, trx, id, row, traveller),
      });
      if ('keyReused' in stored) throw keyReused();
      if ('seatsLeft' in stored) throw validationError(seatErrors(data, stored.seatsLeft));
      const saved = stored.row ?? (await requestById(s.db, stored.id))!;
      // A resend answers the request it made (where its confirmation went included) and tells nobody again.
      if (!stored.replayed) {
        await Promise.all([
          notifyCoordinators({ db: s.db, outbox: s.outbox, log: request.log, recipient: s.config.coordinatorEmail, siteOrigin: s.config.siteOrigin }, { ...row, id: stored.id, uuid: stored.uuid }, tour),
          sendRequestReceived(s, saved, request.log, { tour, variant: variantRow }),
        ]);
      }
      return { request_id: stored.id, requestUUID: stored.uuid, confirmation: confirmationOf(saved) };
    },
  });
  const doc = router.docs.find((d) => d.url === '/spa/submit-order' && d.method === 'POST');
  if (doc) doc.body = SubmitOrderBody;

  // GET /crm/api/request/get, get-by-uuid ---------------------------------------------------------------------------
  router.add({
    method: 'GET', url: '/crm/api/request/get', tags, summary: 'A request: status (and its word key), dates, tourists, tour summary, history',
    description: `${access} The answer is \`{ request }\`: see BookingRequest.`,
    query: RequestGetQuery, answer: RequestAnswer, errors,
    handler: async ({ query, ctx, request, reply }) => {
      personal(reply);
      const { row } = await accessRequest(s, request, { id: query.id, uuid: query.uuid });
      return { request: await requestAnswer(s, row, ctx) };
    },
  });
  router.add({
    method: 'GET', url: '/crm/api/request/get-by-uuid', tags, summary: 'A request by its uuid (the arrival page)',
    description: `${access} The answer is \`{ request }\`.`,
    query: RequestByUuidQuery, answer: RequestAnswer, errors: [404],
    handler: async ({ query, ctx, request, reply }) => {
      personal(reply);
      const { row } = await accessRequest(s, request, { uuid: query.uuid });
      return { request: await requestAnswer(s, row, ctx) };
    },
  });

  // GET /crm/api/request/list-for-chat ------------------------------------------------------------------------------
  router.add({
    method: 'GET', url: '/crm/api/request/list-for-chat', tags, summary: 'The requests shown beside a chat: those of the chat\'s traveller',
    description: "For the chat's own traveller (X-Authorization) or staff serving the chat (a staff session, /crm/api/agent/auth): the requests the "
      + "chat's traveller sent while signed in, newest first (at most 50), each as get answers it. Anyone else, and an unknown chat, get "
      + '`{ requests: [] }` (a chat id reveals nothing). Private (no-store).',
    query: ListForChatQuery, answer: RequestListAnswer,
    handler: async ({ query, request, reply, ctx }) => {
      personal(reply);
      const chatId = /^[1-9]\d{0,9}$/.test(query.chat_id) ? Number(query.chat_id) : NaN;
      if (!(chatId <= 2147483647)) return { requests: [] };
      const traveller = await signedInTraveller(s, request);
      const chat = await chatReader(s, request, chatId, traveller ? Number(traveller.id) : undefined);
      if (!chat) return { requests: [] };
      // Newest by when they were sent: ids are random.
      const rows = await travellerRequests(s.db, chat.traveller_id, 50);
      return { requests: await Promise.all(rows.map((row) => requestAnswer(s, row, ctx))) };
    },
  });

  // POST /crm/api/request/cancel -------------------------------------------------------------------------------------
  router.add({
    method: 'POST', url: '/crm/api/request/cancel', tags, summary: 'Cancels a request with a message (§4.7)',
    description: `${access} Status 1–3 becomes 5 CANCELED_TOURIST, with the message in the history, and an order's seats go back to its date; a cancelled request answers as it is (a resend changes `
      + 'nothing); a completed tour (4) is 409. notify_client (default false): the request\'s e-mail (else its phone, by SMS) gets a confirmation through '
      + "the outbox in the traveller's language (their profile's, else the request's), with what was paid and what the tour's cancellation terms "
      + 'retain and refund of it; a contact that is not the signed-in traveller\'s own proved address takes it from its daily limit (422 on notify_client over it). '
      + 'Answers `{ success: true, request }`.',
    body: CancelRequestBody, answer: RequestDoneAnswer, errors: [...errors, 409],
    handler: async ({ body, ctx, request, reply }) => {
      personal(reply);
      const { row, traveller } = await accessRequest(s, request, { id: body.id, uuid: body.uuid });
      const decision = cancelDecision(row.status);
      if (decision === 'answer-as-is') return { success: true as const, request: await requestAnswer(s, row, ctx) };
      if (decision === 'refuse') throw new HttpError(409, 'The tour has taken place: the request cannot be cancelled');
      // The confirmation goes to the contact typed with the request (its e-mail, else an SMS to its phone): within its daily
      // limit unless it is the signed-in traveller's own proved address, or nothing is done (issue 28, issue 29).
      const contact = body.notify_client ? requestContact(row) : null;
      if (contact && !isOwnContact(traveller, contact)) {
        await s.work.charge(request, 'mail');
        if (!(await takeMailAllowance(s.db, contact.recipient, 'request_cancelled', s.config.mailPerRecipientPerDay, s.now()))) {
          throw validationError({ notify_client: MAIL_LIMIT_MESSAGE });
        }
      }
      const changed = await cancelRequest(s, row, traveller, { message: body.message || null, notifyClient: body.notify_client });
      const after = (await requestById(s.db, Number(row.id)))!;
      // In the traveller's language, with what was paid and what the tour's cancellation terms do with it (issue 29).
      if (changed && contact) {
        await sendRequestCancelled(s, after, contact, body.message || null).catch((err: unknown) => request.log.error({ err, requestId: Number(row.id) }, 'cancellation message not queued'));
      }
      return { success: true as const, request: await requestAnswer(s, after, ctx) };
    },
  });

  // POST /crm/api/request/tour-dates ---------------------------------------------------------------------------------
  router.add({
    method: 'POST', url: '/crm/api/request/tour-dates', tags, summary: "The request's chosen date and the tour's dates to choose from",
    description: `${access} with_variants (default 1): the upcoming date variants of the request's tour and its other options, in the request's currency, `
      + 'the chosen one marked; 0: only the chosen date.',
    query: TourDatesQuery, body: TourDatesBody, answer: TourDatesAnswer, errors,
    handler: async ({ query, body, request, reply }) => {
      personal(reply);
      const { row } = await accessRequest(s, request, { id: body.request_id, uuid: body.uuid });
      const selected = await datesOf(s, row);
      const currency = row.currency ?? 'RUB';
      const rates = await s.rates();
      const variants = query.with_variants && row.tour_id !== null ? await familyVariants(s.db, row.tour_id) : [];
      const day = today(s);
      return {
        request_id: Number(row.id), selected,
        dates: variants.filter((v) => v.start >= day || v.id === row.variant_id).map((v) => ({
          variant_id: v.id, tour_id: v.tour_id, start: v.start, end: v.end, price: Math.round(convert(v.price, 'RUB', currency, rates)), currency,
          is_busy: v.is_busy === 1 || v.number_of_free_seats <= 0, not_guaranteed: v.not_guaranteed === 1, is_selected: v.id === row.variant_id,
        })),
      };
    },
  });

  // Tourists ---------------------------------------------------------------------------------------------------------
  const touristsAnswer = async (row: RequestRow): Promise<Infer<typeof TouristsAnswer>> => ({
    request_id: Number(row.id), tourists: (await touristsOf(s.db, Number(row.id))).map((x) => touristOf(x, canEditTouristsStatus(row.status))),
  });
  const touristRules = `At most ${MAX_PARTY} tourists; field errors keyed by tourist and field as sent: \`tourists.{index}.{field}\` (0-based, e.g. tourists.1.birthday). `
    + 'A request that is complete or cancelled: 409.';

  router.add({
    method: 'POST', url: '/crm/api/request/update-tourists', tags, summary: 'Saves the tourists of a request (the whole list)',
    description: `${access} Body \`{ tourists: [...] }\`: the §3.7 tourist fields; an item with the id of a stored tourist changes it, one without adds one, `
      + `a stored tourist left out is removed. ${touristRules} Answers \`{ request_id, tourists }\`.`,
    query: UpdateTouristsQuery, body: TouristList, answer: TouristsAnswer, errors: [...errors, 409],
    handler: async ({ query, body, request, reply }) => {
      personal(reply);
      const granted = await accessRequest(s, request, { id: query.request_id, uuid: query.uuid });
      requireEditable(granted.row);
      await replaceTourists(s, granted, parseItems(body.tourists, TouristInput, touristCheck(s)));
      return touristsAnswer((await requestById(s.db, query.request_id))!);
    },
  });

  router.add({
    method: 'POST', url: '/crm/api/request/add-tourists', tags, summary: 'Adds tourists to a request (add-tourists page)',
    description: `${access} Body \`{ tourists: [...] }\` of new tourists (an id is ignored). ${touristRules} Answers \`{ request_id, tourists }\`.`,
    query: UuidQuery, body: TouristList, answer: TouristsAnswer, errors: [404, 409],
    handler: async ({ query, body, request, reply }) => {
      personal(reply);
      const { row, traveller } = await accessRequest(s, request, { uuid: query.uuid });
      requireEditable(row);
      const items = parseItems(body.tourists, TouristInput, touristCheck(s));
      await addTourists(s, { row, traveller }, items);
      return touristsAnswer(row);
    },
  });

  router.add({
    method: 'POST', url: '/crm/api/request/update-tourists-questionnaires', tags, summary: "Saves the tourists' questionnaire answers",
    description: `${access} id and uuid of the request. Body \`{ tourists: [{ id, questionnaire: { question_id: answer } }] }\`: the answers are merged into `
      + `each tourist's (an empty answer removes one). ${touristRules} Answers \`{ request_id, tourists }\`.`,
    query: QuestionnairesQuery, body: TouristList, answer: TouristsAnswer, errors: [404, 409],
    handler: async ({ query, body, request, reply }) => {
      personal(reply);
      const { row, traveller } = await accessRequest(s, request, { id: query.id, uuid: query.uuid });
      requireEditable(row);
      await saveQuestionnaires(s, { row, traveller }, parseItems(body.tourists, TouristQuestionnaireInput));
      return touristsAnswer(row);
    },
  });

  router.add({
    method: 'GET', url: '/spa/tourists-info', tags, summary: 'The tourists of a request with the blank tourist of §3.7 (add-tourists page)',
    description: `${access} Answers the request's id, uuid, status, party (adults, children), how many tourists it may hold, whether they may be changed, `
      + 'the template (strings empty; is_touched, can_edit, can_delete true) and the stored tourists.',
    query: UuidQuery, answer: TouristsInfoAnswer, errors: [404],
    handler: async ({ query, request, reply }) => {
      personal(reply);
      const { row } = await accessRequest(s, request, { uuid: query.uuid });
      const editable = canEditTouristsStatus(row.status);
      return {
        request_id: Number(row.id), requestUUID: row.uuid, status: row.status, adults: row.adults, children: row.children, max_tourists: MAX_PARTY,
        can_edit: editable, template: { ...TOURIST_TEMPLATE }, tourists: (await touristsOf(s.db, Number(row.id))).map((x) => touristOf(x, editable)),
      };
    },
  });

  // The OpenAPI description shows the tourists' fields, not just the list the router checks.
  for (const [url, schema] of [['/crm/api/request/update-tourists', TouristsBody], ['/crm/api/request/add-tourists', TouristsBody],
    ['/crm/api/request/update-tourists-questionnaires', QuestionnairesBody]] as const) {
    const d = router.docs.find((x) => x.url === url && x.method === 'POST');
    if (d) d.body = schema;
  }
}
