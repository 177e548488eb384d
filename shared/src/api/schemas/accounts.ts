/**
 * Traveller account calls (accounts-and-comms §3 'User / profile', §7): GET /crm/api/user/profile and
 * POST /crm/api/user/set-currency (X-Authorization: Bearer {token}), and the sign-in calls that issue tokens. Public-site §9: changing the currency while logged in saves it to the profile.
 */
import { type Infer, array, boolean, enums, integer, nullable, refine, size, string, type } from 'superstruct';
import { API_LOCALES, CURRENCY_CODES, bodyEmail, bodyId, dflt, bodyPhone, bodyText, isEmail, opt, queryId, queryString, withMeta } from './common';

/** The traveller's country, as the country list gives it (GET /crm/api/dropdown/country). */
export const ProfileCountry = type({ id: integer(), name: string(), iso_code: string() });

/** §3 'User / profile', with the language and currency §1 says a profile holds. */
export const UserProfile = type({
  id: integer(),
  first_name: string(),
  last_name: string(),
  email: nullable(string()),
  is_email_set: boolean(),
  phone: nullable(string()),
  country: nullable(ProfileCountry),
  language: nullable(string()),
  currency: nullable(string()),
  is_admin_auth: boolean(),
  /** Whether the traveller proved the e-mail / phone (by a code or a link); false in answers that predate them. */
  is_email_confirmed: dflt(boolean(), false),
  is_phone_confirmed: dflt(boolean(), false),
  /**
   * The profile photo's URL (update-profile-photo; §3 names no field for it: docs/decisions.md 'File uploads'), null
   * without one; null in answers that predate it.
   */
  avatar_url: dflt(nullable(string()), null),
});
export type UserProfile = Infer<typeof UserProfile>;

/** GET /crm/api/user/profile */
export const ProfileAnswer = type({ profile: UserProfile });
export type ProfileAnswer = Infer<typeof ProfileAnswer>;

/**
 * POST /crm/api/user/set-currency. §5: a currency code must be 3 characters long; it must also be one the site
 * offers (upper case).
 */
export const SetCurrencyBody = type({
  currency_code: withMeta(
    refine(string(), 'currency', (v) => (v.length !== 3 ? 'A currency code must be 3 characters long' : (CURRENCY_CODES as readonly string[]).includes(v) || 'Incorrect value')),
    { pattern: '^[A-Z]{3}$', description: `One of ${CURRENCY_CODES.join(', ')}` },
  ),
});
export type SetCurrencyBody = Infer<typeof SetCurrencyBody>;

/** The answer used is the updated user (accounts-and-comms §7). */
export const SetCurrencyAnswer = type({ user: UserProfile });
export type SetCurrencyAnswer = Infer<typeof SetCurrencyAnswer>;

// ---------------------------------------------------------------------------
// Sign-in (accounts-and-comms §3 'Registration without password', 'Send auth code', 'Auth via code',
// 'Registration with password'; §7 'Account and sign-in'). Every body is `{ …fields }` (no `data` envelope).
// ---------------------------------------------------------------------------

