/**
 * The e-book subscription (public-site §2.7 'E-book', §5.7, §7.4 'the e-book subscription ({email})', its path not
 * shown; issue 29): the travel guide (use-cases/travel-guide.ts) e-mailed through the outbox in X-Language, prices in the
 * body's currency (else X-Currency). The sheet says 'The guide has been sent to your email!': this call is what makes
 * it true. It is not a help request: no coordinator is asked to do anything (the spec lists it apart from the common
 * e-mail requests).
 *
 * The rules of every document mailed to a typed address (use-cases/document-links.ts; issue 28): the PDF attached only to an
 * address that has asked before (a link sent to it was opened), else a link to GET /spa/travel-guide-pdf/{token}
 * (LINK_DAYS); at most MAIL_PER_RECIPIENT_PER_DAY guides a day to one address, from whatever visitors (422 on email
 * over it, nothing sent); a PDF made costs its visitor's work budget.
 */
import type { FastifyInstance } from 'fastify';
import type { ApiLocale } from '@tours/shared/src/api/schemas/common';
import { ProgrammeSentAnswer, SubscribeEbookBody } from '@tours/shared/src/api/schemas/programme';
import { buildHref } from '@tours/shared/src/routing/match';
import { LINK_DAYS, allowMail, hasAsked, newDocumentLink, serveLinkedPdf } from '../use-cases/document-links';
import { normalEmail } from '../domain/logins';
import { GuidePdfs, cachedGuideModel, guideTitle } from '../use-cases/travel-guide';
import type { Services } from '../services';
import type { ApiRouter } from './router';

const GUIDE_PDF_PATH = '/spa/travel-guide-pdf';

const TEXTS: Record<ApiLocale, { attached: string; link: string; why: string }> = {
  en: {
    attached: 'Your travel guide to Russia is attached (PDF): where to go, when to go, visas and documents, and how to reach us.',
    link: 'Your travel guide to Russia (PDF): where to go, when to go, visas and documents, and how to reach us.\n{link}\nThe link works for {days} days.',
    why: 'You get this e-mail because this address was entered on {site} to receive the guide. If it was not you, ignore it: nothing else will be sent.',
  },
  de: {
    attached: 'Ihr Reiseführer Russland ist angehängt (PDF): Reiseziele, Reisezeit, Visum und Dokumente und wie Sie uns erreichen.',
    link: 'Ihr Reiseführer Russland (PDF): Reiseziele, Reisezeit, Visum und Dokumente und wie Sie uns erreichen.\n{link}\nDer Link gilt {days} Tage.',
    why: 'Sie erhalten diese E-Mail, weil diese Adresse auf {site} für den Reiseführer eingegeben wurde. Waren Sie es nicht, ignorieren Sie sie: Es wird nichts weiter gesendet.',
  },
  ru: {
    attached: 'Ваш путеводитель по России во вложении (PDF): куда поехать, когда ехать, визы и документы, как с нами связаться.',
    link: 'Ваш путеводитель по России (PDF): куда поехать, когда ехать, визы и документы, как с нами связаться.\n{link}\nСсылка действует {days} дней.',
    why: 'Вы получили это письмо, потому что этот адрес указали на {site}, чтобы получить путеводитель. Если это были не вы, просто проигнорируйте его: больше ничего не придёт.',
  },
  cn: {
    attached: '附件为您的俄罗斯旅游指南（PDF）：目的地、旅行时间、签证和证件以及联系方式。',
    link: '您的俄罗斯旅游指南（PDF）：目的地、旅行时间、签证和证件以及联系方式。\n{link}\n链接 {days} 天内有效。',
    why: '您收到这封邮件，是因为有人在 {site} 上填写了此地址以获取指南。如果不是您本人，请忽略：我们不会再发送任何内容。',
  },
};

const fill = (text: string, values: Record<string, string>) => text.replace(/\{(\w+)\}/g, (all, key: string) => values[key] ?? all);

export function registerTravelGuideRoutes(app: FastifyInstance, router: ApiRouter, s: Services): GuidePdfs {
  const guides = new GuidePdfs(s);

  router.add({
    method: 'POST', url: '/spa/subscribe-ebook', tags: ['programme'], summary: 'The e-book subscription: the travel guide (PDF) by e-mail',
    description: "public-site §7.4 'the e-book subscription ({email})'. The guide (X-Language; prices in the body's currency, else X-Currency) goes "
      + `through the outbox: attached when the address has asked for documents before (a link sent to it was opened), else as a link to ${GUIDE_PDF_PATH}/{token} `
      + `(valid ${LINK_DAYS} days). Answers the address. An address that has had MAIL_PER_RECIPIENT_PER_DAY guides in 24 hours: a field error on email `
      + '(nothing sent). Not a help request (no coordinator is asked). Captcha-marked (a write for the limiter).',
    body: SubscribeEbookBody, answer: ProgrammeSentAnswer,
    handler: async ({ body, ctx, request }) => {
      const email = normalEmail(body.email);
      const currency = body.currency ?? ctx.currency;
      const locale = ctx.locale;
      const attach = await hasAsked(s, email);
      // What the e-mail carries is ready before the address's count is taken: a refusal (the work budget's 429) costs it nothing.
      const pdf = attach ? await guides.get(locale, currency, s.work.payer(request, 'pdf')) : null;
      if (!pdf) await cachedGuideModel(s, locale, currency);
      await allowMail(s, request, email, 'travel_guide', 'email');
      const texts = TEXTS[locale];
      const why = fill(texts.why, { site: `${s.config.siteOrigin}${buildHref('index', {}, locale)}` });
      if (pdf) {
        await s.outbox.send({
          channel: 'email', recipient: email, subject: guideTitle(locale), text: `${texts.attached}\n\n${why}`,
          attachments: [{ filename: pdf.filename, contentType: 'application/pdf', content: pdf.bytes.toString('base64') }],
        });
      } else {
        const { link, token } = await newDocumentLink(s, GUIDE_PDF_PATH, { document: 'guide', tourId: 0, locale, currency }, email);
        await s.outbox.send({
          channel: 'email', recipient: email, subject: guideTitle(locale), secrets: [token],
          text: `${fill(texts.link, { link, days: String(LINK_DAYS) })}\n\n${why}`,
        });
      }
      return { success: true as const, email };
    },
  });

  // The guide behind a link: a file, not an API call of the spec (not in the API's description). A PDF made here costs
  // the opener's work budget; opening tells that the address asked (its next documents come attached).
  app.get<{ Params: { token: string } }>(`${GUIDE_PDF_PATH}/:token`, (request, reply) =>
    serveLinkedPdf(s, request.params.token, reply, 'guide', (ref) => guides.get(ref.locale, ref.currency, s.work.payer(request, 'pdf'))));

  return guides;
}
