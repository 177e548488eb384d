/**
 * A signed-in traveller's e-mail and phone (accounts-and-comms §2 'Profile and account settings', §7): an address
 * becomes the account's only once a code (or, for an e-mail, a link) sent to it came back — change-email and
 * change-phone send one, confirm-email and confirm-phone take it. Messages go in the traveller's language (their
 * profile's, else the page's); a changed e-mail's former address is told (issue 29).
 */
import type { FastifyRequest } from 'fastify';
import {
  ChangeEmailBody, ChangePhoneBody, ConfirmEmailBody, ConfirmPhoneBody, DoneAnswer, PhoneConfirmationMethodsAnswer, SendConfirmationCodeBody,
  type CodeSender,
} from '@tours/shared/src/api/schemas/accounts';
import type { ApiLocale } from '@tours/shared/src/api/schemas/common';
import { normalPhone } from '@tours/shared/src/api/schemas/common';
import { issueLinkToken, spendLinkToken } from '../db/queries/link-tokens';
import { travellerById, travellerByLogin, updateTraveller, type Traveller } from '../db/queries/travellers';
import { joinGuestRequests } from '../db/queries/trips';
import { sendEmailChanged, travellerLocale } from '../use-cases/booking-notices';
import { HttpError, validationError } from '../lib/errors';
import { channelsFor, normalEmail, type LoginKind } from '../domain/logins';
import { accountLink } from '../lib/messages';
import { CODE_LIFETIME_MS, type CodeCheck } from '../lib/one-time-codes';
import type { Services } from '../services';
import type { ApiRouter } from './router';
import { ACCOUNT_ERRORS, channelOf, done } from '../lib/accounts';
import { requireTraveller } from '../lib/auth';

const codeRefusal = (check: CodeCheck) => validationError({ code: check.status === 'wrong' ? ACCOUNT_ERRORS.incorrectCode : ACCOUNT_ERRORS.codeExpired });

