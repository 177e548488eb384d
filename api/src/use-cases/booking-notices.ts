/**
 * What a traveller is told after a request (issue 29): the request received, confirmed with its invoice, each payment's
 * receipt, the cancellation, and the old address's notice of an e-mail change — through the outbox (SMTP for e-mail,
 * the SMS channel's provider), in the traveller's language: their profile's when the request is an account's (or
 * joined one), else the page's X-Language stored with the request (`locale`), else English.
 *
 * Where a request's messages go: its e-mail; with only a phone, an SMS with the link.
 *
 * Mail to typed addresses (lib/mail-limits.ts, issue 28). The receipt of a request goes to whatever contact was typed,
 * so a visitor could make the site mail a stranger: it counts against that address as kind `request_received` (3 a
 * day), unless the contact is the signed-in traveller's own proved e-mail or phone (their own booking, never capped).
 * Over the limit the request is stored as usual and answers that no confirmation went (the success screen shows the
 * link instead). The confirmation with its invoice and the receipts follow a coordinator's act or a payment, which no
 * visitor can repeat at will: not counted. The cancellation keeps its count (`request_cancelled`, the cancel's
 * notify_client). The e-mail-change notice goes to the account's own former address once per proved change.
 *
 * Sending never fails the call that caused it: a failure is logged (the outbox itself retries deliveries).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { ConfirmationSent } from '@tours/shared/src/api/schemas/booking';
import { API_LOCALES, normalPhone, type ApiLocale } from '@tours/shared/src/api/schemas/common';
import { PAYMENT_STATUS, type PaymentKind, type PaymentMethod } from '@tours/shared/src/api/schemas/payments';
import { cancellationOutcome, type PenaltyTier } from '@tours/shared/src/domain/cancellation';
import { TRIP_TYPES } from '@tours/shared/src/domain/trips';
import { buildHref } from '@tours/shared/src/routing/match';
import type { RequestRow, PaymentRow, RequestContactColumns, MailLimitsSchema } from '../db/schema';
import type { Transaction } from 'kysely';
import { penaltyTiersOf, requestById, setConfirmation, tourTitles, variantDates, type BookingTrx } from '../db/queries/booking';
import { agreementOf, invoiceById, invoicesOf } from '../db/queries/payments';
import { travellerById, type Traveller } from '../db/queries/travellers';
import type { Services } from '../services';
import { penaltyPeriod } from '../lib/penalty-period';
import { maskPhone } from './booking';
import { t } from '../lib/i18n';
import { maskEmail } from '../domain/logins';
import { takeMailAllowance } from '../lib/mail-limits';
import { composeTravellerMessage, type RequestFacts, type TravellerMessage } from '../lib/traveller-messages';

export interface RequestContact {
  channel: 'email' | 'sms';
  /** As messages are addressed and counted: a lower-case e-mail or '+digits'. */
  recipient: string;
}

/** Where a request's messages go: its e-mail, else its phone by SMS, else nowhere. */
export function requestContact(row: Pick<RequestRow, 'email' | 'phone'>): RequestContact | null {
  if (row.email?.trim()) return { channel: 'email', recipient: row.email.trim().toLowerCase() };
  if (row.phone?.trim()) return { channel: 'sms', recipient: normalPhone(row.phone) };
  return null;
}

/** The contact as the success screen names it, masked like the sign-in screens mask a login. */
function shownContact(contact: RequestContact): ConfirmationSent {
  return { channel: contact.channel, to: contact.channel === 'email' ? maskEmail(contact.recipient) : maskPhone(contact.recipient) };
}

/** Whether a contact is the traveller's own proved e-mail or phone (their own booking: no per-recipient cap). */
export function isOwnContact(traveller: Pick<Traveller, 'email' | 'email_confirmed_at' | 'phone' | 'phone_confirmed_at'> | undefined, contact: RequestContact): boolean {
  if (!traveller) return false;
  if (contact.channel === 'email') return traveller.email_confirmed_at !== null && traveller.email?.trim().toLowerCase() === contact.recipient;
  return traveller.phone_confirmed_at !== null && traveller.phone !== null && normalPhone(traveller.phone) === contact.recipient;
}

const asLocale = (value: string | null | undefined): ApiLocale | null => ((API_LOCALES as readonly string[]).includes(value ?? '') ? value as ApiLocale : null);

/** The language of messages about a request: its traveller's profile's, else the request's own (X-Language when sent), else English. */
async function requestLocale(s: Services, row: Pick<RequestRow, 'traveller_id' | 'locale'>): Promise<ApiLocale> {
  if (row.traveller_id !== null) {
    const traveller = await travellerById(s.db, row.traveller_id);
    const own = asLocale(traveller?.language);
    if (own) return own;
  }
  return asLocale(row.locale) ?? 'en';
}

