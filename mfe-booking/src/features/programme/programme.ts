/**
 * Rules of the programme PDF request (public-site §2.7 'PDF request modal', §4.5, §7.3): how the programme is sent
 * (by e-mail; by WhatsApp only while the site setting send_tour_program_in_pdf_via_whatsapp is on), which fields that
 * needs, the bodies of the three calls, and the success alert.
 */

export type Channel = 'email' | 'whatsapp';
export const CHANNELS: readonly Channel[] = ['email', 'whatsapp'];

export type ProgrammeValues = {
  channel: Channel;
  email: string;
  /** The WhatsApp number as typed. */
  phone: string;
  /** Also subscribe this e-mail to updates of the programme. */
  subscribe: boolean;
};

export const EMPTY_PROGRAMME: ProgrammeValues = { channel: 'email', email: '', phone: '', subscribe: false };

/** Body of POST /spa/tour-program-order-via-email (shared ProgrammeByEmailBody). */
export interface ProgrammeEmailBody { email: string; tour_id: number; currency: string }
/** Body of POST /spa/tour-program-order-via-whatsapp (shared ProgrammeByWhatsappBody). */
export interface ProgrammeWhatsappBody { phone: string; tour_id: number; currency: string; email?: string; request_id?: number }
/** Body of POST /spa/subscribe-tour-program (shared SubscribeProgrammeBody). */
export interface ProgrammeSubscribeBody { email: string; tour_id: number; currency: string; subscriber_id?: string }

export type ProgrammeRequest = { channel: 'email'; body: ProgrammeEmailBody } | { channel: 'whatsapp'; body: ProgrammeWhatsappBody };

/** What the calls take besides the form: the tour, the site currency, and the visitor's cookies. */
export interface ProgrammeContext {
  tourId: number;
  currency: string;
  /** The WhatsApp number as the calls take it ('+' and digits). */
  phone: string;
  /** The last_request_id cookie: the WhatsApp message is tied to that request. */
  lastRequestId?: string | null;
  /** The subscriber_id cookie. */
  subscriberId?: string | null;
}

/** The channel in force: WhatsApp only while the site allows it (a draft may remember it from before). */
export function channelOf(values: Pick<ProgrammeValues, 'channel'>, whatsappAllowed: boolean): Channel {
  return whatsappAllowed && values.channel === 'whatsapp' ? 'whatsapp' : 'email';
}

/** The e-mail is asked for (and required) when the programme goes there, or for the subscription. */
export function needsEmail(values: Pick<ProgrammeValues, 'channel' | 'subscribe'>, whatsappAllowed: boolean): boolean {
  return channelOf(values, whatsappAllowed) === 'email' || values.subscribe;
}

/** The WhatsApp number is asked for (and required) only when the programme goes by WhatsApp. */
export function needsPhone(values: Pick<ProgrammeValues, 'channel'>, whatsappAllowed: boolean): boolean {
  return channelOf(values, whatsappAllowed) === 'whatsapp';
}

/** A draft's values, each of its own kind (an old or edited draft cannot choose an unknown channel). */
export function normaliseValues(values: ProgrammeValues): ProgrammeValues {
  return { ...values, channel: CHANNELS.includes(values.channel) ? values.channel : 'email' };
}

/** The last request's id from its cookie, when it is one (the API refuses ids that name no request). */
export function requestIdOf(cookie: string | null | undefined): number | undefined {
  const raw = cookie?.trim() ?? '';
  return /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= 2_147_483_647 ? Number(raw) : undefined;
}

/** The subscriber id from its cookie, when it has the form the API keeps (1–64 of A–Z a–z 0–9 _ . : -). */
export function subscriberIdOf(cookie: string | null | undefined): string | undefined {
  const raw = cookie?.trim() ?? '';
  return /^[A-Za-z0-9_.:-]{1,64}$/.test(raw) ? raw : undefined;
}

/** The call that sends the programme, with its body: only what the channel needs. */
export function programmeRequest(values: ProgrammeValues, ctx: ProgrammeContext, whatsappAllowed: boolean): ProgrammeRequest {
  const email = values.email.trim();
  if (channelOf(values, whatsappAllowed) === 'email') return { channel: 'email', body: { email, tour_id: ctx.tourId, currency: ctx.currency } };
  const requestId = requestIdOf(ctx.lastRequestId);
  return {
    channel: 'whatsapp',
    body: {
      phone: ctx.phone,
      tour_id: ctx.tourId,
      currency: ctx.currency,
      // The e-mail only when it is asked for (the subscription): a hidden field sends nothing.
      ...(values.subscribe && email ? { email } : {}),
      ...(requestId ? { request_id: requestId } : {}),
    },
  };
}

/** The subscription's body when it was asked for, else null. */
export function subscriptionOf(values: ProgrammeValues, ctx: ProgrammeContext): ProgrammeSubscribeBody | null {
  const email = values.email.trim();
  if (!values.subscribe || !email) return null;
  const subscriberId = subscriberIdOf(ctx.subscriberId);
  return { email, tour_id: ctx.tourId, currency: ctx.currency, ...(subscriberId ? { subscriber_id: subscriberId } : {}) };
}

/** The same WhatsApp body without the request: what is sent again when the API says the cookie's request is unknown. */
export function withoutRequest(body: ProgrammeWhatsappBody): ProgrammeWhatsappBody {
  const { request_id: _dropped, ...rest } = body;
  return rest;
}

/** Field errors that only say the last request is unknown (a stale cookie, not something the traveller can fix). */
export function onlyRequestRefused(fieldErrors: Readonly<Record<string, string>>): boolean {
  const names = Object.keys(fieldErrors);
  return names.length === 1 && names[0] === 'request_id';
}

/** Where the programme went: the address the API answered, or the WhatsApp number. */
export type Sent = { channel: 'email'; email: string } | { channel: 'whatsapp'; phone: string };

/** The success alert (§4.5 'Check your inbox!' / 'We've sent the tour program to your e-mail ({email})'). */
export function sentMessage(sent: Sent): { titleId: string; textId: string; values: Record<string, string> } {
  return sent.channel === 'email'
    ? { titleId: 'programme.sent.emailTitle', textId: 'programme.sent.emailText', values: { email: sent.email } }
    : { titleId: 'programme.sent.whatsappTitle', textId: 'programme.sent.whatsappText', values: { phone: sent.phone } };
}
