/**
 * Migration 0012: the payment and contract records of a request (accounts-and-comms §3 'Payment and contract
 * records'; public-site §1: once a booking is confirmed the traveller gets a travel agreement and an invoice that can
 * be paid on the site; issue 14).
 *
 * - travel_agreements: one per request (unique request_id), made when the request is confirmed (status 2
 *   PENDING_PREPAYMENT): its number, the sales channel (1–5), the total, and the outcome (null while open; 1
 *   CONCLUDED_AND_PREPAID, 2 TERMINATED_AFTER_PAYMENT, 3 NO_PAYMENTS_RECEIVED) with the internal check status (0–2);
 * - invoices: what the traveller is asked to pay, by kind (prepayment, payment, full; one of each kind per request:
 *   unique request_id + kind) and payment status (1 NEW, 2 PAYED, 3 CANCELED);
 * - payments: each attempt to pay an invoice through a provider (use-cases/payments.ts): a random token (the provider's
 *   reference and the sandbox page's name), the provider ('sandbox' here; the spec's provider ids 2–5 for the real
 *   ones), the method (card, sbp), the status (1–3), and the receipt's check status (0–3) and internal check (0–2).
 * Amounts are whole units of the request's currency (as the request page shows prices).
 */
import type { ColumnDefinitionBuilder, Generated, Kysely, Selectable } from 'kysely';
import { isPostgres } from './0002-search';

export interface TravelAgreementTable {
  id: Generated<number>;
  request_id: number;
  /** 'TA-{request id}'. */
  number: string;
  /** SALES_CHANNEL 1–5. */
  sales_channel: number;
  /** CONTRACT_OUTCOME 1–3; null while the agreement is open. */
  outcome: number | null;
  /** INTERNAL_CHECK_STATUS 0–2. */
  internal_check_status: Generated<number>;
  amount: number;
  currency: string;
  created_at: string;
  updated_at: string;
  /** When it was concluded (the first payment) or ended. */
  concluded_at: string | null;
}

export interface InvoiceTable {
  id: Generated<number>;
  request_id: number;
  agreement_id: number;
  /** PAYMENT_KINDS: prepayment, payment, full. */
  kind: string;
  /** PAYMENT_STATUS 1 NEW, 2 PAYED, 3 CANCELED. */
  status: Generated<number>;
  amount: number;
  currency: string;
  created_at: string;
  updated_at: string;
  paid_at: string | null;
}

export interface PaymentTable {
  id: Generated<number>;
  /** Random (128 bits, base64url): the provider's reference and the sandbox page's name. */
  token: string;
  invoice_id: number;
  request_id: number;
  /** The adapter: 'sandbox', 'card', 'sbp' … (PAYMENT_PROVIDER). */
  provider: string;
  /** The spec's provider id (2–5) of a real provider; null for the sandbox. */
  provider_id: number | null;
  /** PAYMENT_METHODS: card, sbp. */
  method: string | null;
  /** PAYMENT_STATUS 1–3. */
  status: Generated<number>;
  amount: number;
  currency: string;
  /** CHECK_STATUS 0–3 (the receipt). */
  check_status: Generated<number>;
  /** INTERNAL_CHECK_STATUS 0–2. */
  internal_check_status: Generated<number>;
  /** The provider's own id of the payment, when it has one. */
  external_id: string | null;
  created_at: string;
  updated_at: string;
  paid_at: string | null;
}

export type TravelAgreementRow = Selectable<TravelAgreementTable>;
export type InvoiceRow = Selectable<InvoiceTable>;
export type PaymentRow = Selectable<PaymentTable>;

export interface PaymentSchema {
  travel_agreements: TravelAgreementTable;
  invoices: InvoiceTable;
  payments: PaymentTable;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  const identity = (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());
  await db.schema
    .createTable('travel_agreements')
    .ifNotExists()
    .addColumn('id', 'integer', identity)
    .addColumn('request_id', 'integer', (c) => c.notNull())
    .addColumn('number', 'text', (c) => c.notNull())
    .addColumn('sales_channel', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('outcome', 'integer')
    .addColumn('internal_check_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('concluded_at', 'text')
    .execute();
  await db.schema.createIndex('travel_agreements_request_uq').ifNotExists().unique().on('travel_agreements').column('request_id').execute();

  await db.schema
    .createTable('invoices')
    .ifNotExists()
    .addColumn('id', 'integer', identity)
    .addColumn('request_id', 'integer', (c) => c.notNull())
    .addColumn('agreement_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('paid_at', 'text')
    .execute();
  await db.schema.createIndex('invoices_request_kind_uq').ifNotExists().unique().on('invoices').columns(['request_id', 'kind']).execute();

  await db.schema
    .createTable('payments')
    .ifNotExists()
    .addColumn('id', 'integer', identity)
    .addColumn('token', 'text', (c) => c.notNull())
    .addColumn('invoice_id', 'integer', (c) => c.notNull())
    .addColumn('request_id', 'integer', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_id', 'integer')
    .addColumn('method', 'text')
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('check_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('internal_check_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('external_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('paid_at', 'text')
    .execute();
  await db.schema.createIndex('payments_token_uq').ifNotExists().unique().on('payments').column('token').execute();
  await db.schema.createIndex('payments_invoice_idx').ifNotExists().on('payments').columns(['invoice_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('payments').ifExists().execute();
  await db.schema.dropTable('invoices').ifExists().execute();
  await db.schema.dropTable('travel_agreements').ifExists().execute();
}