/** The language of messages to a traveller: their profile's, else the page's. */
export function travellerLocale(traveller: Pick<Traveller, 'language'>, fallback: ApiLocale): ApiLocale {
  return asLocale(traveller.language) ?? fallback;
}

/** The booking's page in a locale: the arrival page of its uuid (the unguessable link), on SITE_ORIGIN. */
function bookingLink(s: Services, uuid: string, locale: ApiLocale): string {
  return `${s.config.siteOrigin}${buildHref('arrival-page', { uuid }, locale)}`;
}

/** The request's facts every message shows. */
/** What the caller already read of a request's tour (its titles) and date (its days): not read again. */
export interface KnownFacts {
  tour?: { id: number } & Awaited<ReturnType<typeof tourTitles>>;
  variant?: { id: number; start: string; end: string } | null;
}

async function factsOf(s: Services, row: RequestRow, locale: ApiLocale, known: KnownFacts = {}): Promise<RequestFacts> {
  const [tour, variant] = await Promise.all([
    row.tour_id === null ? undefined : known.tour?.id === row.tour_id ? known.tour : tourTitles(s.db, row.tour_id),
    row.variant_id === null ? undefined : known.variant?.id === row.variant_id ? known.variant : variantDates(s.db, row.variant_id),
  ]);
  const name = row.name ?? ([row.first_name, row.last_name].filter(Boolean).join(' ') || null);
  return {
    id: Number(row.id), name, tour: tour ? t(tour, 'title', locale) : null,
    start: variant?.start ?? row.date_start_formatted ?? null, end: variant?.end ?? row.date_end_formatted ?? null, time: row.time_start ?? null,
    adults: row.adults, children: row.children, link: bookingLink(s, row.uuid, locale),
  };
}

/** Queues a message about a request to its contact; the uuid (the link's key) leaves the stored copy once sent. */
async function sendAbout(s: Services, row: RequestRow, contact: RequestContact, message: TravellerMessage, locale: ApiLocale): Promise<void> {
  const composed = composeTravellerMessage(message, locale, contact.channel);
  await s.outbox.send({ channel: contact.channel, recipient: contact.recipient, ...composed, secrets: [row.uuid] });
}

/**
 * Decides, in the transaction that stores a new booking (orders and private tours: the requests with a booking page),
 * whether the confirmation of its receipt goes and where, and records it with the request (migration 0022): to its
 * contact, if it has one, when that is the signed-in traveller's own proved address or the typed address still has
 * messages left today (its allowance is taken here, so a request and its count stand or fall together). Every answer
 * to the submit — a resend, ten at once — reads the same record. Answers the columns it set (none: nothing goes).
 */
export async function claimConfirmation(
  s: Services, trx: BookingTrx, requestId: number, row: Pick<RequestRow, 'type' | 'email' | 'phone'>, traveller: Traveller | undefined,
): Promise<Partial<RequestContactColumns> | undefined> {
  if (!(TRIP_TYPES as readonly string[]).includes(row.type)) return undefined;
  const contact = requestContact(row);
  if (!contact) return undefined;
  const counts = trx as unknown as Transaction<MailLimitsSchema>;
  if (!isOwnContact(traveller, contact) && !(await takeMailAllowance(counts, contact.recipient, 'request_received', s.config.mailPerRecipientPerDay, s.now()))) return undefined;
  const shown = shownContact(contact);
  await setConfirmation(trx, requestId, shown);
  return { confirmation_channel: shown.channel, confirmation_to: shown.to };
}

/** Where the confirmation of a request went, as its record says (null: none went). */
export function confirmationOf(row: RequestRow): ConfirmationSent | null {
  const { confirmation_channel: channel, confirmation_to: to } = row as RequestRow & Partial<RequestContactColumns>;
  return (channel === 'email' || channel === 'sms') && to ? { channel, to } : null;
}

/**
 * Sends the confirmation that a new request was received, with its link, when its record says one goes (after its
 * transaction). `known`: the tour and date the submit read (issue 31: not read again).
 */
export async function sendRequestReceived(s: Services, row: RequestRow, log: FastifyBaseLogger, known?: KnownFacts): Promise<void> {
  const contact = requestContact(row);
  if (!contact || !confirmationOf(row)) return;
  try {
    const locale = await requestLocale(s, row);
    await sendAbout(s, row, contact, { kind: 'request_received', facts: await factsOf(s, row, locale, known) }, locale);
  } catch (err) {
    log.error({ err, requestId: Number(row.id) }, 'request confirmation not queued');
  }
}

