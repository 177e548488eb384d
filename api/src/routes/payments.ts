/**
 * Paying a request's invoices (accounts-and-comms §3; public-site §1: once confirmed, the traveller gets a travel
 * agreement and an invoice payable on the site). use-cases/payments.ts has the provider adapter and the rules.
 *
 * - POST /crm/api/payment/create `{ invoice_id, uuid, method }`: the request's uuid is the proof of access (the
 *   arrival page's link); answers `{ url }`, the provider's page to send the traveller to.
 * - The sandbox provider's page, GET /crm/api/payment/sandbox/{token} (under /crm/api so the host server proxies it
 *   and it works on the site's origin, e2e included): plain HTML, no script (the API's CSP forbids everything but a
 *   form's POST), with 'Pay' and 'Decline' forms posting to …/{token}/pay and …/{token}/decline, which settle the
 *   payment and redirect (303) to the request's arrival page on SITE_ORIGIN with `?payment=paid|declined`.
 *   Development mode only (DEV_MODE), a plain 404 otherwise. Not part of the API's description.
 * - POST /internal/requests/{id}/confirm `{ prepayment_percent?, amount?, message? }` (DEV_MODE or the internal
 *   secret, like /internal/verification; the back office's action): confirms the request (1 → 2
 *   PENDING_PREPAYMENT) and makes its agreement and its prepayment invoice.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { integer, refine, type } from 'superstruct';
import { CreatePaymentAnswer, CreatePaymentBody, PAYMENT_STATUS, paymentStatusName } from '@tours/shared/src/api/schemas/payments';
import { requestStatusName } from '@tours/shared/src/api/schemas/booking';
import { bodyText, opt, withMeta } from '@tours/shared/src/api/schemas/common';
import { requestById } from '../db/queries/booking';
import { invoiceById, paymentByToken } from '../db/queries/payments';
import { accessRequest } from '../use-cases/booking';
import { notFound } from '../lib/errors';
import { PAYMENT_TOKEN_RE, arrivalUrl, confirmRequest, paymentProviderOf, paymentRecordsOf, settlePaymentOutcome, startPayment } from '../use-cases/payments';
import { parseInput } from '../lib/validation';
import type { Services } from '../services';
import type { ApiRouter } from './router';
import { AUTHORIZATION_HEADER } from '@tours/shared/src/api/headers';

const personal = (reply: FastifyReply) => reply.header('cache-control', 'private, no-store').header('vary', AUTHORIZATION_HEADER);
const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const range = (min: number, max: number, description: string) =>
  withMeta(refine(integer(), 'range', (v) => (v < min ? `Minimum ${min}` : v > max ? `Maximum ${max}` : true)), { minimum: min, maximum: max, description });

const ConfirmBody = type({
  prepayment_percent: opt(range(1, 100, 'Share of the total the first invoice asks for (default 30; 100: one invoice of kind full)')),
  amount: opt(range(1, 100_000_000, "The agreement's total in the request's currency (default: the tour price × the party)")),
  message: opt(bodyText(3000, 'Kept in the history', true)),
});

export function registerPaymentRoutes(app: FastifyInstance, router: ApiRouter, s: Services): void {
  router.add({
    method: 'POST', url: '/crm/api/payment/create', tags: ['requests'], summary: "Starts paying an invoice of a request: answers the payment provider's page",
    description: "Body `{ invoice_id, uuid, method }`: an invoice of the request whose uuid is given (the arrival page's link is the proof of access; "
      + "unknown uuid, or an invoice of another request: 404), method card (default) or sbp. Answers `{ url }`: send the traveller there; the provider "
      + "brings them back to the arrival page. An invoice paid already or that can no longer be paid (cancelled, the request closed): 409. No provider "
      + 'available (the sandbox outside development mode): 503. Answers are private (no-store).',
    body: CreatePaymentBody, answer: CreatePaymentAnswer, errors: [404, 409, 503],
    handler: async ({ body, request, reply }) => {
      personal(reply);
      const { row } = await accessRequest(s, request, { uuid: body.uuid });
      return { url: await startPayment(s, row, body.invoice_id, body.method) };
    },
  });

  // The sandbox provider's page ---------------------------------------------------------------------------------------
  /** The payment of a sandbox page, or null after a plain 404 (not development mode, not the sandbox, unknown token). */
  async function sandboxPayment(request: FastifyRequest<{ Params: { token: string } }>, reply: FastifyReply) {
    const provider = paymentProviderOf(s);
    const token = request.params.token;
    const payment = provider.name === 'sandbox' && provider.available() && PAYMENT_TOKEN_RE.test(token) ? await paymentByToken(s.db, token) : undefined;
    if (!payment || payment.provider !== 'sandbox') {
      await reply.code(404).send({ message: 'Not found' });
      return null;
    }
    reply.header('cache-control', 'no-store');
    return payment;
  }

  app.get<{ Params: { token: string } }>('/crm/api/payment/sandbox/:token', async (request, reply) => {
    const payment = await sandboxPayment(request, reply);
    if (!payment) return reply;
    const [invoice, row] = await Promise.all([invoiceById(s.db, payment.invoice_id), requestById(s.db, payment.request_id)]);
    if (!invoice || !row) throw notFound();
    const open = payment.status === PAYMENT_STATUS.NEW;
    const action = (what: string) => `/crm/api/payment/sandbox/${encodeURIComponent(payment.token)}/${what}`;
    const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Sandbox payment</title></head><body>
<main>
<h1>Sandbox payment</h1>
<p>A test payment provider: no money moves. Choose how the payment ends.</p>
<dl>
<dt>Request</dt><dd>#${Number(row.id)} (${escapeHtml(requestStatusName(row.status))})</dd>
<dt>Invoice</dt><dd>#${Number(invoice.id)}, ${escapeHtml(invoice.kind)}, ${escapeHtml(paymentStatusName(invoice.status))}</dd>
<dt>Amount</dt><dd>${payment.amount} ${escapeHtml(payment.currency)}</dd>
<dt>Method</dt><dd>${escapeHtml(payment.method ?? 'card')}</dd>
<dt>Payment</dt><dd>${escapeHtml(paymentStatusName(payment.status))}</dd>
</dl>
${open
    ? `<form method="post" action="${action('pay')}"><button type="submit">Pay</button></form>
<form method="post" action="${action('decline')}"><button type="submit">Decline</button></form>`
    : `<p>This payment has ended. <a href="${escapeHtml(arrivalUrl(s, row))}">Back to the request</a></p>`}
</main>
</body></html>`;
    return reply.type('text/html; charset=utf-8').send(html);
  });

  // The forms post application/x-www-form-urlencoded (no fields): a parser for these two routes only.
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) => done(null, {}));
    for (const [path, outcome] of [['pay', 'paid'], ['decline', 'declined']] as const) {
      scope.post<{ Params: { token: string } }>(`/crm/api/payment/sandbox/:token/${path}`, async (request, reply) => {
        const payment = await sandboxPayment(request, reply);
        if (!payment) return reply;
        const confirmed = await paymentProviderOf(s).confirm({ token: payment.token, outcome });
        if (!confirmed) throw notFound();
        const settled = (await settlePaymentOutcome(s, confirmed.token, confirmed.outcome, request.log))!;
        const result = settled.payment.status === PAYMENT_STATUS.PAYED ? 'paid' : 'declined';
        return reply.redirect(arrivalUrl(s, settled.request, { payment: result }), 303);
      });
    }
  });

  // Confirmation by a coordinator (developers, the back office) --------------------------------------------------------
  app.post<{ Params: { id: string } }>('/internal/requests/:id/confirm', async (request, reply) => {
    if (!s.config.devMode && !request.fromTrustedProxy) return reply.code(404).send({ message: 'Not found' });
    reply.header('cache-control', 'no-store');
    const id = /^[1-9]\d{0,9}$/.test(request.params.id) ? Number(request.params.id) : NaN;
    const row = Number.isSafeInteger(id) && id <= 2147483647 ? await requestById(s.db, id) : undefined;
    if (!row) throw notFound('Request not found');
    const body = parseInput(request.body ?? {}, ConfirmBody);
    await confirmRequest(s, row, {
      actor: 'staff', ...(body.prepayment_percent !== undefined ? { percent: body.prepayment_percent } : {}),
      ...(body.amount !== undefined ? { amount: body.amount } : {}), message: body.message ?? null, log: request.log,
    });
    const after = (await requestById(s.db, id))!;
    return reply.send({ request_id: id, status: after.status, status_name: requestStatusName(after.status), ...(await paymentRecordsOf(s, after)) });
  });
}
