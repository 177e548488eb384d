/**
 * The programme calls of the PDF request (public-site §7.3), each captcha-marked: by e-mail, by WhatsApp and the
 * subscription. They take no Idempotency-Key (api/src/routes/programme.ts), so none is sent: a resend after a lost
 * answer may send the programme twice, which is harmless.
 */
import { ProgrammeSentAnswer, ProgrammeWhatsappAnswer, type ApiClient } from '@tours/shared/api';
import type { ProgrammeEmailBody, ProgrammeSubscribeBody, ProgrammeWhatsappBody } from './programme';

/** POST /spa/tour-program-order-via-email: answers the address the PDF went to (as the API normalised it). */
export function sendProgrammeByEmail(api: ApiClient, body: ProgrammeEmailBody) {
  return api.post('/spa/tour-program-order-via-email', body, { schema: ProgrammeSentAnswer, captcha: true });
}

/** POST /spa/tour-program-order-via-whatsapp: a link to the PDF; 409 while the site setting is off. */
export function sendProgrammeByWhatsapp(api: ApiClient, body: ProgrammeWhatsappBody) {
  return api.post('/spa/tour-program-order-via-whatsapp', body, { schema: ProgrammeWhatsappAnswer, captcha: true });
}

/** POST /spa/subscribe-tour-program: once per e-mail and tour (a repeat answers the same and sends nothing). */
export function subscribeToProgramme(api: ApiClient, body: ProgrammeSubscribeBody) {
  return api.post('/spa/subscribe-tour-program', body, { schema: ProgrammeSentAnswer, captcha: true });
}