/** Values of code_sender and verify_method (§3 'Code and verification channels'). */
export const CODE_SENDERS = ['telegram', 'telegram_with_phone_request', 'vk', 'vk_via_sms_service', 'whatsapp', 'whatsapp_paid', 'sms', 'email'] as const;
export type CodeSender = (typeof CODE_SENDERS)[number];
/** §9: a one-time code is 5 digits. */
export const AUTH_CODE_LENGTH = 5;
/** §9: the resend countdown, in seconds (ticking every second). */
export const AUTH_CODE_RESEND_SECONDS = 60;
/** A password: 8…128 characters. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

const codeSender = withMeta(enums(CODE_SENDERS), { description: `One of ${CODE_SENDERS.join(', ')}` });
const name = bodyText(100);
const favourites = withMeta(size(array(bodyId()), 0, 500), { description: 'Favourite tour ids kept on the device, merged into the account (§3)' });
const timezone = withMeta(refine(integer(), 'range', (v) => (v < -12 ? 'Minimum -12' : v > 14 ? 'Maximum 14' : true)), { minimum: -12, maximum: 14, description: 'UTC offset in hours' });
/** A login: an e-mail address or a phone ('+' and at least 9 digits). */
export const Login = withMeta(
  refine(bodyText(254), 'login', (v) => (v === '' ? 'Required field' : isEmail(v) || /^\+\d{9,}$/.test(v.replace(/[\s()-]/g, '')) || 'Incorrect value')),
  { maxLength: 254, description: 'An e-mail address or a phone number (+ and at least 9 digits)' },
);
const code = withMeta(
  refine(bodyText(AUTH_CODE_LENGTH), 'code', (v) => (v === '' ? 'Required field' : new RegExp(`^\\d{${AUTH_CODE_LENGTH}}$`).test(v) || 'Incorrect value')),
  { pattern: `^\\d{${AUTH_CODE_LENGTH}}$`, description: `The ${AUTH_CODE_LENGTH}-digit one-time code` },
);
const password = withMeta(
  refine(string(), 'password', (v) => (v === '' ? 'Required field' : v.length < PASSWORD_MIN ? `Minimum ${PASSWORD_MIN} characters` : v.length > PASSWORD_MAX ? `Maximum ${PASSWORD_MAX} characters` : true)),
  { minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX },
);
/** An opaque token from a link (password reset, e-mail confirmation, one-time sign-in). */
const linkToken = withMeta(queryString(128, { min: 1, pattern: /^[A-Za-z0-9_-]+$/ }), { description: 'The token from the link' });

/** One channel the server offers for the code (§3 'Send auth code'). */
export const VerificationMethod = type({ type: enums(CODE_SENDERS), is_default: boolean() });
export type VerificationMethod = Infer<typeof VerificationMethod>;

/** POST /crm/api/user/register-without-password. Either phone or email is required ('Required field' on the one the form shows). */
export const RegisterWithoutPasswordBody = type({
  first_name: opt(name),
  last_name: opt(name),
  email: opt(bodyEmail),
  phone: opt(bodyPhone),
  timezone: opt(timezone),
  favourites_tours_ids: opt(favourites),
  is_quick_register: opt(boolean()),
  code_sender: opt(codeSender),
  country_id: opt(bodyId('A country of the country list')),
});
export type RegisterWithoutPasswordBody = Infer<typeof RegisterWithoutPasswordBody>;

/**
 * The answer of register-without-password and send-auth-code (§3). The same for a new and a known login (no
 * enumeration): `is_registered` is true once a code is on its way; `token`/`profile` stay null (the code signs in).
 */
export const SendCodeAnswer = type({
  is_bot: boolean(),
  verification_methods: array(VerificationMethod),
  masked_email: nullable(string()),
  is_registered: boolean(),
  error: nullable(string()),
  is_verification_code_sent: boolean(),
  token: nullable(string()),
  profile: nullable(UserProfile),
});
export type SendCodeAnswer = Infer<typeof SendCodeAnswer>;

/** POST /crm/api/user/send-auth-code */
export const SendAuthCodeBody = type({ login: Login, code_sender: opt(codeSender) });
export type SendAuthCodeBody = Infer<typeof SendAuthCodeBody>;

/** POST /crm/api/user/auth-via-code (and redirect-auth-via-code) */
export const AuthViaCodeBody = type({ login: Login, code, verify_method: opt(codeSender), favourites_tours_ids: opt(favourites) });
export type AuthViaCodeBody = Infer<typeof AuthViaCodeBody>;

/** A signed-in session: the access token, the profile, and the favourites now in the account. */
export const SignedInAnswer = type({ token: string(), profile: UserProfile, favourites_tours_ids: array(integer()) });
export type SignedInAnswer = Infer<typeof SignedInAnswer>;

