/**
 * Data layer of the payment and contract records (migration 0012): a request's travel agreement, its invoices and
 * the payments made for them. Every change of a request's status goes with its history entry in one transaction
 * (the request record's rule, db/queries/booking.ts).
 */
import type { Insertable, Kysely, Transaction } from 'kysely';
import { PAYMENT_STATUS } from '@tours/shared/src/api/schemas/payments';
import type { Db } from '../index';
import type { InvoiceRow, PaymentRow, PaymentSchema, PaymentTable, RequestSchema, Schema, TravelAgreementRow } from '../schema';

type PaymentsSchema = Schema & RequestSchema & PaymentSchema;
export type PaymentsDb = Kysely<PaymentsSchema>;
export type PaymentsTrx = Transaction<PaymentsSchema>;

/** The payment tables typed (db/schema.ts describes the catalogue). */
export function paymentsDb(db: Db): PaymentsDb {
  return db.kysely as unknown as PaymentsDb;
}

const k = (db: Db | PaymentsTrx | PaymentsDb): PaymentsDb | PaymentsTrx => ('kysely' in db ? paymentsDb(db) : db);

export function agreementOf(db: Db | PaymentsTrx, requestId: number): Promise<TravelAgreementRow | undefined> {
  return k(db).selectFrom('travel_agreements').selectAll().where('request_id', '=', requestId).executeTakeFirst();
}

export function invoicesOf(db: Db | PaymentsTrx, requestId: number): Promise<InvoiceRow[]> {
  return k(db).selectFrom('invoices').selectAll().where('request_id', '=', requestId).orderBy('id').execute();
}

export function invoiceById(db: Db | PaymentsTrx, id: number): Promise<InvoiceRow | undefined> {
  return k(db).selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirst();
}

export function paymentByToken(db: Db | PaymentsTrx, token: string): Promise<PaymentRow | undefined> {
  return k(db).selectFrom('payments').selectAll().where('token', '=', token).executeTakeFirst();
}

/**
 * Makes the agreement and the first invoice of a request (when it is confirmed). Both are unique per request (and
 * per kind): of two confirmations at once one inserts, the other finds them.
 */
export async function createAgreementWithInvoice(
  trx: PaymentsTrx,
  row: { request_id: number; number: string; sales_channel: number; amount: number; currency: string },
  invoice: { kind: string; amount: number },
  at: Date,
): Promise<void> {
  const now = at.toISOString();
  const agreement = await trx.insertInto('travel_agreements')
    .values({ ...row, outcome: null, created_at: now, updated_at: now, concluded_at: null })
    .onConflict((oc) => oc.column('request_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  const agreementId = agreement ? Number(agreement.id) : Number((await agreementOf(trx, row.request_id))!.id);
  await trx.insertInto('invoices')
    .values({ request_id: row.request_id, agreement_id: agreementId, kind: invoice.kind, amount: invoice.amount, currency: row.currency, created_at: now, updated_at: now, paid_at: null })
    .onConflict((oc) => oc.columns(['request_id', 'kind']).doNothing())
    .execute();
}

export async function insertPayment(db: Db, row: Omit<Insertable<PaymentTable>, 'id' | 'status' | 'check_status' | 'internal_check_status'>): Promise<void> {
  await paymentsDb(db).insertInto('payments').values(row).execute();
}

/** Moves a payment from NEW to `status`; false when it was not NEW any more (another confirmation came first). */
export async function settlePayment(trx: PaymentsTrx, id: number, status: number, at: Date): Promise<boolean> {
  const now = at.toISOString();
  const res = await trx.updateTable('payments').set({ status, updated_at: now, ...(status === 2 ? { paid_at: now } : {}) })
    .where('id', '=', id).where('status', '=', 1).executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Marks a NEW invoice paid; false when it was not NEW. */
export async function markInvoicePaid(trx: PaymentsTrx, id: number, at: Date): Promise<boolean> {
  const now = at.toISOString();
  const res = await trx.updateTable('invoices').set({ status: 2, paid_at: now, updated_at: now }).where('id', '=', id).where('status', '=', 1).executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Sets the agreement's outcome (when it has none yet). */
export async function concludeAgreement(trx: PaymentsTrx, requestId: number, outcome: number, at: Date): Promise<void> {
  const now = at.toISOString();
  await trx.updateTable('travel_agreements').set({ outcome, concluded_at: now, updated_at: now }).where('request_id', '=', requestId).where('outcome', 'is', null).execute();
}

/**
 * A request that is cancelled closes its records: open invoices and payments are cancelled, and the open agreement
 * ends as TERMINATED_AFTER_PAYMENT (something was paid) or NO_PAYMENTS_RECEIVED.
 */
export async function closePaymentRecords(trx: PaymentsTrx, requestId: number, at: Date): Promise<void> {
  const now = at.toISOString();
  const agreement = await agreementOf(trx, requestId);
  if (!agreement) return;
  await trx.updateTable('payments').set({ status: 3, updated_at: now }).where('request_id', '=', requestId).where('status', '=', 1).execute();
  await trx.updateTable('invoices').set({ status: 3, updated_at: now }).where('request_id', '=', requestId).where('status', '=', 1).execute();
  const paid = await trx.selectFrom('invoices').select('id').where('request_id', '=', requestId).where('status', '=', 2).executeTakeFirst();
  // An agreement concluded by a prepayment ends as terminated after payment; an open one by what was received.
  await trx.updateTable('travel_agreements').set({ outcome: paid ? 2 : 3, concluded_at: agreement.concluded_at ?? now, updated_at: now })
    .where('request_id', '=', requestId).execute();
}

/** Ends a payment CANCELED whatever its status (the later of two payments of one invoice: it did not pay it). */
export async function cancelPayment(trx: PaymentsTrx, paymentId: number, at: Date): Promise<void> {
  await trx.updateTable('payments').set({ status: PAYMENT_STATUS.CANCELED, paid_at: null, updated_at: at.toISOString() }).where('id', '=', paymentId).execute();
}
