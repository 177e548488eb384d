/**
 * The tour programme calls (public-site §7.3, §4.5; issue 14): the programme PDF (use-cases/programme-pdf.ts) sent by
 * e-mail, by WhatsApp as a link, and to a subscriber, all through the outbox (lib/outbox.ts).
 *
 * - The PDF is in the locale of X-Language and the currency of the body (X-Currency when left out).
 * - An unknown or unpublished tour is 'Incorrect value' on tour_id; field errors are keyed by field.
 * - Links: GET /spa/tour-program-pdf/{token}, a random 128-bit token (its SHA-256 stored, migration 0013), valid
 *   LINK_DAYS, with the address it was sent to (migration 0021).
 * - WhatsApp has no provider here: the message is kept in the outbox (the developers' page shows it) with a link.
 * - A subscription is one row per e-mail and tour: a repeat (or two at once) records nothing and sends nothing more.
 *
 * Abuse resistance (issue 28; docs/decisions.md): an e-mail carries the PDF attached only to an address that has asked
 * for programmes before (a link sent to it was opened); the first e-mail to any other address carries a link instead,
 * so the site cannot be used to push files into strangers' inboxes. Each address gets at most MAIL_PER_RECIPIENT_PER_DAY
 * programmes (and as many subscription e-mails) a day, from whatever visitors (lib/mail-limits.ts): over it, 422 on
 * the address and nothing is sent. A PDF made (not cached) costs its visitor's work budget (lib/work-limits.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ApiLocale, CurrencyCode } from '@tours/shared/src/api/schemas/common';
import { normalPhone } from '@tours/shared/src/api/schemas/common';
import {
  ProgrammeByEmailBody, ProgrammeByWhatsappBody, ProgrammeSentAnswer, ProgrammeWhatsappAnswer, SubscribeProgrammeBody,
} from '@tours/shared/src/api/schemas/programme';
import { requestById } from '../db/queries/booking';
import { LINK_DAYS, allowMail, hasAsked, newDocumentLink, serveLinkedPdf } from '../use-cases/document-links';
import { HttpError, validationError } from '../lib/errors';
import { normalEmail } from '../domain/logins';
import type { MailKind } from '../lib/mail-limits';
import { cachedProgrammeModel, ProgrammePdfs, programmeSubject, type ProgrammeModel, type ProgrammePdf } from '../use-cases/programme-pdf';
import type { Services } from '../services';
import type { ApiRouter } from './router';
import { addProgrammeSubscription, isSubscribedToProgramme } from '../db/queries/programme';

const PROGRAMME_PDF_PATH = '/spa/tour-program-pdf';

const TEXTS: Record<ApiLocale, { email: string; whatsapp: string; emailLink: string }> = {
  en: {
    email: 'The programme of the tour "{title}" is attached (PDF).', whatsapp: 'The programme of the tour "{title}" (PDF): {link}',
    emailLink: 'The programme of the tour "{title}" (PDF): {link}\nThe link works for {days} days.',
  },
  de: {
    email: 'Das Programm der Tour „{title}" finden Sie im Anhang (PDF).', whatsapp: 'Das Programm der Tour „{title}" (PDF): {link}',
    emailLink: 'Das Programm der Tour „{title}" (PDF): {link}\nDer Link gilt {days} Tage.',
  },
  ru: {
    email: 'Программа тура «{title}» во вложении (PDF).', whatsapp: 'Программа тура «{title}» (PDF): {link}',
    emailLink: 'Программа тура «{title}» (PDF): {link}\nСсылка действует {days} дней.',
  },
  cn: {
    email: '附件为旅游"{title}"的行程（PDF）。', whatsapp: '旅游"{title}"的行程（PDF）：{link}',
    emailLink: '旅游"{title}"的行程（PDF）：{link}\n链接 {days} 天内有效。',
  },
};

export function registerProgrammeRoutes(app: FastifyInstance, router: ApiRouter, s: Services): ProgrammePdfs {
  const pdfs = new ProgrammePdfs(s);
  const tags = ['programme'];

  /** The PDF of a published tour, or 'Incorrect value' on tour_id; a PDF made for it costs the visitor's budget. */
  async function pdfOf(request: FastifyRequest, tourId: number, locale: ApiLocale, currency: CurrencyCode): Promise<ProgrammePdf> {
    const pdf = await pdfs.get(tourId, locale, currency, s.work.payer(request, 'pdf'));
    if (!pdf) throw validationError({ tour_id: 'Incorrect value' });
    return pdf;
  }

  /** What a published tour's PDF prints (no PDF made), or 'Incorrect value' on tour_id. */
  async function modelOf(tourId: number, locale: ApiLocale, currency: CurrencyCode): Promise<ProgrammeModel> {
    const model = await cachedProgrammeModel(s, tourId, locale, currency);
    if (!model) throw validationError({ tour_id: 'Incorrect value' });
    return model;
  }

  /** A new link to the PDF, recorded with where it goes; answers the link and its token. */
  const newLink = (model: ProgrammeModel, recipient: string, requestId: number | null) =>
    newDocumentLink(s, PROGRAMME_PDF_PATH, { document: 'programme', tourId: model.tourId, locale: model.locale, currency: model.currency }, recipient, requestId);

  /** Counts one message to a typed address (the visitor's budget, the address's daily limit); 422 on `field` over it. */
  const allow = (request: FastifyRequest, recipient: string, kind: MailKind, field: string) => allowMail(s, request, recipient, kind, field);

  /**
   * What an e-mail to `email` carries: the PDF for an address that has asked before, else a link (the model: no PDF
   * made). 'Incorrect value' on tour_id for a tour that is not published.
   */
  async function programmeFor(request: FastifyRequest, email: string, tourId: number, locale: ApiLocale, currency: CurrencyCode): Promise<{ pdf: ProgrammePdf } | { model: ProgrammeModel }> {
    return (await hasAsked(s, email)) ? { pdf: await pdfOf(request, tourId, locale, currency) } : { model: await modelOf(tourId, locale, currency) };
  }

  async function emailProgramme(email: string, locale: ApiLocale, what: { pdf: ProgrammePdf } | { model: ProgrammeModel }): Promise<void> {
    if ('pdf' in what) {
      const { pdf } = what;
      await s.outbox.send({
        channel: 'email', recipient: email, subject: programmeSubject(locale, pdf.title), text: TEXTS[locale].email.replace('{title}', pdf.title),
        attachments: [{ filename: pdf.filename, contentType: 'application/pdf', content: pdf.bytes.toString('base64') }],
      });
      return;
    }
    const { model } = what;
    const { link, token } = await newLink(model, email, null);
    await s.outbox.send({
      channel: 'email', recipient: email, subject: programmeSubject(locale, model.title), secrets: [token],
      text: TEXTS[locale].emailLink.replace('{title}', model.title).replace('{link}', link).replace('{days}', String(LINK_DAYS)),
    });
  }

  router.add({
    method: 'POST', url: '/spa/tour-program-order-via-email', tags, summary: 'Send the tour programme (PDF) to an e-mail address',
    description: 'The PDF (X-Language; the currency of the body, else X-Currency) goes through the outbox: attached when the address has asked for '
      + `programmes before (a link sent to it was opened), else as a link to ${PROGRAMME_PDF_PATH}/{token} (valid ${LINK_DAYS} days). Answers the address `
      + '(§4.5 \'We\'ve sent the tour program to your e-mail ({email})\'). An unknown or unpublished tour is \'Incorrect value\' on tour_id; an address '
      + 'that has had MAIL_PER_RECIPIENT_PER_DAY programmes in 24 hours, a field error on email (nothing sent). Captcha-marked (a write for the limiter).',
    body: ProgrammeByEmailBody, answer: ProgrammeSentAnswer,
    handler: async ({ body, ctx, request }) => {
      const email = normalEmail(body.email);
      const what = await programmeFor(request, email, body.tour_id, ctx.locale, body.currency ?? ctx.currency);
      await allow(request, email, 'programme', 'email');
      await emailProgramme(email, ctx.locale, what);
      return { success: true as const, email };
    },
  });

  router.add({
    method: 'POST', url: '/spa/tour-program-order-via-whatsapp', tags, summary: 'Send a link to the tour programme (PDF) by WhatsApp',
    description: `No WhatsApp provider is configured: the message is kept in the outbox (channel whatsapp) with a link to ${PROGRAMME_PDF_PATH}/{token} (valid ${LINK_DAYS} days). request_id, when given, ties the link to that request; an id that names no request is not kept and answers alike (it must not tell whether a request exists: issue 28). 409 when the site setting send_tour_program_in_pdf_via_whatsapp is off. A number that has had MAIL_PER_RECIPIENT_PER_DAY programmes in 24 hours: a field error on phone (nothing sent).`,
    body: ProgrammeByWhatsappBody, answer: ProgrammeWhatsappAnswer, errors: [409],
    handler: async ({ body, ctx, request }) => {
      if ((await s.settings()).get('send_tour_program_in_pdf_via_whatsapp') === '0') throw new HttpError(409, 'The programme is not sent by WhatsApp');
      const errors: Record<string, string> = {};
      // An unknown request id is dropped, not refused: a refusal would tell a stranger which ids exist (issue 28).
      const requestId = body.request_id !== undefined && (await requestById(s.db, body.request_id)) ? body.request_id : null;
      // The PDF is made when the link is opened (by whoever opens it), not here.
      const model = await cachedProgrammeModel(s, body.tour_id, ctx.locale, body.currency ?? ctx.currency);
      if (!model) errors.tour_id = 'Incorrect value';
      if (!model || Object.keys(errors).length) throw validationError(errors);
      const phone = normalPhone(body.phone);
      await allow(request, phone, 'programme', 'phone');
      const { link } = await newLink(model, phone, requestId);
      await s.outbox.send({
        channel: 'whatsapp', recipient: phone, subject: programmeSubject(ctx.locale, model.title),
        text: TEXTS[ctx.locale].whatsapp.replace('{title}', model.title).replace('{link}', link),
      });
      return { success: true };
    },
  });

  router.add({
    method: 'POST', url: '/spa/subscribe-tour-program', tags, summary: "Subscribe to a tour's programme: the PDF is sent by e-mail",
    description: 'One subscription per e-mail and tour: the first records it and sends the programme (like tour-program-order-via-email: attached, or a link '
      + 'to an address that has not asked before); a repeat answers the same and sends nothing more. An address that has had MAIL_PER_RECIPIENT_PER_DAY '
      + 'subscription e-mails in 24 hours: a field error on email, nothing recorded. subscriber_id and uuid are the client\'s own (kept).',
    body: SubscribeProgrammeBody, answer: ProgrammeSentAnswer,
    handler: async ({ body, ctx, request }) => {
      const currency = body.currency ?? ctx.currency;
      const email = normalEmail(body.email);
      await modelOf(body.tour_id, ctx.locale, currency);
      if (await isSubscribedToProgramme(s.db, email, body.tour_id)) return { success: true as const, email };
      const what = await programmeFor(request, email, body.tour_id, ctx.locale, currency);
      await allow(request, email, 'programme_subscription', 'email');
      const inserted = await addProgrammeSubscription(s.db, {
        email, tour_id: body.tour_id, subscriber_id: body.subscriber_id || null, uuid: body.uuid || null, currency, locale: ctx.locale, created_at: s.date().toISOString(),
      });
      if (inserted) await emailProgramme(email, ctx.locale, what);
      return { success: true as const, email };
    },
  });

  // The PDF behind a link (WhatsApp, or an e-mail to an address that had not asked before): not an API call of the spec
  // (a file), so not in the API's description. A PDF made here costs the opener's work budget.
  app.get<{ Params: { token: string } }>(`${PROGRAMME_PDF_PATH}/:token`, (request, reply) =>
    serveLinkedPdf(s, request.params.token, reply, 'programme', (ref) => pdfs.get(ref.tourId, ref.locale, ref.currency, s.work.payer(request, 'pdf'))));

  return pdfs;
}