/** POST /crm/api/user/register (with a password). */
export const RegisterBody = type({
  favourites_tours_ids: opt(favourites),
  first_name: name,
  last_name: opt(name),
  email: bodyEmail,
  phone: opt(bodyPhone),
  password,
  confirm_password: string(),
  timezone: opt(timezone),
});
export type RegisterBody = Infer<typeof RegisterBody>;

/** POST /crm/api/user/auth (with a password). A failure may answer `{ type: 'redirect', url }` in `data` (§4). */
export const AuthBody = type({
  login: Login,
  password: withMeta(refine(string(), 'password', (v) => (v === '' ? 'Required field' : v.length > PASSWORD_MAX ? `Maximum ${PASSWORD_MAX} characters` : true)), { maxLength: PASSWORD_MAX }),
  favourites_tours_ids: opt(favourites),
});
export type AuthBody = Infer<typeof AuthBody>;

/** POST /crm/api/user/password-recovery: the same answer whether the address is known or not. */
export const PasswordRecoveryBody = type({ email: bodyEmail });
/** POST /crm/api/user/check-password-reset-token */
export const ResetTokenBody = type({ token: linkToken });
export const ResetTokenAnswer = type({ valid: boolean() });
/** POST /crm/api/user/password-reset */
export const PasswordResetBody = type({ token: linkToken, password, confirm_password: opt(string()) });
/** POST /crm/api/user/access-token-by-one-time-token */
export const OneTimeTokenBody = type({ token: linkToken, favourites_tours_ids: opt(favourites) });
/** POST /crm/api/user/confirm-email: by the code sent to the address, or by the token of the e-mailed link. */
export const ConfirmEmailBody = type({ code: opt(code), token: opt(linkToken) });
/** POST /crm/api/user/refresh-token: the current token is revoked and a new one answered (rotation). */
export const RefreshTokenAnswer = type({ token: string() });

/** The answer of calls whose result the spec does not show. */
export const DoneAnswer = type({ success: boolean() });
export type DoneAnswer = Infer<typeof DoneAnswer>;

// ---------------------------------------------------------------------------
// Profile and account settings (accounts-and-comms §2 'Profile and account settings', §7). Calls that need a
// signed-in traveller answer 401 without X-Authorization: Bearer {token}.
// ---------------------------------------------------------------------------

/** The answer of calls that change the profile: the traveller as it is now (like set-currency's). */
export const UserAnswer = type({ user: UserProfile });
export type UserAnswer = Infer<typeof UserAnswer>;

/** POST /crm/api/user/update-profile: the names ('' clears one) and the UTC offset. */
export const UpdateProfileBody = type({ first_name: name, last_name: name, timezone: opt(timezone) });
export type UpdateProfileBody = Infer<typeof UpdateProfileBody>;

/** POST /crm/api/user/set-language */
export const SetLanguageBody = type({ language_code: withMeta(enums(API_LOCALES), { description: `One of ${API_LOCALES.join(', ')}` }) });
export type SetLanguageBody = Infer<typeof SetLanguageBody>;

/** POST /crm/api/user/change-country: a country of the country list. */
export const ChangeCountryBody = type({ country_id: bodyId('A country of the country list') });
export type ChangeCountryBody = Infer<typeof ChangeCountryBody>;

/** POST /crm/api/user/update-profile-photo: an uploaded file's id. */
export const UpdateProfilePhotoBody = type({ avatar_id: bodyId('The id of an image the traveller uploaded (POST /crm/api/image/upload)') });
export type UpdateProfilePhotoBody = Infer<typeof UpdateProfilePhotoBody>;

/** The answer of update-profile-photo (the spec does not show it): done, and the user with the photo's avatar_url. */
export const UpdateProfilePhotoAnswer = type({ success: boolean(), user: UserProfile });
export type UpdateProfilePhotoAnswer = Infer<typeof UpdateProfilePhotoAnswer>;

/** POST /crm/api/user/change-password: the current password (when the account has one) and the new one twice. */
export const ChangePasswordBody = type({ old_password: opt(withMeta(refine(string(), 'password', (v) => v.length <= PASSWORD_MAX || `Maximum ${PASSWORD_MAX} characters`), { maxLength: PASSWORD_MAX })), password, confirm_password: string() });
export type ChangePasswordBody = Infer<typeof ChangePasswordBody>;

