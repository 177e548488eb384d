/**
 * POST /spa/submit-help-request (public-site §3.7, §7.4) and the CORS rule of the partner widgets.
 *
 * The request is stored with every §3.7 field, the product's additions (timezone, referer, utm_source) and the
 * partner attribution of the widgets (partner_id, utm_campaign, utm_content, the calling origin) with its
 * source: 'partner_widget' when a partner id (or click_source 'partner_widget') came with it, else 'site'.
 *
 * Field errors are keyed by the form field ('phone', not 'data.phone'), so forms put them on their fields (§5.8).
 * Ids are integers 1..2^31-1 and must name existing rows (tour_id, organizer_id: 'Incorrect value' otherwise; the
 * request to update is named by its uuid); text fields refuse control characters (comment may hold line breaks).
 * Without an idempotency key, the same submit sent again within two minutes answers the request it made (issue 28).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { record, string, type, unknown } from 'superstruct';
import { TOUR_NOT_BOOKABLE } from '@tours/shared/src/api/schemas/booking';
import { withMeta } from '@tours/shared/src/api/schemas/common';
import {
  HELP_REQUEST_TYPES, HelpRequestData, SubmitHelpRequestAnswer, SubmitHelpRequestBody, helpRequestRuleErrors, missingHelpRequestFields, parseIndividualDates,
  type HelpRequestSource, type HelpRequestTourFacts,
} from '@tours/shared/src/api/schemas/requests';
import { CAPTCHA_HEADER } from '@tours/shared/src/api/captcha';
import { CURRENCY_HEADER, IDEMPOTENCY_HEADER, LANGUAGE_HEADER, LOCALIZATION_HEADER, USER_ROLE_HEADER } from '@tours/shared/src/api/headers';
import { createRequest, requestById, requestByUuid } from '../db/queries/booking';
import { missingReferences, tourRequestFacts } from '../db/queries/requests';
import { isTourArchived } from '../db/queries/staff';
import { attachContacts, DUPLICATE_WINDOW_MS, idempotencyKeyOf, keyReused, submitFingerprint, submitHash, travellerActor } from '../use-cases/booking';
import { CAPTCHA_CHALLENGE_PATH } from '../lib/captcha';
import { validationError } from '../lib/errors';
import { notifyCoordinators } from '../lib/request-notice';
import { claimConfirmation, sendRequestReceived } from '../use-cases/booking-notices';
import { fieldErrors, validateInput } from '../lib/validation';
import { header } from '../lib/request-header';
import type { Services } from '../services';
import type { ApiRouter } from './router';
import { signedInTraveller } from '../lib/auth';

/**
 * The calls the partner widgets make from the partner's page, and nothing else, answer any origin
 * (no credentials: the widgets send no cookies): the search box's travel styles and destination
 * autocomplete, the request form, and the request form's captcha (accounts-and-comms §4): the captcha
 * configuration of the site tokens and ALTCHA's challenge.
 */
const WIDGET_CALLS: Readonly<Record<string, readonly ('GET' | 'POST')[]>> = {
  '/spa/search-form': ['GET'],
  '/spa/autocomplete': ['GET'],
  '/spa/submit-help-request': ['POST'],
  '/spa/site-tokens': ['GET'],
  [CAPTCHA_CHALLENGE_PATH]: ['GET'],
};
/** The common headers of §7.1 the widgets send, the JSON body type, and the solved captcha on a retry (§7 'Captcha headers'). */
const WIDGET_ALLOWED_HEADERS = `Content-Type, ${LANGUAGE_HEADER}, ${LOCALIZATION_HEADER}, ${CURRENCY_HEADER}, ${USER_ROLE_HEADER}, ${CAPTCHA_HEADER}, ${IDEMPOTENCY_HEADER}`;

function widgetMethods(request: FastifyRequest): readonly string[] | undefined {
  const path = request.url.split('?')[0] ?? '';
  return Object.prototype.hasOwnProperty.call(WIDGET_CALLS, path) ? WIDGET_CALLS[path] : undefined;
}

/** CORS for WIDGET_CALLS only: preflights, and `Access-Control-Allow-Origin: *` on every answer (errors too). */
function registerWidgetCors(app: FastifyInstance): void {
  for (const [url, methods] of Object.entries(WIDGET_CALLS)) {
    app.options(url, async (_request, reply) =>
      reply
        .code(204)
        .header('access-control-allow-origin', '*')
        .header('access-control-allow-methods', methods.join(', '))
        .header('access-control-allow-headers', WIDGET_ALLOWED_HEADERS)
        .header('access-control-max-age', '600')
        .send(),
    );
  }
  app.addHook('onSend', async (request, reply, payload) => {
    const methods = widgetMethods(request);
    if (methods && request.headers.origin && methods.includes(request.method)) {
      reply.header('access-control-allow-origin', '*');
      reply.header('access-control-expose-headers', 'Retry-After');
    }
    return payload;
  });
}

