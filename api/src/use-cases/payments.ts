/**
 * Payments of a request's invoices (accounts-and-comms §3; public-site §1, §3.8 paymentSystems, booking.disablePayButton).
 *
 * - A provider adapter (`PaymentProvider`): `create` a payment of an invoice → the URL of the provider's page the
 *   traveller is sent to; `confirm` the provider's word on a payment (its notification, or the form of its page) →
 *   how it ended. Everything else — the records, the request's status and history, idempotency — is here and the
 *   same for every provider (`settlePaymentOutcome`).
 * - The sandbox (PAYMENT_PROVIDER=sandbox, the default): a page served by the API (routes/payments.ts,
 *   /crm/api/payment/sandbox/{token}, reachable through the host's /crm/api proxy, so the whole flow runs locally and
 *   in e2e) with Pay and Decline. It takes payments only in development mode (DEV_MODE): elsewhere create answers 503.
 * - A card provider or a fast-bank-transfer (SBP) one plugs in as another `PaymentProvider`: `create` registers the
 *   payment with the provider (amount, currency, the token as the order id, the return URL) and answers its payment
 *   page; a webhook route verifies the provider's signature in `confirm` and calls `settlePaymentOutcome`. Their
 *   provider ids are the spec's 2–5 (stored with each payment).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { RequestRow, InvoiceRow, PaymentRow } from '../db/schema';
import {
  appendHistory, bookingDb, changeRequestStatus, requestById, requestInTransaction, tourPrice, variantPrice,
} from '../db/queries/booking';
import {
  agreementOf, cancelPayment, concludeAgreement, createAgreementWithInvoice, insertPayment, invoiceById, invoicesOf, markInvoicePaid, paymentByToken, type PaymentsTrx, settlePayment,
} from '../db/queries/payments';
import type { BookingTrx } from '../db/queries/booking';
import {
  CONTRACT_OUTCOME, CONTRACT_OUTCOME_NAMES, PAYMENT_STATUS, SALES_CHANNEL, paymentStatusName, type Invoice, type PaymentKind, type PaymentMethod,
  type TravelAgreement,
} from '@tours/shared/src/api/schemas/payments';
import { REQUEST_STATUS, isCancelledStatus } from '@tours/shared/src/api/schemas/booking';
import { API_LOCALES, type ApiLocale } from '@tours/shared/src/api/schemas/common';
import { buildHref } from '@tours/shared/src/routing/match';
import type { PaymentProviderName } from '../config';
import type { Services } from '../services';
import { sendPaymentReceipt, sendRequestConfirmed } from './booking-notices';
import { convert } from '../lib/currency';
import { HttpError, notFound, validationError } from '../lib/errors';

/** What a provider is asked to take. */
interface PaymentOrder {
  /** Our reference of the payment (random): the provider's order id. */
  token: string;
  invoiceId: number;
  requestId: number;
  amount: number;
  currency: string;
  method: PaymentMethod;
  description: string;
  /** Where the provider sends the traveller back (the arrival page). */
  returnUrl: string;
}

export type PaymentOutcome = 'paid' | 'declined';

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** The spec's provider id (2–5) of a real provider; null for the sandbox. */
  readonly providerId: number | null;
  /** Whether it takes payments here (the sandbox: in development mode only). */
  available(): boolean;
  /** Registers a payment; answers the page to send the traveller to (and the provider's own id of it, if any). */
  create(order: PaymentOrder): Promise<{ url: string; externalId: string | null }>;
  /** The provider's word on a payment, checked (a real one: the notification's signature); null when it is not to be trusted. */
  confirm(notice: { token: string; outcome: string }): Promise<{ token: string; outcome: PaymentOutcome } | null>;
}

/** The local stand-in: its page is this API's (routes/payments.ts). */
class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  readonly providerId = null;
  constructor(private readonly s: Services) {}

  available(): boolean {
    return this.s.config.devMode;
  }

  async create(order: PaymentOrder): Promise<{ url: string; externalId: string | null }> {
    return { url: `${this.s.config.siteOrigin}${sandboxPagePath(order.token)}`, externalId: null };
  }

  async confirm(notice: { token: string; outcome: string }): Promise<{ token: string; outcome: PaymentOutcome } | null> {
    return notice.outcome === 'paid' || notice.outcome === 'declined' ? { token: notice.token, outcome: notice.outcome } : null;
  }
}

