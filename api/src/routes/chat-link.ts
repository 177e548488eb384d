/**
 * POST /spa/send-chat-link-sms (public-site §2.7 'SMS chat link', §8; issue 14, issue 15): the success screen's
 * 'Send link' texts the chat link of the request just made to the request's phone, through the outbox's SMS channel.
 * The path is not in the spec; the request is named by its id and uuid (the uuid is the key, as for every update).
 *
 * - The link is the request's messenger deep link (Telegram first, then WhatsApp: the chat-sources of the request),
 *   or the site's chat page when no messenger is configured.
 * - No SMS provider: 503 with the §8 text ('SMS service is currently unavailable …'). In development (DEV_MODE) the
 *   message is kept in the outbox instead, so the flow can be read there.
 * - At most MAX_CHAT_LINK_SMS per request (409 after that): a stranger holding a uuid cannot pump messages; and at most
 *   MAIL_PER_RECIPIENT_PER_DAY a day to one phone whatever the request (lib/mail-limits.ts; the same 409).
 */
import {
  ChatLinkSmsAnswer, ChatLinkSmsBody, MAX_CHAT_LINK_SMS, SMS_UNAVAILABLE_MESSAGE,
} from '@tours/shared/src/api/schemas/requests';
import { appendHistory, bookingDb, historyOf, requestById } from '../db/queries/booking';
import * as reference from '../db/queries/reference';
import { maskPhone } from '../use-cases/booking';
import { HttpError, notFound, validationError } from '../lib/errors';
import { takeMailAllowance } from '../lib/mail-limits';
import type { Services } from '../services';
import type { ApiRouter } from './router';
import { chatRef } from '../domain/chat-link';

/** The request's chat link: its Telegram, else WhatsApp deep link, else the site's chat page. */
async function chatLinkOf(s: Services, requestId: number, locale: string): Promise<string> {
  const rows = await s.cached('chat-sources', () => reference.chatSources(s.db));
  const ref = chatRef({ request_id: String(requestId) });
  for (const messenger of ['telegram', 'whatsapp']) {
    const template = rows.find((r) => r.source === messenger)?.url_template;
    if (template) return template.replace('{ref}', encodeURIComponent(ref)).replace('{text}', encodeURIComponent(`Hello! My reference: ${ref}`));
  }
  return `${s.config.siteOrigin}/${locale}/chat`;
}

export function registerChatLinkRoutes(router: ApiRouter, s: Services): void {
  router.add({
    method: 'POST', url: '/spa/send-chat-link-sms', tags: ['requests'], summary: "Texts the request's chat link to its phone (the success screen's 'Send link')",
    description: "Body `{ request_id, requestUUID }`. The SMS goes to the request's phone through the outbox: the request's Telegram (else WhatsApp) deep link, "
      + `else the site's chat page. No phone: 422 on phone. No SMS provider: 503 with the §8 text (development keeps the message in the outbox). At most ${MAX_CHAT_LINK_SMS} per request (409). `
      + 'Answers `{ success: true, phone }` (masked). Captcha: writes limit.',
    body: ChatLinkSmsBody, answer: ChatLinkSmsAnswer, errors: [404, 409, 503],
    handler: async ({ body, ctx, reply, request }) => {
      reply.header('cache-control', 'private, no-store');
      const row = await requestById(s.db, body.request_id);
      if (!row || row.uuid !== body.requestUUID) throw notFound('Request not found');
      if (!row.phone) throw validationError({ phone: 'Required field' });
      if (!s.outbox.delivers('sms') && !s.config.devMode) throw new HttpError(503, SMS_UNAVAILABLE_MESSAGE);
      const id = Number(row.id);
      const sent = (await historyOf(s.db, id)).filter((h) => h.action === 'chat_link_sms').length;
      if (sent >= MAX_CHAT_LINK_SMS) throw new HttpError(409, 'The chat link has already been sent to this phone');
      // The phone was typed with the request: many requests naming one phone still text it at most so often (issue 28).
      await s.work.charge(request, 'mail');
      if (!(await takeMailAllowance(s.db, row.phone, 'chat_link', s.config.mailPerRecipientPerDay, s.now()))) {
        throw new HttpError(409, 'The chat link has already been sent to this phone');
      }
      const link = await chatLinkOf(s, id, ctx.locale);
      await s.outbox.send({ channel: 'sms', recipient: row.phone, subject: `Chat about request #${id}`, text: `Your chat with the travel expert about request #${id}: ${link}` });
      await appendHistory(bookingDb(s.db), id, { actor: 'system', action: 'chat_link_sms' }, s.date());
      return { success: true, phone: maskPhone(row.phone) };
    },
  });
}