/** The confirmation with the invoice to pay and its link (a coordinator confirmed the request: use-cases/payments.ts confirmRequest). */
export async function sendRequestConfirmed(s: Services, requestId: number, log: FastifyBaseLogger): Promise<void> {
  try {
    const row = await requestById(s.db, requestId);
    const contact = row ? requestContact(row) : null;
    if (!row || !contact) return;
    const [agreement, invoices] = await Promise.all([agreementOf(s.db, requestId), invoicesOf(s.db, requestId)]);
    const invoice = invoices.find((x) => x.status === PAYMENT_STATUS.NEW);
    if (!agreement || !invoice) return;
    const locale = await requestLocale(s, row);
    await sendAbout(s, row, contact, {
      kind: 'request_confirmed',
      facts: {
        ...(await factsOf(s, row, locale)), agreement: agreement.number, total: agreement.amount, currency: invoice.currency,
        invoice: { id: Number(invoice.id), kind: invoice.kind as PaymentKind, amount: invoice.amount },
      },
    }, locale);
  } catch (err) {
    log.error({ err, requestId }, 'confirmation with invoice not queued');
  }
}

/** The receipt of a payment that went through (use-cases/payments.ts settlePaymentOutcome, once per payment). */
export async function sendPaymentReceipt(s: Services, payment: PaymentRow, row: RequestRow, log: FastifyBaseLogger): Promise<void> {
  try {
    const contact = requestContact(row);
    if (!contact || payment.status !== PAYMENT_STATUS.PAYED) return;
    const [agreement, invoices, invoice] = await Promise.all([agreementOf(s.db, Number(row.id)), invoicesOf(s.db, Number(row.id)), invoiceById(s.db, payment.invoice_id)]);
    const paidInAll = invoices.filter((x) => x.status === PAYMENT_STATUS.PAYED).reduce((sum, x) => sum + x.amount, 0);
    const locale = await requestLocale(s, row);
    await sendAbout(s, row, contact, {
      kind: 'payment_receipt',
      facts: {
        ...(await factsOf(s, row, locale)), paymentId: Number(payment.id), amount: payment.amount, currency: payment.currency,
        paidAt: payment.paid_at ?? s.date().toISOString(), kind: (invoice?.kind ?? 'payment') as PaymentKind,
        method: payment.method === 'card' || payment.method === 'sbp' ? payment.method as PaymentMethod : null,
        agreement: agreement?.number ?? null, total: agreement?.amount ?? null, paidInAll,
      },
    }, locale);
  } catch (err) {
    log.error({ err, requestId: Number(row.id), paymentId: Number(payment.id) }, 'payment receipt not queued');
  }
}

/**
 * The cancellation's message (the cancel's notify_client): what was paid and what the tour's cancellation terms
 * (penalty tiers by days before the start, shared/src/domain/cancellation.ts) retain and refund of it, as of today.
 */
export async function sendRequestCancelled(s: Services, row: RequestRow, contact: RequestContact, reason: string | null): Promise<void> {
  const id = Number(row.id);
  const [invoices, tiers, locale] = await Promise.all([
    invoicesOf(s.db, id),
    row.tour_id === null ? Promise.resolve([] as PenaltyTier[]) : penaltyTiersOf(s.db, row.tour_id),
    requestLocale(s, row),
  ]);
  const facts = await factsOf(s, row, locale);
  const paid = invoices.filter((x) => x.status === PAYMENT_STATUS.PAYED).reduce((sum, x) => sum + x.amount, 0);
  const outcome = cancellationOutcome({ paid, tiers, start: facts.start, today: s.date().toISOString().slice(0, 10) });
  const currency = invoices[0]?.currency ?? row.currency ?? 'RUB';
  await sendAbout(s, row, contact, {
    kind: 'request_cancelled',
    facts: { ...facts, message: reason, currency, outcome, period: outcome.tier ? penaltyPeriod(outcome.tier.days_from, outcome.tier.days_to, locale) : null },
  }, locale);
}

/**
 * Tells the account's former address that its e-mail was changed (accounts-and-comms §2: change-email, then
 * confirm-email): the new address masked and when, and what to do if it was not them. It offers no link that undoes
 * the change (such a link in a mailbox would itself be a way to take the account): the contacts page instead.
 */
export async function sendEmailChanged(s: Services, before: Traveller, newEmail: string, fallback: ApiLocale, log: FastifyBaseLogger): Promise<void> {
  const old = before.email?.trim().toLowerCase();
  if (!old || old === newEmail.trim().toLowerCase()) return;
  try {
    const locale = travellerLocale(before, fallback);
    const name = [before.first_name, before.last_name].filter(Boolean).join(' ') || null;
    const composed = composeTravellerMessage({
      kind: 'email_changed',
      facts: { name, newAddress: maskEmail(newEmail), at: s.date().toISOString(), contactsLink: `${s.config.siteOrigin}${buildHref('contacts-page', {}, locale)}` },
    }, locale, 'email');
    await s.outbox.send({ channel: 'email', recipient: old, ...composed });
  } catch (err) {
    log.error({ err, travellerId: Number(before.id) }, 'e-mail change notice not queued');
  }
}