/** A payment's token: 128 random bits, base64url (22 characters). */
export const PAYMENT_TOKEN_RE = /^[A-Za-z0-9_-]{22}$/;
const sandboxPagePath = (token: string): string => `/crm/api/payment/sandbox/${token}`;

const providers = new WeakMap<Services, PaymentProvider>();
/** The provider PAYMENT_PROVIDER names (one per service). */
export function paymentProviderOf(s: Services): PaymentProvider {
  let provider = providers.get(s);
  if (!provider) {
    provider = new SandboxPaymentProvider(s);
    providers.set(s, provider);
  }
  return provider;
}

const asLocale = (locale: string | null): ApiLocale => ((API_LOCALES as readonly string[]).includes(locale ?? '') ? locale as ApiLocale : 'en');

/** The arrival page of a request on SITE_ORIGIN, in its locale: where the traveller comes back to after paying. */
export function arrivalUrl(s: Services, row: Pick<RequestRow, 'uuid' | 'locale'>, query?: Record<string, string>): string {
  return `${s.config.siteOrigin}${buildHref('arrival-page', { uuid: row.uuid }, asLocale(row.locale), query)}`;
}

// ---------------------------------------------------------------------------------------------------------------------
// The records as the request answer shows them
// ---------------------------------------------------------------------------------------------------------------------

function invoiceOf(row: InvoiceRow, request: Pick<RequestRow, 'status'>): Invoice {
  return {
    id: Number(row.id), kind: row.kind as PaymentKind, status: row.status, status_name: paymentStatusName(row.status), amount: row.amount, currency: row.currency,
    created_at: row.created_at, paid_at: row.paid_at, can_pay: row.status === PAYMENT_STATUS.NEW && !isCancelledStatus(request.status) && request.status < REQUEST_STATUS.TOUR_COMPLETE,
  };
}

/** The request's agreement and invoices (none before it is confirmed). */
export async function paymentRecordsOf(s: Services, row: RequestRow): Promise<{ agreement: TravelAgreement | null; invoices: Invoice[] }> {
  const id = Number(row.id);
  const [agreement, invoices] = await Promise.all([agreementOf(s.db, id), invoicesOf(s.db, id)]);
  return {
    agreement: agreement
      ? {
        id: Number(agreement.id), number: agreement.number, sales_channel: agreement.sales_channel, outcome: agreement.outcome,
        outcome_name: agreement.outcome === null ? null : CONTRACT_OUTCOME_NAMES[agreement.outcome - 1] ?? null, amount: agreement.amount, currency: agreement.currency,
        created_at: agreement.created_at, concluded_at: agreement.concluded_at,
      }
      : null,
    invoices: invoices.map((x) => invoiceOf(x, row)),
  };
}

// ---------------------------------------------------------------------------------------------------------------------
// Confirmation by a coordinator: the agreement and the prepayment invoice
// ---------------------------------------------------------------------------------------------------------------------

/** Share of the price the prepayment invoice asks for, when the coordinator gives none. */
const DEFAULT_PREPAYMENT_PERCENT = 30;

/** The request's price: the chosen variant's (else the tour's) price per person × the party, in the request's currency. */
export async function requestPrice(s: Services, row: RequestRow): Promise<number | null> {
  let perPerson: number | undefined;
  if (row.variant_id !== null) perPerson = await variantPrice(s.db, row.variant_id);
  if (perPerson === undefined && row.tour_id !== null) perPerson = await tourPrice(s.db, row.tour_id);
  if (perPerson === undefined) return null;
  const party = Math.max(1, row.adults + row.children);
  return Math.round(convert(perPerson * party, 'RUB', row.currency ?? 'RUB', await s.rates()));
}

/**
 * Confirms a request (1 PENDING_CONFIRM → 2 PENDING_PREPAYMENT) with a history entry, and makes its travel agreement
 * (the total: `amount` or the price) and its first invoice (a prepayment of `percent`, or the full price at 100%), in
 * one transaction. A request confirmed already keeps what it has (the call is safe to repeat); a cancelled or
 * completed one is 409.
 */