/** What the router checks before the handler: a `data` object (its fields are checked by the handler). */
const Envelope = type({ data: withMeta(record(string(), unknown()), { description: 'The form fields' }) });

/**
 * Validates the form fields: malformed fields and the fields the type needs are reported together, keyed by
 * field ('Required field', 'Please enter a valid phone number', 'Maximum 100 characters', …).
 */
function parseHelpRequest(input: unknown): HelpRequestData {
  const [error, value] = validateInput(input, HelpRequestData);
  const errors = error ? fieldErrors(error) : {};
  const raw = (value ?? input) as HelpRequestData;
  const missing = (HELP_REQUEST_TYPES as readonly unknown[]).includes(raw.type) ? missingHelpRequestFields(trimmed(raw)) : {};
  const all = { ...missing, ...errors };
  if (raw && typeof raw === 'object' && raw.tour !== undefined && raw.tour_id !== undefined && raw.tour !== raw.tour_id) all.tour = 'Incorrect value';
  if (Object.keys(all).length) throw validationError(all);
  const data = value as HelpRequestData;
  // `tour` (the private tour payload of §3.7) and tour_id name the same thing: one field from here on.
  return data.tour !== undefined && data.tour_id === undefined ? { ...data, tour_id: data.tour } : data;
}

/**
 * The earliest calendar day anywhere on Earth (the date at UTC−12): a private tour's 'today' bound (§5.6) is the
 * traveller's, and the server does not know their zone, so it refuses only what is in the past everywhere.
 */
function earliestToday(now: Date): string {
  return new Date(now.getTime() - 12 * 3600_000).toISOString().slice(0, 10);
}

function trimmed(data: HelpRequestData): HelpRequestData {
  return Object.fromEntries(Object.entries(data).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v])) as HelpRequestData;
}

/**
 * The request a help request updates (request_id_to_update, requestUUID): named by its uuid, with or without its id.
 * The id alone is a number anyone can try, so the answer never tells whether it exists: without the uuid 'Required
 * field', and an id and uuid that are not one request's 'Incorrect value', both on requestUUID.
 */
async function requestToUpdate(s: Services, data: HelpRequestData): Promise<{ target: { id: number; uuid: string } | null; errors: Record<string, string> }> {
  if (data.request_id_to_update === undefined && data.requestUUID === undefined) return { target: null, errors: {} };
  if (data.requestUUID === undefined) return { target: null, errors: { requestUUID: 'Required field' } };
  const row = data.request_id_to_update !== undefined ? await requestById(s.db, data.request_id_to_update) : await requestByUuid(s.db, data.requestUUID);
  if (!row || row.uuid !== data.requestUUID) return { target: null, errors: { requestUUID: 'Incorrect value' } };
  return { target: { id: Number(row.id), uuid: row.uuid }, errors: {} };
}

/** The types that add the traveller's contacts to a request sent before (§3.7; the success screen's add-email form). */
const ATTACHING_TYPES = new Set<string>(['add_email_to_request', 'add_phone_and_tourist_name_to_request']);

