/**
 * POST /crm/api/request/tour-selection (public-site §2.3, §3.7 'Tour-selection token', §4.9; issue 14): the tours a
 * traveller selected in tour selection mode go back to the request the coordinator's link names.
 *
 * The link's token is `{request id}-{request uuid}` (the id before the first '-', as §3.7 says; the uuid makes it a
 * key). The whole selection is sent each time (an empty list clears it): a resend or a double click changes nothing,
 * and the newest selection is the one in force. It is kept in the request's history (action 'selection', the tour ids
 * in `changes`), so staff see every version, and the coordinators get a notice when it changed.
 */
import { TourSelectionAnswer, TourSelectionBody, isCancelledStatus, parseSelectionToken } from '@tours/shared/src/api/schemas/booking';
import { appendHistory, bookingDb, historyOf, requestById } from '../db/queries/booking';
import { HttpError, notFound, validationError } from '../lib/errors';
import type { Services } from '../services';
import { travellerActor } from '../use-cases/booking';
import type { ApiRouter } from './router';
import { signedInTraveller } from '../lib/auth';
import { listedTourIds } from '../db/queries/tours';

/** The tour ids of the newest 'selection' entry of a request's history (none yet: []). */
function currentSelection(history: readonly { action: string; changes: string | null }[]): number[] {
  for (let i = history.length - 1; i >= 0; i -= 1) {
    const entry = history[i]!;
    if (entry.action !== 'selection' || !entry.changes) continue;
    try {
      const ids = (JSON.parse(entry.changes) as { tour_ids?: unknown }).tour_ids;
      return Array.isArray(ids) ? ids.filter((v): v is number => Number.isInteger(v)) : [];
    } catch {
      return [];
    }
  }
  return [];
}

export function registerTourSelectionRoutes(router: ApiRouter, s: Services): void {
  router.add({
    method: 'POST', url: '/crm/api/request/tour-selection', tags: ['requests'], summary: 'Sends the tours selected in tour selection mode to the request of the link',
    description: "Body `{ token, tour_ids }`: token is the selection link's `{request id}-{request uuid}` (§3.7), tour_ids the whole selection (at most 50 published "
      + "tours; an empty list clears it; duplicates are dropped). Unknown token: 404; a cancelled request: 409; a tour that does not exist or is not published: "
      + "'Incorrect value' on tour_ids.{index}. The same selection again changes nothing. Answers `{ success: true, request_id, tour_ids }`. Captcha: writes limit.",
    body: TourSelectionBody, answer: TourSelectionAnswer, errors: [404, 409],
    handler: async ({ body, request, reply }) => {
      reply.header('cache-control', 'private, no-store');
      const token = parseSelectionToken(body.token);
      const row = token ? await requestById(s.db, token.requestId) : undefined;
      if (!token || !row || row.uuid !== token.uuid) throw notFound('This selection link does not work: ask your coordinator for a new one');
      if (isCancelledStatus(row.status)) throw new HttpError(409, 'The request has been cancelled: the selection cannot be changed');
      const ids = [...new Set(body.tour_ids)];
      if (ids.length) {
        const published = await listedTourIds(s.db, ids, s.config);
        const bad: Record<string, string> = {};
        body.tour_ids.forEach((id, i) => {
          if (!published.has(id)) bad[`tour_ids.${i}`] = 'Incorrect value';
        });
        if (Object.keys(bad).length) throw validationError(bad);
      }
      const id = Number(row.id);
      const before = currentSelection(await historyOf(s.db, id));
      const same = before.length === ids.length && before.every((v, i) => v === ids[i]);
      if (!same) {
        const traveller = await signedInTraveller(s, request);
        const now = s.date();
        await appendHistory(bookingDb(s.db), id, { ...travellerActor(traveller), action: 'selection', changes: { tour_ids: ids } }, now);
        if (s.config.coordinatorEmail) {
          await s.outbox.send({
            channel: 'email', recipient: s.config.coordinatorEmail, subject: `Tour selection for request #${id}: ${ids.length} tours`,
            text: `The traveller of request #${id} sent a tour selection.\n\nTours: ${ids.length ? ids.map((t) => `#${t}`).join(', ') : '(none: the selection was cleared)'}\n`,
          }).catch((err: unknown) => request.log.error({ err, requestId: id }, 'selection notice not queued'));
        }
      }
      return { success: true as const, request_id: id, tour_ids: ids };
    },
  });
}