export function registerContactRoutes(router: ApiRouter, s: Services): void {
  const tags = ['accounts'];
  const signedIn = 'Needs X-Authorization: Bearer {token} (401 otherwise).';

  /** Sends a code (and a link that does the same) to confirm an e-mail address for a traveller, in their language. */
  async function sendEmailCode(request: FastifyRequest, traveller: Traveller, email: string, pageLocale: ApiLocale): Promise<void> {
    const locale = travellerLocale(traveller, pageLocale);
    await s.codes.send(request, { login: email, purpose: 'email', travellerId: traveller.id }, {
      channel: 'email', locale,
      link: async () => {
        const token = await issueLinkToken(s.db, { purpose: 'confirm_email', travellerId: traveller.id, login: email, lifetimeMs: CODE_LIFETIME_MS }, s.date());
        return { token, url: accountLink(s.config.siteOrigin, locale, { confirm_email_token: token }) };
      },
    });
  }

  /** Sends the code confirming a phone number for a traveller, through the channel asked for, in their language. */
  async function sendPhoneCode(request: FastifyRequest, traveller: Traveller, phone: string, codeSender: CodeSender | undefined, pageLocale: ApiLocale): Promise<void> {
    await s.codes.send(request, { login: phone, purpose: 'phone', travellerId: traveller.id }, { channel: channelOf('phone', codeSender), locale: travellerLocale(traveller, pageLocale) });
  }

  /**
   * Makes a proved address the account's (409 when another account holds it); a guest's requests sent with it join the
   * account (issue 29), and a changed e-mail's former address is told (use-cases/booking-notices.ts sendEmailChanged).
   */
  async function takeAddress(request: FastifyRequest, locale: ApiLocale, travellerId: number, kind: LoginKind, value: string): Promise<void> {
    const heldByAnother = async () => {
      const holder = await travellerByLogin(s.db, { kind, value });
      return Boolean(holder && holder.id !== travellerId);
    };
    const taken = () => new HttpError(409, kind === 'email' ? ACCOUNT_ERRORS.emailTaken : ACCOUNT_ERRORS.phoneTaken);
    if (await heldByAnother()) throw taken();
    const now = s.date().toISOString();
    const before = await travellerById(s.db, travellerId);
    try {
      await updateTraveller(s.db, travellerId, kind === 'email' ? { email: value, is_email_set: 1, email_confirmed_at: now } : { phone: value, phone_confirmed_at: now }, s.date());
    } catch (err) {
      // The unique index: another account took it meanwhile.
      if (await heldByAnother()) throw taken();
      throw err;
    }
    await joinGuestRequests(s.db, travellerId, { kind, value });
    if (kind === 'email' && before) await sendEmailChanged(s, before, value, locale, request.log);
  }

  /** The number a phone code goes to: the one change-phone asked for, else the account's. */
  async function phoneToConfirm(traveller: Traveller): Promise<string | null> {
    return (await s.codes.pendingLogin(traveller.id, 'phone')) ?? traveller.phone;
  }

  router.add({
    method: 'POST', url: '/crm/api/user/email-confirmation-request', tags, summary: "Sends a code and a link to confirm the account's e-mail",
    description: `${signedIn} No body. 422 when the account has no e-mail. The code goes to confirm-email; the link (\`/account?confirm_email_token=…\`) too.`,
    answer: DoneAnswer, errors: [401],
    handler: async ({ request, ctx }) => {
      const traveller = await requireTraveller(s, request);
      if (!traveller.email) throw new HttpError(422, ACCOUNT_ERRORS.noEmail);
      await sendEmailCode(request, traveller, traveller.email, ctx.locale);
      return done;
    },
  });

  router.add({
    method: 'POST', url: '/crm/api/user/change-email', tags, summary: 'Sends a code and a link to a new e-mail address; confirm-email makes it the account\'s',
    description: `${signedIn} The account keeps its address until the new one is confirmed.`,
    body: ChangeEmailBody, answer: DoneAnswer, errors: [401],
    handler: async ({ body, request, ctx }) => {
      const traveller = await requireTraveller(s, request);
      if (!body.email) throw validationError({ email: 'Required field' });
      await sendEmailCode(request, traveller, normalEmail(body.email), ctx.locale);
      return done;
    },
  });

  router.add({
    method: 'POST', url: '/crm/api/user/confirm-email', tags, summary: 'Confirms an e-mail address: by the code (signed in) or by the token of the link',
    description:
      "`code`: the code email-confirmation-request or change-email sent (needs X-Authorization). `token`: the link's (no sign-in needed). The address becomes " +
      "the account's, confirmed; 409 when another account holds it.",
    body: ConfirmEmailBody, answer: DoneAnswer, errors: [401, 409],
    handler: async ({ body, request, ctx }) => {
      if (body.token) {
        const link = await spendLinkToken(s.db, body.token, 'confirm_email', s.date());
        if (!link?.traveller_id || !link.login) throw validationError({ token: ACCOUNT_ERRORS.linkExpired });
        await takeAddress(request, ctx.locale, link.traveller_id, 'email', link.login);
        return done;
      }
      if (!body.code) throw validationError({ code: 'Required field' });
      const traveller = await requireTraveller(s, request);
      const check = await s.codes.check({ purpose: 'email', travellerId: traveller.id }, body.code);
      if (check.status !== 'ok' || !check.login) throw codeRefusal(check);
      await takeAddress(request, ctx.locale, traveller.id, 'email', check.login);
      return done;
    },
  });

  router.add({
    method: 'POST', url: '/crm/api/user/change-phone', tags, summary: "Sends a code to a new phone number; confirm-phone makes it the account's",
    description: `${signedIn} code_sender: 'sms' (default) or 'whatsapp'.`,
    body: ChangePhoneBody, answer: DoneAnswer, errors: [401],
    handler: async ({ body, request, ctx }) => {
      const traveller = await requireTraveller(s, request);
      if (!body.phone) throw validationError({ phone: 'Required field' });
      await sendPhoneCode(request, traveller, normalPhone(body.phone), body.code_sender, ctx.locale);
      return done;
    },
  });

  router.add({
    method: 'GET', url: '/crm/api/user/phone-confirmation-methods', tags, summary: 'The number being confirmed and the channels its code can go through',
    description: `${signedIn} The number change-phone asked for, else the account's; no number: no methods.`,
    answer: PhoneConfirmationMethodsAnswer, errors: [401],
    handler: async ({ request }) => {
      const phone = await phoneToConfirm(await requireTraveller(s, request));
      const methods: CodeSender[] = phone ? channelsFor('phone') : [];
      return { phone, verification_methods: methods.map((type, i) => ({ type, is_default: i === 0 })) };
    },
  });

  router.add({
    method: 'POST', url: '/crm/api/user/send-confirmation-code', tags, summary: 'Sends the code for the number being confirmed (again)',
    description: `${signedIn} code_sender: 'sms' (default) or 'whatsapp'. 422 when there is no number to confirm.`,
    body: SendConfirmationCodeBody, answer: DoneAnswer, errors: [401],
    handler: async ({ body, request, ctx }) => {
      const traveller = await requireTraveller(s, request);
      const phone = await phoneToConfirm(traveller);
      if (!phone) throw new HttpError(422, ACCOUNT_ERRORS.noPhone);
      await sendPhoneCode(request, traveller, phone, body.code_sender, ctx.locale);
      return done;
    },
  });

  router.add({
    method: 'POST', url: '/crm/api/user/confirm-phone', tags, summary: "Confirms the number with its code: it becomes the account's",
    description: `${signedIn} 422 on \`code\` for a wrong or expired code; 409 when another account holds the number.`,
    body: ConfirmPhoneBody, answer: DoneAnswer, errors: [401, 409],
    handler: async ({ body, request, ctx }) => {
      const traveller = await requireTraveller(s, request);
      const check = await s.codes.check({ purpose: 'phone', travellerId: traveller.id }, body.code);
      if (check.status !== 'ok' || !check.login) throw codeRefusal(check);
      await takeAddress(request, ctx.locale, traveller.id, 'phone', check.login);
      return done;
    },
  });
}
