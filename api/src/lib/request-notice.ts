/**
 * The coordinators' notice of a new request (issue 14 'Outgoing messages'): one plain-text e-mail per stored request,
 * to COORDINATOR_EMAIL, through the outbox. Sent only when a request is created (a resend with the same idempotency
 * key answers the stored request and sends nothing), after the request's transaction: a mail server that fails never
 * fails or delays the traveller's submit (the outbox row says so and is tried again).
 *
 * Plain text only: names and comments are the traveller's words, never markup in a coordinator's mail client.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db';
import { tourTitleEn } from '../db/queries/requests';
import type { Outbox } from './outbox';

/** What the notice shows of a stored request (the columns of help_requests it reads). */
export interface NoticeRequest {
  id: number;
  uuid: string;
  type: string;
  tour_id: number | null;
  name?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  phone?: string | null;
  email?: string | null;
  city?: string | null;
  dates?: string | null;
  variant_id?: number | null;
  date_start_formatted?: string | null;
  date_end_formatted?: string | null;
  time_start?: string | null;
  adults?: number | null;
  children?: number | null;
  is_travel_by_avia?: number | null;
  is_travel_by_train?: number | null;
  comment?: string | null;
  source?: string | null;
  partner_id?: string | null;
  utm_source?: string | null;
  referer?: string | null;
  locale?: string | null;
  currency?: string | null;
}

/** The notice's subject and text (pure: table-tested). Lines without a value are left out. */
export function requestNotice(r: NoticeRequest, tour: { id: number; title: string } | null, siteOrigin: string): { subject: string; text: string } {
  const name = r.name || [r.first_name, r.last_name].filter(Boolean).join(' ');
  const dates = r.date_start_formatted ? `${r.date_start_formatted} – ${r.date_end_formatted ?? '?'}` : r.variant_id ? `variant ${r.variant_id}` : r.dates;
  const tickets = [r.is_travel_by_avia ? 'plane' : '', r.is_travel_by_train ? 'train' : ''].filter(Boolean).join(', ');
  const lines: [string, string | number | null | undefined][] = [
    ['Type', r.type],
    ['Tour', tour ? `${tour.title} (#${tour.id})` : r.tour_id],
    ['Dates', dates],
    ['Start time', r.time_start],
    ['Adults', r.adults],
    ['Children', r.children],
    ['City', r.city],
    ['Tickets', tickets],
    ['Name', name],
    ['Phone', r.phone],
    ['E-mail', r.email],
    ['Comment', r.comment],
    ['Source', [r.source, r.partner_id ? `partner ${r.partner_id}` : '', r.utm_source ? `utm ${r.utm_source}` : ''].filter(Boolean).join(', ')],
    ['Page', r.referer],
    ['Language', [r.locale, r.currency].filter(Boolean).join(', ')],
    ['Arrival page', `${siteOrigin}/en/arrival/${r.uuid}`],
  ];
  const text = lines
    .filter(([, v]) => v !== null && v !== undefined && v !== '')
    .map(([label, v]) => `${label}: ${String(v).replace(/\r?\n/g, '\n    ')}`)
    .join('\n');
  const subject = `New request #${r.id} (${r.type})${tour ? `: ${tour.title}` : ''}`.replace(/[\r\n]+/g, ' ').slice(0, 200);
  return { subject, text: `A traveller sent request #${r.id}.\n\n${text}\n` };
}

/**
 * Queues the notice of a request just stored; never throws (a failure is logged). `knownTour`: the request's tour as
 * the caller already read it (its English title), else it is read here.
 */
export async function notifyCoordinators(
  deps: { db: Db; outbox: Outbox; log: FastifyBaseLogger; recipient: string | null; siteOrigin: string },
  request: NoticeRequest,
  knownTour?: { id: number; title_en: string },
): Promise<void> {
  if (!deps.recipient) return;
  try {
    const tour = request.tour_id === null
      ? null
      : knownTour?.id === request.tour_id ? knownTour : await tourTitleEn(deps.db, request.tour_id);
    const notice = requestNotice(request, tour ? { id: Number(tour.id), title: String(tour.title_en) } : null, deps.siteOrigin);
    await deps.outbox.send({ channel: 'email', recipient: deps.recipient, ...notice });
  } catch (err) {
    deps.log.error({ err, requestId: request.id }, 'coordinator notice not queued');
  }
}
