/**
 * Sign-in (accounts-and-comms §2 'Login / sign-up modal', §3, §4 'Sign-in flow', 'Logout', §7 'Account and sign-in'):
 * by a one-time code (register-without-password or send-auth-code, then auth-via-code), by password (register,
 * auth, recovery and reset), by a one-time link, and the token's life (refresh, logout).
 *
 * Nothing here tells whether a login has an account: sending a code answers the same for a known and an unknown
 * login (a code goes out either way; the code then signs in or signs up), password recovery answers the same for
 * an unknown address, and a wrong password takes as long as an unknown login (and locks alike: lib/password-guard.ts).
 *
 * Every sign-in makes the browser's device known to the account (lib/known-devices.ts): it still gets in while the
 * account refuses password tries from other devices, and still gets codes past the login's caps.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  AuthBody, AuthViaCodeBody, ChangePasswordBody, DoneAnswer, OneTimeTokenBody, PasswordRecoveryBody, PasswordResetBody, RefreshTokenAnswer,
  RegisterBody, RegisterWithoutPasswordBody, ResetTokenAnswer, ResetTokenBody, SendAuthCodeBody, SendCodeAnswer, SignedInAnswer,
  type CodeSender,
} from '@tours/shared/src/api/schemas/accounts';
import type { ApiLocale } from '@tours/shared/src/api/schemas/common';
import { normalPhone } from '@tours/shared/src/api/schemas/common';
import { addFavouriteTours, favouriteTourIds } from '../db/queries/favourites';
import { joinGuestRequests } from '../db/queries/trips';
import { travellerLocale } from '../use-cases/booking-notices';
import { expireLinkTokens, issueLinkToken, liveLinkToken, spendLinkToken } from '../db/queries/link-tokens';
import {
  insertTraveller, issueToken, revokeToken, revokeTravellerTokens, travellerById, travellerByLogin, travellerOfLogin, updateTraveller,
  type Traveller,
} from '../db/queries/travellers';
import { HttpError, validationError } from '../lib/errors';
import { channelsFor, maskEmail, normalEmail, parseLogin, type Login } from '../domain/logins';
import { accountLink, composeMessage } from '../lib/messages';
import { CODE_LIFETIME_MS } from '../lib/one-time-codes';
import { passwordLocked } from '../lib/password-guard';
import { hashPassword, verifyPassword, warmUpPasswords } from '../lib/passwords';
import type { Services } from '../services';
import type { ApiRouter } from './router';
import { ACCOUNT_ERRORS, channelOf, done, profileOf } from '../lib/accounts';
import { bearerToken, requireTraveller } from '../lib/auth';
import { countryById } from '../db/queries/reference';

/** A password-reset link works for an hour. */
const PASSWORD_RESET_LIFETIME_MS = 60 * 60_000;

/** What a code send answers, the same whether the login has an account or not. */
function codeSentAnswer(login: Login, channel: CodeSender): SendCodeAnswer {
  return {
    is_bot: false,
    verification_methods: channelsFor(login.kind).map((type) => ({ type, is_default: type === channel })),
    masked_email: login.kind === 'email' ? maskEmail(login.value) : null,
    is_registered: true,
    error: null,
    is_verification_code_sent: true,
    token: null,
    profile: null,
  };
}

/**
 * A traveller proved to hold a login (a code or a link reached it). The first proof on an account nobody had proved
 * before also ends the password and the sessions someone set up on it without proof: an address registered in
 * someone else's name becomes its owner's alone.
 */
async function proveLogin(s: Services, traveller: Traveller, login: Login): Promise<Traveller> {
  const field = login.kind === 'email' ? 'email_confirmed_at' : 'phone_confirmed_at';
  if (traveller[field] !== null) return traveller;
  const now = s.date();
  const unproven = traveller.email_confirmed_at === null && traveller.phone_confirmed_at === null;
  if (unproven && traveller.password_hash !== null) {
    await revokeTravellerTokens(s.db, traveller.id, now);
    s.sessions.ended({ kind: 'traveller', travellerId: Number(traveller.id) });
    return updateTraveller(s.db, traveller.id, { [field]: now.toISOString(), password_hash: null }, now);
  }
  return updateTraveller(s.db, traveller.id, { [field]: now.toISOString() }, now);
}

