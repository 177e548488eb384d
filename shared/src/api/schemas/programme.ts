/**
 * The tour programme (public-site §2.7 'PDF request', §4.5, §7.3): the programme PDF sent by e-mail, by WhatsApp (a
 * link to it) and to a subscriber; and the travel guide of the e-book sheet (§2.7, §7.4). Every call answers `success`;
 * the e-mail ones also the address, for 'We've sent the tour program to your e-mail ({email})'.
 */
import { type Infer, type Struct, boolean, literal, refine, string, type } from 'superstruct';
import { bodyEmail, bodyId, bodyPhone, currencyCode, opt, queryString, withMeta } from './common';

/** A text that must not be empty ('Required field'). */
const required = (struct: Struct<string, null>) => refine(struct, 'required', (v) => v !== '' || 'Required field');

const email = withMeta(required(bodyEmail), { maxLength: 254, format: 'email', description: 'Where to send the programme' });
const currency = opt(currencyCode('The currency of the prices in the PDF (X-Currency when left out)'));
const clientToken = (description: string) => opt(withMeta(queryString(64, { pattern: /^[A-Za-z0-9_.:-]*$/ }), { description }));

/** POST /spa/tour-program-order-via-email. */
export const ProgrammeByEmailBody = type({
  email,
  tour_id: bodyId('A published tour'),
  phone: opt(bodyPhone),
  currency,
});
export type ProgrammeByEmailBody = Infer<typeof ProgrammeByEmailBody>;

/** POST /spa/tour-program-order-via-whatsapp. */
export const ProgrammeByWhatsappBody = type({
  email: opt(bodyEmail),
  phone: withMeta(required(bodyPhone), { maxLength: 18, description: "The WhatsApp number: '+' and at least 9 digits" }),
  request_id: opt(bodyId('The request the programme is sent for (it must exist)')),
  tour_id: bodyId('A published tour'),
  currency,
});
export type ProgrammeByWhatsappBody = Infer<typeof ProgrammeByWhatsappBody>;

/** POST /spa/subscribe-tour-program. */
export const SubscribeProgrammeBody = type({
  email,
  tour_id: bodyId('A published tour'),
  subscriber_id: clientToken("The client's subscriber id"),
  currency,
  uuid: clientToken("The client's uuid"),
});
export type SubscribeProgrammeBody = Infer<typeof SubscribeProgrammeBody>;

/**
 * POST /spa/subscribe-ebook: the e-book subscription of public-site §7.4 ('({email})', its path not shown; issue 29):
 * the travel guide (a PDF in X-Language, prices in the currency) by e-mail. Answers ProgrammeSentAnswer.
 */
export const SubscribeEbookBody = type({
  email: withMeta(required(bodyEmail), { maxLength: 254, format: 'email', description: 'Where to send the travel guide' }),
  currency: opt(currencyCode('The currency of the prices in the guide (X-Currency when left out)')),
});
export type SubscribeEbookBody = Infer<typeof SubscribeEbookBody>;

/** The answer of the e-mail calls (the programme, the travel guide): the address it went to. */
export const ProgrammeSentAnswer = type({ success: literal(true), email: string() });
export type ProgrammeSentAnswer = Infer<typeof ProgrammeSentAnswer>;

/** The answer of the WhatsApp call. */
export const ProgrammeWhatsappAnswer = type({ success: boolean() });
export type ProgrammeWhatsappAnswer = Infer<typeof ProgrammeWhatsappAnswer>;