export function registerRequestRoutes(app: FastifyInstance, router: ApiRouter, s: Services): void {
  registerWidgetCors(app);
  router.add({
    method: 'POST',
    url: '/spa/submit-help-request',
    tags: ['requests'],
    summary: 'Send a help request (callback, e-mail, common help, partner widget, …); answers its id',
    description:
      "Body `{ data: {…} }` with the §3.7 fields. The client adds timezone (hours from Moscow time), a 'request from {url}' comment line, referer and utm_source; partner widgets add partner_id. Field errors are keyed by field name; tour_id and organizer_id must name existing rows ('Incorrect value' otherwise). "
      + 'request_id_to_update needs the uuid of that request as requestUUID (requestUUID alone names the request too): without it \'Required field\', '
      + "an id and uuid that are not one request's 'Incorrect value', both on requestUUID (whether an id exists is never told); "
      + 'add_email_to_request and add_phone_and_tourist_name_to_request also fill the e-mail, phone and name that request lacks (its history says so). '
      + 'Exactly once: send a header `Idempotency-Key` (or data.idempotency_key), 8–128 of [A-Za-z0-9._:-], the same for every resend of one submit: '
      + 'a resend (double click, retry after a timeout, after a restart) answers the request the key made; the key with other fields is 422 on idempotency_key. '
      + 'Without a key, the same fields sent again by the same traveller (or guest) from the same address within 2 minutes answer the request they made. '
      + 'Answers request_id and requestUUID. Captcha: over the writes limit, 429 with data.type captcha. CORS: any origin (widget call).',
    body: Envelope,
    answer: SubmitHelpRequestAnswer,
    handler: async ({ body, ctx, request }) => {
      const data = parseHelpRequest(body.data);
      const key = idempotencyKeyOf(request, data.idempotency_key);
      // Ids must name rows that exist (a made-up tour or organizer is a field error, not a stored dangling id).
      const { target, errors: targetErrors } = await requestToUpdate(s, data);
      const missing = { ...(await missingReferences(s.db, data, s.config)), ...targetErrors };
      if (Object.keys(missing).length) throw validationError(missing);
      // The rules of the private tour and the cost calculation need the tour (its type and request period).
      let facts: HelpRequestTourFacts | null = null;
      if (data.tour_id !== undefined && (data.type === 'individual_tour' || data.type === 'city_calculate')) facts = (await tourRequestFacts(s.db, data.tour_id)) ?? null;
      const ruleErrors = helpRequestRuleErrors(data, facts, earliestToday(s.date()));
      if (Object.keys(ruleErrors).length) throw validationError(ruleErrors);
      // A private tour is a booking: not of a tour archived on the staff panel (issue 29).
      if (data.type === 'individual_tour' && data.tour_id !== undefined && (await isTourArchived(s.db, data.tour_id))) throw validationError({ tour_id: TOUR_NOT_BOOKABLE });
      // A private tour's range is stored as the individual dates of §3.7 (dates 'individual', start and end).
      const privateRange = data.type === 'individual_tour' && data.individual_dates ? parseIndividualDates(data.individual_dates) : null;
      const traveller = await signedInTraveller(s, request);
      // A widget without a (valid) partner attribute still says where it comes from with click_source.
      const source: HelpRequestSource = data.partner_id || data.click_source === 'partner_widget' ? 'partner_widget' : 'site';
      const empty = (v: string | undefined) => (v === undefined || v === '' ? null : v);
      const flag = (v: boolean | undefined) => (v === undefined ? null : v ? 1 : 0);
      const now = s.date();
      const fields = {
        type: data.type,
        tour_id: data.tour_id ?? null,
        city: empty(data.city),
        dates: privateRange ? 'individual' : empty(data.dates),
        name: empty(data.name),
        first_name: empty(data.first_name),
        last_name: empty(data.last_name),
        phone: empty(data.phone),
        email: empty(data.email),
        comment: empty(data.comment),
        adults: data.adults,
        children: data.children,
        timezone: data.timezone ?? null,
        agree: data.agree ? 1 : 0,
        is_travel_by_avia: flag(data.is_travel_by_avia),
        is_travel_by_train: flag(data.is_travel_by_train),
        request_id_to_update: target?.id ?? null,
        organizer_id: data.organizer_id ?? null,
        // A widget's partner id is its utm_source (the partner is credited even when the page sent none).
        utm_source: empty(data.utm_source) ?? empty(data.partner_id),
        utm_campaign: empty(data.utm_campaign),
        utm_content: empty(data.utm_content),
        referer: empty(data.referer) ?? header(request, 'referer', 2000),
        date_start_formatted: privateRange ? privateRange[0] : empty(data.date_start_formatted),
        date_end_formatted: privateRange ? privateRange[1] : empty(data.date_end_formatted),
        time_start: empty(data.time_start),
        click_source: empty(data.click_source),
        partner_id: empty(data.partner_id),
        source,
        origin: header(request, 'origin', 300),
        locale: ctx.locale,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
        traveller_id: traveller ? Number(traveller.id) : null,
        currency: ctx.currency,
      };
      const stored = await createRequest(s.db, fields, {
        key, hash: key ? submitHash('submit-help-request', data) : null, at: now,
        fingerprint: key ? null : { value: submitFingerprint('submit-help-request', data, traveller, request.clientIp), windowMs: DUPLICATE_WINDOW_MS },
        history: { ...travellerActor(traveller), action: 'created', to_status: 1 },
        also: async (trx, id) => {
          if (target && ATTACHING_TYPES.has(data.type)) await attachContacts(trx, target.id, id, data, traveller, now);
          // A private tour is a booking: whether its traveller's confirmation goes is decided with it (issue 29; other types get none).
          return claimConfirmation(s, trx, id, fields, traveller);
        },
      });
      if ('keyReused' in stored) throw keyReused();
      if ('seatsLeft' in stored) throw new Error('a help request takes no seats');
      if (!stored.replayed) {
        await Promise.all([
          notifyCoordinators({ db: s.db, outbox: s.outbox, log: request.log, recipient: s.config.coordinatorEmail, siteOrigin: s.config.siteOrigin }, { ...fields, id: stored.id, uuid: stored.uuid }),
          // A new request comes with its row as stored.
          data.type === 'individual_tour' && stored.row ? sendRequestReceived(s, stored.row, request.log) : undefined,
        ]);
      }
      // The cost calculation's answer names the e-mail the flight quote goes to (§7.4).
      return { request_id: stored.id, requestUUID: stored.uuid, ...(data.type === 'city_calculate' && data.email ? { email: data.email } : {}) };
    },
  });
  // The OpenAPI description shows the whole body, not just the envelope the router checks.
  const doc = router.docs.find((d) => d.url === '/spa/submit-help-request' && d.method === 'POST');
  if (doc) doc.body = SubmitHelpRequestBody;
}