export async function confirmRequest(
  s: Services,
  row: RequestRow,
  options: { percent?: number; amount?: number; actor: 'staff' | 'system'; actorId?: number | null; message?: string | null; log: FastifyBaseLogger },
): Promise<void> {
  if (isCancelledStatus(row.status) || row.status >= REQUEST_STATUS.TOUR_COMPLETE) throw new HttpError(409, 'The request is closed: it cannot be confirmed');
  if (row.status !== REQUEST_STATUS.PENDING_CONFIRM && (await agreementOf(s.db, Number(row.id)))) return;
  const total = options.amount ?? (await requestPrice(s, row));
  if (total === null) throw validationError({ amount: 'Required field' });
  const percent = options.percent ?? DEFAULT_PREPAYMENT_PERCENT;
  const kind: PaymentKind = percent >= 100 ? 'full' : 'prepayment';
  const due = kind === 'full' ? total : Math.max(1, Math.round((total * percent) / 100));
  const id = Number(row.id);
  const now = s.date();
  let confirmed = false;
  await bookingDb(s.db).transaction().execute(async (trx: BookingTrx) => {
    if (row.status === REQUEST_STATUS.PENDING_CONFIRM) {
      // Only from the status read: of two confirmations at once one moves it and writes the history; a cancel that
      // came first wins (409).
      if (await changeRequestStatus(trx, id, REQUEST_STATUS.PENDING_CONFIRM, REQUEST_STATUS.PENDING_PREPAYMENT, now)) {
        confirmed = true;
        await appendHistory(trx, id, {
          actor: options.actor, actor_id: options.actorId ?? null, action: 'status', from_status: row.status, to_status: REQUEST_STATUS.PENDING_PREPAYMENT,
          changes: { agreement: `TA-${id}`, amount: total, invoice: { kind, amount: due } }, message: options.message ?? null,
        }, now);
      } else {
        const current = await requestInTransaction(trx, id);
        if (current.status !== REQUEST_STATUS.PENDING_PREPAYMENT) throw new HttpError(409, 'The request is closed: it cannot be confirmed');
      }
    }
    await createAgreementWithInvoice(trx as unknown as PaymentsTrx, {
      request_id: id, number: `TA-${id}`, sales_channel: SALES_CHANNEL.MARKETPLACE, amount: total, currency: row.currency ?? 'RUB',
    }, { kind, amount: due }, now);
  });
  // The traveller gets the invoice and the link to pay it, once: only the call that moved the status sends (issue 29).
  if (confirmed) await sendRequestConfirmed(s, id, options.log);
}

// ---------------------------------------------------------------------------------------------------------------------
// Paying an invoice
// ---------------------------------------------------------------------------------------------------------------------

/** Refuses to pay an invoice that is not open, or of a request that is closed. */
function requirePayable(invoice: InvoiceRow, request: RequestRow): void {
  if (invoice.status === PAYMENT_STATUS.PAYED) throw new HttpError(409, 'The invoice is paid already');
  if (invoice.status === PAYMENT_STATUS.CANCELED || !invoiceOf(invoice, request).can_pay) throw new HttpError(409, 'The invoice can no longer be paid');
}

/** A new payment of an invoice through the provider: its row and the provider's page. */
export async function startPayment(s: Services, request: RequestRow, invoiceId: number, method: PaymentMethod): Promise<string> {
  const invoice = await invoiceById(s.db, invoiceId);
  if (!invoice || invoice.request_id !== Number(request.id)) throw notFound('Invoice not found');
  requirePayable(invoice, request);
  const provider = paymentProviderOf(s);
  if (!provider.available()) throw new HttpError(503, 'Online payment is not available: please contact the travel expert');
  const token = randomBytes(16).toString('base64url');
  const order: PaymentOrder = {
    token, invoiceId, requestId: Number(request.id), amount: invoice.amount, currency: invoice.currency, method,
    description: `Request #${request.id}: ${invoice.kind}`, returnUrl: arrivalUrl(s, request),
  };
  const { url, externalId } = await provider.create(order);
  const now = s.date().toISOString();
  await insertPayment(s.db, {
    token, invoice_id: invoiceId, request_id: Number(request.id), provider: provider.name, provider_id: provider.providerId, method, amount: invoice.amount,
    currency: invoice.currency, external_id: externalId, created_at: now, updated_at: now, paid_at: null,
  });
  return url;
}

