/**
 * The tour programme calls (public-site §7.3, §4.5; issue 14): the programme PDF (lib/programme-pdf.ts) sent by
 * e-mail as an attachment, by WhatsApp as a link, and to a subscriber, all through the outbox (lib/outbox.ts).
 *
 * - The PDF is in the locale of X-Language and the currency of the body (X-Currency when left out).
 * - An unknown or unpublished tour is 'Incorrect value' on tour_id; field errors are keyed by field.
 * - WhatsApp has no provider here: the message is kept in the outbox (the developers' page shows it) with a link to
 *   GET /spa/tour-program-pdf/{token}: a random 128-bit token (its SHA-256 stored, migration 0013), valid LINK_DAYS.
 * - A subscription is one row per e-mail and tour: a repeat (or two at once) records nothing and sends nothing more.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { ApiLocale, CurrencyCode } from '@tours/shared/src/api/schemas/common';
import { API_LOCALES, CURRENCY_CODES, normalPhone } from '@tours/shared/src/api/schemas/common';
import {
  ProgrammeByEmailBody, ProgrammeByWhatsappBody, ProgrammeSentAnswer, ProgrammeWhatsappAnswer, SubscribeProgrammeBody,
} from '@tours/shared/src/api/schemas/programme';
import type { Db } from '../db';
import { requestById } from '../db/queries/booking';
import type { ProgrammeSchema } from '../db/migrations/0013-programme';
import { HttpError, validationError } from '../lib/errors';
import { normalEmail } from '../lib/logins';
import { ProgrammePdfs, programmeSubject, type ProgrammePdf } from '../lib/programme-pdf';
import type { Services } from '../services';
import type { ApiRouter } from './router';

/** How long a WhatsApp link to a programme works. */
export const LINK_DAYS = 30;
const TOKEN_RE = /^[A-Za-z0-9_-]{22}$/;
export const PROGRAMME_PDF_PATH = '/spa/tour-program-pdf';

const programmeDb = (db: Db) => db.kysely as unknown as Kysely<ProgrammeSchema>;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const TEXTS: Record<ApiLocale, { email: string; whatsapp: string }> = {
  en: { email: 'The programme of the tour "{title}" is attached (PDF).', whatsapp: 'The programme of the tour "{title}" (PDF): {link}' },
  de: { email: 'Das Programm der Tour „{title}" finden Sie im Anhang (PDF).', whatsapp: 'Das Programm der Tour „{title}" (PDF): {link}' },
  ru: { email: 'Программа тура «{title}» во вложении (PDF).', whatsapp: 'Программа тура «{title}» (PDF): {link}' },
  cn: { email: '附件为旅游"{title}"的行程（PDF）。', whatsapp: '旅游"{title}"的行程（PDF）：{link}' },
};