/** POST /crm/api/user/change-email: a code (and a link) go to the new address; confirm-email makes it the account's. */
export const ChangeEmailBody = type({ email: bodyEmail });
export type ChangeEmailBody = Infer<typeof ChangeEmailBody>;

/** POST /crm/api/user/change-phone: a code goes to the new number; confirm-phone makes it the account's. */
export const ChangePhoneBody = type({ phone: bodyPhone, code_sender: opt(codeSender) });
export type ChangePhoneBody = Infer<typeof ChangePhoneBody>;

/** GET /crm/api/user/phone-confirmation-methods: the number being confirmed and the channels for its code. */
export const PhoneConfirmationMethodsAnswer = type({ phone: nullable(string()), verification_methods: array(VerificationMethod) });
export type PhoneConfirmationMethodsAnswer = Infer<typeof PhoneConfirmationMethodsAnswer>;

/** POST /crm/api/user/send-confirmation-code: the code for the number being confirmed again, through a channel. */
export const SendConfirmationCodeBody = type({ code_sender: opt(codeSender) });
export type SendConfirmationCodeBody = Infer<typeof SendConfirmationCodeBody>;

/** POST /crm/api/user/confirm-phone */
export const ConfirmPhoneBody = type({ code });
export type ConfirmPhoneBody = Infer<typeof ConfirmPhoneBody>;

/** GET /spa/user-info-data: who is asking (no 401: a visitor without a valid token is not logged in). */
export const UserInfoDataAnswer = type({ is_logged_in: boolean(), profile: nullable(UserProfile) });
export type UserInfoDataAnswer = Infer<typeof UserInfoDataAnswer>;

/** hasEmptyFields (§3): neither a first nor a last name, or no e-mail given. */
export function hasEmptyFields(profile: Pick<UserProfile, 'first_name' | 'last_name' | 'is_email_set'>): boolean {
  return (!profile.first_name.trim() && !profile.last_name.trim()) || !profile.is_email_set;
}

/** Display name (§3): last name, then first name. */
export function displayName(profile: Pick<UserProfile, 'first_name' | 'last_name'>): string {
  return [profile.last_name.trim(), profile.first_name.trim()].filter(Boolean).join(' ');
}

// ---------------------------------------------------------------------------
// Identity verification (accounts-and-comms §1 'Identity verification', §2 'Site settings relevant to this area'
// verificationService, §7 GET get-verification-access-token and GET verification-data). Both need a signed-in traveller.
// ---------------------------------------------------------------------------

/** Where a traveller's identity verification for an organizer stands: no applicant yet, or the provider's state. */
export const VERIFICATION_STATUSES = ['not_started', 'pending', 'approved', 'rejected'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/** The query of both verification calls: the organizer the traveller verifies for (an existing organizer: 422 otherwise). */
export const VerificationQuery = type({ orgId: queryId('An organizer id') });
export type VerificationQuery = Infer<typeof VerificationQuery>;

/** GET /crm/api/user/get-verification-access-token: the provider's short-lived token for its widget. */
export const VerificationAccessTokenAnswer = type({ accessToken: string() });
export type VerificationAccessTokenAnswer = Infer<typeof VerificationAccessTokenAnswer>;

/** The identity-verification provider as the site settings describe it (verificationService). */
export const VerificationServiceInfo = type({
  name: string(),
  legalName: string(),
  link: string(),
  linkText: string(),
  allowMessagesAboutUnverifiedIdentity: boolean(),
});
export type VerificationServiceInfo = Infer<typeof VerificationServiceInfo>;

/** GET /crm/api/user/verification-data: the traveller's state for the organizer and the provider's description. */
export const VerificationDataAnswer = type({ status: enums(VERIFICATION_STATUSES), provider: VerificationServiceInfo });
export type VerificationDataAnswer = Infer<typeof VerificationDataAnswer>;