/** The request and reply of a sign-in: the device it came from becomes known to the account. */
interface SignInCall {
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * Signs a traveller in: the device's favourites join the account, and so do a guest's requests sent with a login the
 * sign-in proved; the device becomes known to it, a new token is issued.
 */
async function startSession(
  s: Services, traveller: Traveller, call: SignInCall, options: { locale: ApiLocale; proved?: Login; favourites?: readonly number[]; created?: boolean },
): Promise<SignedInAnswer> {
  const now = s.date();
  const row = options.proved ? await proveLogin(s, traveller, options.proved) : traveller;
  // Requests a guest sent with the login just proved become the account's (My trips, issue 29).
  if (options.proved) await joinGuestRequests(s.db, Number(row.id), options.proved);
  await s.devices.remember(call.request, call.reply, `traveller:${Number(row.id)}`);
  const joining = Boolean(options.favourites?.length);
  if (joining) await addFavouriteTours(s.db, row.id, options.favourites!, now);
  const token = await issueToken(s.db, row.id, now);
  // An account made just now has no favourites but the device's.
  const favourites = options.created && !joining ? [] : await favouriteTourIds(s.db, row.id);
  return { token, profile: await profileOf(s, row, options.locale), favourites_tours_ids: favourites };
}

export function registerSignInRoutes(router: ApiRouter, s: Services): void {
  const tags = ['sign-in'];
  warmUpPasswords();

  /**
   * Sends a sign-in code (with a one-time link in an e-mail) to a login, within the send limits: in the language of the
   * login's account once it has proved an address (as the password reset; issue 29: every message in the traveller's
   * language), else the page's. An account nobody has proved took its language from whoever typed the login first.
   */
  async function sendSignInCode(request: FastifyRequest, login: Login, channel: CodeSender, pageLocale: ApiLocale): Promise<void> {
    const holder = await travellerByLogin(s.db, login);
    const proved = holder && (holder.email_confirmed_at !== null || holder.phone_confirmed_at !== null);
    const locale = proved ? travellerLocale(holder, pageLocale) : pageLocale;
    await s.codes.send(request, { login: login.value, purpose: 'sign_in', travellerId: null }, {
      channel, locale,
      link: async () => {
        const token = await issueLinkToken(s.db, { purpose: 'sign_in', travellerId: null, login: login.value, lifetimeMs: CODE_LIFETIME_MS }, s.date());
        return { token, url: accountLink(s.config.siteOrigin, locale, { one_time_token: token }) };
      },
    });
  }

  router.add({
    method: 'POST', url: '/crm/api/user/register-without-password', tags, summary: 'Quick sign-up or sign-in: sends a one-time code to a phone or an e-mail',
    description:
      "The login is `email` when code_sender is 'email' or no phone is given, else `phone`; neither given: 'Required field' on the one the site shows " +
      "first (main_auth_method). code_sender: 'email' for an e-mail, 'sms' (default) or 'whatsapp' for a phone. A new login gets an account with " +
      'the names, country and timezone given; a known one is left as it is. The answer is the same for both (`is_registered: true` once the code is ' +
      "on its way). Past the send limits: 429 with data.type 'captcha' or 'hard_captcha' (the retry with x-captcha-token passes).",
    body: RegisterWithoutPasswordBody, answer: SendCodeAnswer,
    handler: async ({ body, request, ctx }) => {
      const byEmail = body.code_sender === 'email' || (body.code_sender === undefined && !body.phone && Boolean(body.email));
      const text = byEmail ? body.email : body.phone;
      if (!text) {
        const shown = body.code_sender !== undefined ? (byEmail ? 'email' : 'phone') : (await s.settings()).get('main_auth_method') === '2' ? 'email' : 'phone';
        throw validationError({ [shown]: 'Required field' });
      }
      const login: Login = byEmail ? { kind: 'email', value: normalEmail(text) } : { kind: 'phone', value: normalPhone(text) };
      const channel = channelOf(login.kind, body.code_sender);
      if (body.country_id !== undefined) {
        const country = await countryById(s.db, body.country_id);
        if (!country) throw validationError({ country_id: 'Incorrect value' });
      }
      await sendSignInCode(request, login, channel, ctx.locale);
      // Only a new login takes the profile: nobody has proved anything yet, so a known account is not touched.
      await travellerOfLogin(s.db, login, {
        first_name: body.first_name ?? '', last_name: body.last_name ?? '', country_id: body.country_id ?? null, timezone: body.timezone ?? null, language: ctx.locale,
      }, s.date());
      return codeSentAnswer(login, channel);
    },
  });

  router.add({
    method: 'POST', url: '/crm/api/user/send-auth-code', tags, summary: 'Sends a one-time sign-in code to a login (again)',
    description:
      "login: an e-mail or a phone. code_sender: 'email' for an e-mail, 'sms' (default) or 'whatsapp' for a phone (422 otherwise). The answer is the " +
      "same whether the login has an account (the code then signs up). A new code ends the previous one. Past the send limits: 429 'captcha' / 'hard_captcha'.",
    body: SendAuthCodeBody, answer: SendCodeAnswer,
    handler: async ({ body, request, ctx }) => {
      const login = parseLogin(body.login);
      const channel = channelOf(login.kind, body.code_sender);
      await sendSignInCode(request, login, channel, ctx.locale);
      return codeSentAnswer(login, channel);
    },
  });

  for (const url of ['/crm/api/user/auth-via-code', '/crm/api/user/redirect-auth-via-code']) {
    router.add({
      method: 'POST', url, tags, summary: 'Signs in with the one-time code: the token, the profile and the favourites of the account',
      description:
        "A wrong code is a 422 `{ errors: { code: 'Incorrect code' } }`; after 5 wrong codes, 10 minutes, or once used, the code has expired " +
        "(`errors.code`: 'The code has expired. Request a new one'). A login without an account gets one. favourites_tours_ids (the device's) " +
        'join the account; the answer lists all of its favourites.' + (url.includes('redirect') ? ' The same as auth-via-code.' : ''),
      body: AuthViaCodeBody, answer: SignedInAnswer,
      handler: async ({ body, ctx, request, reply }) => {
        const login = parseLogin(body.login);
        const check = await s.codes.check({ login: login.value, purpose: 'sign_in', travellerId: null }, body.code);
        if (check.status !== 'ok') throw validationError({ code: check.status === 'wrong' ? ACCOUNT_ERRORS.incorrectCode : ACCOUNT_ERRORS.codeExpired });
        const { traveller, created } = await travellerOfLogin(s.db, login, { first_name: '', last_name: '', language: ctx.locale }, s.date(), { proved: true, held: check.held });
        return startSession(s, traveller, { request, reply }, { locale: ctx.locale, proved: login, favourites: body.favourites_tours_ids, created });
      },
    });
  }

  router.add({
    method: 'POST', url: '/crm/api/user/access-token-by-one-time-token', tags, summary: 'Signs in with the token of a one-time link (the sign-in e-mail)',
    description: "The token works once, for 10 minutes (`errors.token` otherwise). Answers like auth-via-code; favourites_tours_ids (the device's) join the account.",
    body: OneTimeTokenBody, answer: SignedInAnswer,
    handler: async ({ body, ctx, request, reply }) => {
      const link = await spendLinkToken(s.db, body.token, 'sign_in', s.date());
      if (!link?.login) throw validationError({ token: ACCOUNT_ERRORS.linkExpired });
      const login = parseLogin(link.login);
      const { traveller } = await travellerOfLogin(s.db, login, { first_name: '', last_name: '', language: ctx.locale }, s.date(), { proved: true });
      return startSession(s, traveller, { request, reply }, { locale: ctx.locale, proved: login, favourites: body.favourites_tours_ids });
    },
  });

  router.add({
    method: 'POST', url: '/crm/api/user/register', tags, summary: 'Signs up with an e-mail and a password, and signs in',
    description:
      "confirm_password must equal password ('Do not match'). An e-mail or phone that has an account is a 422 on that field. The e-mail is " +
      'not confirmed yet (email-confirmation-request); until an address of the account is proved, signing in by code ends this password.',
    body: RegisterBody, answer: SignedInAnswer,
    handler: async ({ body, ctx, request, reply }) => {
      if (body.password !== body.confirm_password) throw validationError({ confirm_password: ACCOUNT_ERRORS.passwordsDiffer });
      if (!body.email) throw validationError({ email: 'Required field' });
      const email: Login = { kind: 'email', value: normalEmail(body.email) };
      const phone: Login | null = body.phone ? { kind: 'phone', value: normalPhone(body.phone) } : null;
      if (await travellerByLogin(s.db, email)) throw validationError({ email: ACCOUNT_ERRORS.emailRegistered });
      if (phone && (await travellerByLogin(s.db, phone))) throw validationError({ phone: ACCOUNT_ERRORS.phoneRegistered });
      let id: number;
      try {
        id = await insertTraveller(s.db, {
          first_name: body.first_name, last_name: body.last_name ?? '', email: email.value, phone: phone?.value ?? null, timezone: body.timezone ?? null,
          language: ctx.locale, password_hash: await hashPassword(body.password),
        }, s.date());
      } catch (err) {
        // The same login signed up at the same moment (the unique index refused this one).
        if (await travellerByLogin(s.db, email)) throw validationError({ email: ACCOUNT_ERRORS.emailRegistered });
        if (phone && (await travellerByLogin(s.db, phone))) throw validationError({ phone: ACCOUNT_ERRORS.phoneRegistered });
        throw err;
      }
      return startSession(s, (await travellerById(s.db, id))!, { request, reply }, { locale: ctx.locale, favourites: body.favourites_tours_ids });
    },
  });

  router.add({
    method: 'POST', url: '/crm/api/user/auth', tags, summary: 'Signs in with a login (e-mail or phone) and a password',
    description:
      "A wrong password, an unknown login and an account without a password are the same 422 `{ message: 'Incorrect login or password' }`, in the same time. " +
      'After 5 wrong passwords for an account (from any address; an unknown login alike) the next try from a device that never signed in to it is ' +
      'refused for a minute, doubling with each further wrong one up to a day: 429 `{ message }` (in X-Language) with Retry-After, the password not ' +
      'looked at. A device the account signed in from before (the device_id cookie the sign-in calls set) is counted on its own and still gets in.',
    body: AuthBody, answer: SignedInAnswer,
    handler: async ({ body, ctx, request, reply }) => {
      const login = parseLogin(body.login);
      const traveller = await travellerByLogin(s.db, login);
      const verdict = await s.passwords.check(
        request, { account: traveller ? `traveller:${Number(traveller.id)}` : null, loginSubject: `login:${login.value}` },
        () => verifyPassword(body.password, traveller?.password_hash ?? null),
      );
      if (verdict.status === 'locked') throw passwordLocked('password_locked', ctx.locale, verdict.retryAfterMs);
      if (!traveller || verdict.status !== 'ok') throw new HttpError(422, ACCOUNT_ERRORS.incorrectLogin);
      return startSession(s, traveller, { request, reply }, { locale: ctx.locale, favourites: body.favourites_tours_ids });
    },
  });

  router.add({
    method: 'POST', url: '/crm/api/user/password-recovery', tags, summary: 'E-mails a link to choose a new password',
    description: 'The link (`/account?password_reset_token=…` on SITE_ORIGIN) works once, for an hour; a newer one ends it. The answer is the same for an address without an account.',
    body: PasswordRecoveryBody, answer: DoneAnswer,
    handler: async ({ body, ctx }) => {
      if (!body.email) throw validationError({ email: 'Required field' });
      const traveller = await travellerByLogin(s.db, { kind: 'email', value: normalEmail(body.email) });
      if (traveller?.email) {
        const now = s.date();
        await expireLinkTokens(s.db, traveller.id, 'password_reset', now);
        const token = await issueLinkToken(s.db, { purpose: 'password_reset', travellerId: traveller.id, login: traveller.email, lifetimeMs: PASSWORD_RESET_LIFETIME_MS }, now);
        const locale = (traveller.language as ApiLocale | null) ?? ctx.locale;
        const message = composeMessage('password_reset', locale, 'email', {
          link: accountLink(s.config.siteOrigin, locale, { password_reset_token: token }), minutes: PASSWORD_RESET_LIFETIME_MS / 60_000,
        });
        await s.outbox.send({ channel: 'email', recipient: traveller.email, ...message, secrets: [token] });
      }
      return done;
    },
  });

  router.add({
    method: 'POST', url: '/crm/api/user/check-password-reset-token', tags, summary: 'Whether a password-reset link still works',
    body: ResetTokenBody, answer: ResetTokenAnswer,
    handler: async ({ body }) => ({ valid: Boolean(await liveLinkToken(s.db, body.token, 'password_reset', s.date())) }),
  });

  router.add({
    method: 'POST', url: '/crm/api/user/password-reset', tags, summary: 'Sets a new password with the token of the reset link',
    description: "Every token of the account ends (sign in again). A used or expired link: `errors.token`. confirm_password, when given, must equal password.",
    body: PasswordResetBody, answer: DoneAnswer,
    handler: async ({ body }) => {
      if (body.confirm_password !== undefined && body.confirm_password !== body.password) throw validationError({ confirm_password: ACCOUNT_ERRORS.passwordsDiffer });
      const expired = validationError({ token: ACCOUNT_ERRORS.linkExpired });
      // A dead link costs no hash.
      if (!(await liveLinkToken(s.db, body.token, 'password_reset', s.date()))) throw expired;
      const hash = await hashPassword(body.password);
      const now = s.date();
      const link = await spendLinkToken(s.db, body.token, 'password_reset', now);
      const traveller = link?.traveller_id ? await travellerById(s.db, link.traveller_id) : undefined;
      if (!traveller) throw expired;
      // The link reached the account's e-mail: that proves it.
      const proved = traveller.email !== null && traveller.email === link?.login && traveller.email_confirmed_at === null;
      await updateTraveller(s.db, traveller.id, { password_hash: hash, ...(proved ? { email_confirmed_at: now.toISOString() } : {}) }, now);
      await revokeTravellerTokens(s.db, traveller.id, now);
      s.sessions.ended({ kind: 'traveller', travellerId: Number(traveller.id) });
      await expireLinkTokens(s.db, traveller.id, 'password_reset', now);
      return done;
    },
  });

  router.add({
    method: 'POST', url: '/crm/api/user/change-password', tags, summary: "Changes the signed-in traveller's password",
    description:
      "Needs X-Authorization. old_password is required when the account has a password ('Incorrect password' otherwise); confirm_password must " +
      "equal password. The traveller's other tokens end; this one goes on.",
    body: ChangePasswordBody, answer: DoneAnswer, errors: [401],
    handler: async ({ body, request }) => {
      const traveller = await requireTraveller(s, request);
      if (body.password !== body.confirm_password) throw validationError({ confirm_password: ACCOUNT_ERRORS.passwordsDiffer });
      if (traveller.password_hash !== null && !(await verifyPassword(body.old_password ?? '', traveller.password_hash))) {
        throw validationError({ old_password: ACCOUNT_ERRORS.incorrectPassword });
      }
      const now = s.date();
      await updateTraveller(s.db, traveller.id, { password_hash: await hashPassword(body.password) }, now);
      const keep = bearerToken(request) ?? undefined;
      await revokeTravellerTokens(s.db, traveller.id, now, keep);
      s.sessions.ended({ kind: 'traveller', travellerId: Number(traveller.id), ...(keep ? { keep } : {}) });
      return done;
    },
  });

  router.add({
    method: 'POST', url: '/crm/api/user/refresh-token', tags, summary: 'A new token for the signed-in traveller; the one sent ends',
    description: 'Needs X-Authorization (401 otherwise). No body.',
    answer: RefreshTokenAnswer, errors: [401],
    handler: async ({ request }) => {
      const traveller = await requireTraveller(s, request);
      const now = s.date();
      const token = await issueToken(s.db, traveller.id, now);
      const old = bearerToken(request)!;
      await revokeToken(s.db, old, now);
      s.sessions.ended({ kind: 'token', token: old });
      return { token };
    },
  });

  router.add({
    method: 'POST', url: '/crm/api/user/logout', tags, summary: 'Ends the token sent',
    description: 'Answers `{ success: true }` whether the token was live or not (the client clears its session either way). No body.',
    answer: DoneAnswer,
    handler: async ({ request }) => {
      const token = bearerToken(request);
      if (token) {
        await revokeToken(s.db, token, s.date());
        s.sessions.ended({ kind: 'token', token });
      }
      return done;
    },
  });
}