export interface SettledPayment {
  payment: PaymentRow;
  request: RequestRow;
  /** Whether this call changed anything (false: it had ended before — a second Pay, a provider's repeated notice). */
  changed: boolean;
}

/**
 * Applies a provider's confirmed outcome to a payment, once:
 * - paid: the payment and its invoice become PAYED, the agreement CONCLUDED_AND_PREPAID, and the request moves from
 *   2 PENDING_PREPAYMENT to 3 MADE_PREPAYMENT with a history entry (actor system). An invoice paid by another payment
 *   before, or one that can no longer be paid (the request was cancelled), leaves this payment CANCELED instead.
 * - declined: the payment becomes CANCELED with a history entry; the invoice stays open to be paid again.
 * A payment that went through sends the traveller its receipt (use-cases/booking-notices.ts).
 * A payment that has ended already changes nothing (`changed` false), so a double submit or a repeated notice is harmless.
 */
export async function settlePaymentOutcome(s: Services, token: string, outcome: PaymentOutcome, log: FastifyBaseLogger): Promise<SettledPayment | null> {
  const payment = await paymentByToken(s.db, token);
  if (!payment) return null;
  const now = s.date();
  const requestId = payment.request_id;
  const changed = await bookingDb(s.db).transaction().execute(async (btrx) => {
    const trx = btrx as unknown as PaymentsTrx;
    const request = await requestInTransaction(btrx, requestId);
    const invoice = await invoiceById(trx, payment.invoice_id);
    const payable = Boolean(invoice && invoice.status === PAYMENT_STATUS.NEW && invoiceOf(invoice, request).can_pay);
    if (outcome === 'declined' || !payable) {
      if (!(await settlePayment(trx, Number(payment.id), PAYMENT_STATUS.CANCELED, now))) return false;
      await appendHistory(btrx, requestId, {
        actor: 'system', action: 'payment', changes: { invoice_id: payment.invoice_id, payment_id: Number(payment.id), outcome: 'declined', provider: payment.provider },
      }, now);
      return true;
    }
    if (!(await settlePayment(trx, Number(payment.id), PAYMENT_STATUS.PAYED, now))) return false;
    // The invoice's row decides between two payments of it at once (PostgreSQL: the second waits for the first's
    // transaction, then finds it paid): the later one ends CANCELED (a real provider's would be refunded).
    if (!(await markInvoicePaid(trx, payment.invoice_id, now))) {
      await cancelPayment(trx, Number(payment.id), now);
      await appendHistory(btrx, requestId, {
        actor: 'system', action: 'payment', changes: { invoice_id: payment.invoice_id, payment_id: Number(payment.id), outcome: 'declined', reason: 'paid already', provider: payment.provider },
      }, now);
      return true;
    }
    await concludeAgreement(trx, requestId, CONTRACT_OUTCOME.CONCLUDED_AND_PREPAID, now);
    const moves = request.status === REQUEST_STATUS.PENDING_PREPAYMENT;
    if (moves) {
      await changeRequestStatus(btrx, requestId, REQUEST_STATUS.PENDING_PREPAYMENT, REQUEST_STATUS.MADE_PREPAYMENT, now);
    }
    await appendHistory(btrx, requestId, {
      actor: 'system', action: 'payment', ...(moves ? { from_status: request.status, to_status: REQUEST_STATUS.MADE_PREPAYMENT } : {}),
      changes: { invoice_id: payment.invoice_id, payment_id: Number(payment.id), outcome: 'paid', amount: payment.amount, currency: payment.currency, provider: payment.provider },
    }, now);
    return true;
  });
  const [after, request] = await Promise.all([
    paymentByToken(s.db, token),
    requestById(s.db, requestId).then((row) => row ?? Promise.reject(new Error(`Request ${requestId} not found`))),
  ]);
  // A payment that went through gets its receipt, once: only the call that settled it sends (a repeated notice changes nothing).
  if (changed && after?.status === PAYMENT_STATUS.PAYED) await sendPaymentReceipt(s, after, request, log);
  return { payment: after!, request, changed };
}
