/**
 * Payment and contract records of a request (accounts-and-comms §3 'Payment and contract records'; public-site §1:
 * once a booking is confirmed the traveller receives a travel agreement and a payment invoice, payable on the site).
 * The enumerations are the spec's, numbers and names as it lists them; the records are what the arrival page shows
 * (GET /crm/api/request/get, get-by-uuid: `agreement`, `invoices`) and POST /crm/api/payment/create.
 */
import { type Infer, boolean, enums, integer, nullable, string, type } from 'superstruct';
import { bodyId, dflt, withMeta } from './common';
import { requestUuid } from './requests';

/** Payment status (of an invoice and of a payment). 'PAYED' is the spec's spelling. */
export const PAYMENT_STATUS = { NEW: 1, PAYED: 2, CANCELED: 3 } as const;
export type PaymentStatus = (typeof PAYMENT_STATUS)[keyof typeof PAYMENT_STATUS];
/** Status names in status order (index + 1 is the status). */
export const PAYMENT_STATUS_NAMES = ['new', 'payed', 'canceled'] as const;
export type PaymentStatusName = (typeof PAYMENT_STATUS_NAMES)[number];
export const paymentStatusName = (status: number): PaymentStatusName => PAYMENT_STATUS_NAMES[status - 1] ?? 'new';

/** Payment kinds: a prepayment, a (further) payment, the full price at once. */
export const PAYMENT_KINDS = ['prepayment', 'payment', 'full'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

/** Payment methods: sbp (fast bank transfer), card. */
export const PAYMENT_METHODS = ['sbp', 'card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Payment provider ids of the spec: two banks, a card payment provider and a payment service (which is which is not shown). */
export const PAYMENT_PROVIDER_IDS = [2, 3, 4, 5] as const;

/** Contract (travel agreement) outcome; an open agreement has none yet. */
export const CONTRACT_OUTCOME = { CONCLUDED_AND_PREPAID: 1, TERMINATED_AFTER_PAYMENT: 2, NO_PAYMENTS_RECEIVED: 3 } as const;
export const CONTRACT_OUTCOME_NAMES = ['concluded_and_prepaid', 'terminated_after_payment', 'no_payments_received'] as const;
export type ContractOutcomeName = (typeof CONTRACT_OUTCOME_NAMES)[number];

/** Internal check status. */
export const INTERNAL_CHECK_STATUS = { NOT_PERFORMED: 0, SUCCESS: 1, FAILED: 2 } as const;
/** Check (receipt) status. */
export const CHECK_STATUS = { NOT_PERFORMED: 0, SUCCESS: 1, FAILED: 2, IN_PROGRESS: 3 } as const;

/** Sales channels. */
export const SALES_CHANNEL = { MARKETPLACE: 1, DIRECT_SALES: 2, AGENT: 3, OWN: 4, THIRD_PARTY_AGENT: 5 } as const;

/** The travel agreement of a confirmed request. */
export const TravelAgreement = type({
  id: integer(),
  /** 'TA-{request id}'. */
  number: string(),
  sales_channel: integer(),
  /** CONTRACT_OUTCOME 1–3; null while the agreement is open (confirmed, nothing paid yet). */
  outcome: nullable(integer()),
  outcome_name: nullable(enums(CONTRACT_OUTCOME_NAMES)),
  /** The tour price × the party, in whole units of `currency`. */
  amount: integer(),
  currency: string(),
  created_at: string(),
  concluded_at: nullable(string()),
});
export type TravelAgreement = Infer<typeof TravelAgreement>;

/** An invoice of a request. */
export const Invoice = type({
  id: integer(),
  kind: enums(PAYMENT_KINDS),
  /** PAYMENT_STATUS 1 NEW, 2 PAYED, 3 CANCELED. */
  status: integer(),
  status_name: enums(PAYMENT_STATUS_NAMES),
  /** Whole units of `currency`. */
  amount: integer(),
  currency: string(),
  created_at: string(),
  paid_at: nullable(string()),
  /** New, and the request still open: the pay button may be shown (unless booking.disablePayButton). */
  can_pay: boolean(),
});
export type Invoice = Infer<typeof Invoice>;

/** POST /crm/api/payment/create: pay an invoice of a request, the request's uuid the proof of access. */
export const CreatePaymentBody = type({
  invoice_id: bodyId('An invoice of the request'),
  uuid: requestUuid("The request's uuid (its link's secret)"),
  method: dflt(withMeta(enums(PAYMENT_METHODS), { description: 'card (default) or sbp (fast bank transfer)' }), 'card'),
});
export type CreatePaymentBody = Infer<typeof CreatePaymentBody>;

/** Where to send the traveller: the provider's payment page. */
export const CreatePaymentAnswer = type({ url: string() });
export type CreatePaymentAnswer = Infer<typeof CreatePaymentAnswer>;