export function registerProgrammeRoutes(app: FastifyInstance, router: ApiRouter, s: Services): ProgrammePdfs {
  const pdfs = new ProgrammePdfs(s);
  const tags = ['programme'];

  /** The PDF of a published tour, or 'Incorrect value' on tour_id. */
  async function pdfOf(tourId: number, locale: ApiLocale, currency: CurrencyCode): Promise<ProgrammePdf> {
    const pdf = await pdfs.get(tourId, locale, currency);
    if (!pdf) throw validationError({ tour_id: 'Incorrect value' });
    return pdf;
  }

  async function emailPdf(to: string, pdf: ProgrammePdf, locale: ApiLocale): Promise<void> {
    await s.outbox.send({
      channel: 'email', recipient: to, subject: programmeSubject(locale, pdf.title), text: TEXTS[locale].email.replace('{title}', pdf.title),
      attachments: [{ filename: pdf.filename, contentType: 'application/pdf', content: pdf.bytes.toString('base64') }],
    });
  }

  router.add({
    method: 'POST', url: '/spa/tour-program-order-via-email', tags, summary: 'Send the tour programme (PDF) to an e-mail address',
    description: 'The PDF (X-Language; the currency of the body, else X-Currency) goes through the outbox as an attachment. Answers the address (§4.5 \'We\'ve sent the tour program to your e-mail ({email})\'). An unknown or unpublished tour is \'Incorrect value\' on tour_id. Captcha-marked (a write for the limiter).',
    body: ProgrammeByEmailBody, answer: ProgrammeSentAnswer,
    handler: async ({ body, ctx }) => {
      const pdf = await pdfOf(body.tour_id, ctx.locale, body.currency ?? ctx.currency);
      const email = normalEmail(body.email);
      await emailPdf(email, pdf, ctx.locale);
      return { success: true as const, email };
    },
  });

  router.add({
    method: 'POST', url: '/spa/tour-program-order-via-whatsapp', tags, summary: 'Send a link to the tour programme (PDF) by WhatsApp',
    description: `No WhatsApp provider is configured: the message is kept in the outbox (channel whatsapp) with a link to ${PROGRAMME_PDF_PATH}/{token} (valid ${LINK_DAYS} days). request_id, when given, must name a request. 409 when the site setting send_tour_program_in_pdf_via_whatsapp is off.`,
    body: ProgrammeByWhatsappBody, answer: ProgrammeWhatsappAnswer, errors: [409],
    handler: async ({ body, ctx }) => {
      if ((await s.settings()).get('send_tour_program_in_pdf_via_whatsapp') === '0') throw new HttpError(409, 'The programme is not sent by WhatsApp');
      const errors: Record<string, string> = {};
      if (body.request_id !== undefined && !(await requestById(s.db, body.request_id))) errors.request_id = 'Incorrect value';
      const currency = body.currency ?? ctx.currency;
      const pdf = await pdfs.get(body.tour_id, ctx.locale, currency);
      if (!pdf) errors.tour_id = 'Incorrect value';
      if (!pdf || Object.keys(errors).length) throw validationError(errors);
      const token = randomBytes(16).toString('base64url');
      await programmeDb(s.db).insertInto('programme_links').values({
        token_hash: sha256(token), tour_id: body.tour_id, locale: ctx.locale, currency, request_id: body.request_id ?? null, created_at: s.date().toISOString(),
      }).execute();
      const link = `${s.config.siteOrigin}${PROGRAMME_PDF_PATH}/${token}`;
      await s.outbox.send({
        channel: 'whatsapp', recipient: normalPhone(body.phone), subject: programmeSubject(ctx.locale, pdf.title),
        text: TEXTS[ctx.locale].whatsapp.replace('{title}', pdf.title).replace('{link}', link),
      });
      return { success: true };
    },
  });

  router.add({
    method: 'POST', url: '/spa/subscribe-tour-program', tags, summary: "Subscribe to a tour's programme: the PDF is sent by e-mail",
    description: 'One subscription per e-mail and tour: the first records it and sends the PDF (like tour-program-order-via-email); a repeat answers the same and sends nothing more. subscriber_id and uuid are the client\'s own (kept).',
    body: SubscribeProgrammeBody, answer: ProgrammeSentAnswer,
    handler: async ({ body, ctx }) => {
      const currency = body.currency ?? ctx.currency;
      const pdf = await pdfOf(body.tour_id, ctx.locale, currency);
      const email = normalEmail(body.email);
      const inserted = await programmeDb(s.db).insertInto('programme_subscriptions').values({
        email, tour_id: body.tour_id, subscriber_id: body.subscriber_id || null, uuid: body.uuid || null, phone: null, currency, locale: ctx.locale,
        created_at: s.date().toISOString(),
      }).onConflict((oc) => oc.columns(['email', 'tour_id']).doNothing()).returning('id').executeTakeFirst();
      if (inserted) await emailPdf(email, pdf, ctx.locale);
      return { success: true as const, email };
    },
  });

  // The PDF behind a WhatsApp link: not an API call of the spec (a file), so not in the API's description.
  app.get<{ Params: { token: string } }>(`${PROGRAMME_PDF_PATH}/:token`, async (request, reply) => {
    const token = request.params.token;
    const link = TOKEN_RE.test(token) ? await programmeDb(s.db).selectFrom('programme_links').selectAll().where('token_hash', '=', sha256(token)).executeTakeFirst() : undefined;
    const fresh = link && Date.parse(link.created_at) > s.now() - LINK_DAYS * 86_400_000;
    const locale = (API_LOCALES as readonly string[]).includes(link?.locale ?? '') ? (link!.locale as ApiLocale) : 'en';
    const currency = (CURRENCY_CODES as readonly string[]).includes(link?.currency ?? '') ? (link!.currency as CurrencyCode) : 'RUB';
    const pdf = link && fresh ? await pdfs.get(link.tour_id, locale, currency) : null;
    if (!pdf) return reply.code(404).header('cache-control', 'no-store').send({ message: 'Not found' });
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${pdf.filename}"`)
      .header('cache-control', 'private, max-age=3600')
      .header('x-robots-tag', 'noindex')
      .send(pdf.bytes);
  });

  return pdfs;
}
