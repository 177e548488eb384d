/**
 * The rules of an order and of its cancellation (issue 30: formerly inline in routes/booking.ts), as pure functions the
 * booking calls apply: no database, no request. The status rules the front ends share stay in
 * shared/src/api/schemas/booking.ts (canCancelStatus, isCancelledStatus, missingOrderFields); these build on them.
 */
import { canCancelStatus, isCancelledStatus, MAX_PARTY, type CancellationTerms } from '@tours/shared/src/api/schemas/booking';
import { cancellationOutcome, type PenaltyTier } from '@tours/shared/src/domain/cancellation';

/** Whether a text is a day of the calendar written 'YYYY-MM-DD' ('2026-02-30' is not). */
export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const at = Date.parse(`${text}T00:00:00Z`);
  return !Number.isNaN(at) && new Date(at).toISOString().startsWith(text);
}

/** A tour's period for requests with dates of the traveller's choosing (use_request_period 1: only within it). */
export interface RequestPeriod {
  use_request_period: number;
  request_period_start: string | null;
  request_period_end: string | null;
}

/**
 * The field errors of an order's own dates ('individual'): the start from `today` (or the tour's period start, when
 * later) to the period's end; the end not before the start, nor past the period's end. 'Incorrect value' each.
 */
export function individualDateErrors(dates: { start: string; end: string }, tour: RequestPeriod, today: string): Record<string, string> {
  const { start, end } = dates;
  const first = tour.use_request_period && tour.request_period_start && tour.request_period_start > today ? tour.request_period_start : today;
  const last = tour.use_request_period ? tour.request_period_end : null;
  const errors: Record<string, string> = {};
  if (!isCalendarDate(start) || start < first || (last && start > last)) errors.date_start_formatted = 'Incorrect value';
  if (!isCalendarDate(end) || end < start || (last && end > last)) errors.date_end_formatted = 'Incorrect value';
  return errors;
}

/** The field error of a party larger than one request takes (MAX_PARTY people): on children, the places left for them. */
export function partyErrors(party: { adults: number; children: number }): Record<string, string> {
  return party.adults + party.children > MAX_PARTY ? { children: `Maximum ${MAX_PARTY - party.adults}` } : {};
}

/** Where an order came from: a partner's widget (a partner id, or the widget's click source) or the site itself. */
export function requestSource(data: { partner_id?: string | undefined; click_source?: string | undefined }): 'partner_widget' | 'site' {
  return data.partner_id || data.click_source === 'partner_widget' ? 'partner_widget' : 'site';
}

/**
 * What a cancel asks of a request in `status` (§4.7): one cancelled already is answered as it is (a resend changes
 * nothing), an open one (statuses 1–3) is cancelled, a tour that took place (4) is refused.
 */
export function cancelDecision(status: number): 'answer-as-is' | 'cancel' | 'refuse' {
  if (isCancelledStatus(status)) return 'answer-as-is';
  return canCancelStatus(status) ? 'cancel' : 'refuse';
}

/** Whether the cancel screen tells what cancelling does to the money: while the request can be cancelled and something was paid. */
export const cancellationTermsApply = (status: number, paid: number): boolean => canCancelStatus(status) && paid > 0;

/**
 * What cancelling on `today` retains and refunds of what was paid (issue 29), by the tour's penalty tiers and the
 * request's start (the rule the cancellation message uses); null when cancellationTermsApply says no.
 */
export function cancellationTermsOf(input: {
  status: number;
  paid: number;
  currency: string;
  tiers: readonly PenaltyTier[];
  start: string | null;
  today: string;
}): CancellationTerms | null {
  if (!cancellationTermsApply(input.status, input.paid)) return null;
  const outcome = cancellationOutcome({ paid: input.paid, tiers: input.tiers, start: input.start, today: input.today });
  return { paid: outcome.paid, currency: input.currency, percent: outcome.percent, retained: outcome.retained, refund: outcome.refund };
}

/** The contact fields of a form that adds contacts to a request sent before (§3.7: the success screen's add-email form). */
export interface ContactFields {
  name?: string | undefined;
  first_name?: string | undefined;
  last_name?: string | undefined;
  email?: string | undefined;
  phone?: string | undefined;
}

/** What such a form adds: the e-mail, phone and name the request lacks; never one it has. */
export function contactsToAttach(target: { email: string | null; phone: string | null; name: string | null }, data: ContactFields): Record<string, string> {
  const name = data.name || [data.first_name, data.last_name].filter(Boolean).join(' ');
  const changes: Record<string, string> = {};
  if (data.email && !target.email) changes.email = data.email;
  if (data.phone && !target.phone) changes.phone = data.phone;
  if (name && !target.name) changes.name = name;
  return changes;
}
