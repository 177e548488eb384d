/**
 * The calls of the account page (accounts-and-comms §3 'User / profile', §7): the profile and its settings, the
 * e-mail and phone changes, the password, and the links the API e-mails to /account. X-Authorization comes from the
 * session (the host's client); the calls the spec marks 'captcha' carry the captcha protocol.
 */
import type { HostContext } from '@tours/shared/contract';
import {
  CountriesAnswer, DoneAnswer, PhoneConfirmationMethodsAnswer, ProfileAnswer, ResetTokenAnswer, SignedInAnswer, UpdateProfilePhotoAnswer, UploadAnswer, UserAnswer,
  type ChangeCountryBody, type ChangeEmailBody, type ChangePasswordBody, type ChangePhoneBody, type ConfirmPhoneBody, type SendConfirmationCodeBody,
  type SetLanguageBody, type UpdateProfileBody,
} from '@tours/shared/api';

type Api = HostContext['api'];

/** GET /crm/api/user/profile (X-Authorization from the session). */
export function fetchProfile(api: Api, signal?: AbortSignal): Promise<ProfileAnswer> {
  return api.get('/crm/api/user/profile', { schema: ProfileAnswer, signal });
}

/** POST /crm/api/user/update-profile: the name; answers the updated user. */
export function updateProfile(api: Api, body: UpdateProfileBody): Promise<UserAnswer> {
  return api.post('/crm/api/user/update-profile', body, { schema: UserAnswer });
}

/** An upload may take longer than a call's usual 10 s: a 5 MB photo on a slow connection. */
export const UPLOAD_TIMEOUT_MS = 120_000;

/**
 * POST /crm/api/image/upload (captcha): the picture as a multipart form with its bucket ('avatars': a profile photo);
 * answers the upload, whose id update-profile-photo takes.
 */
export function uploadImage(api: Api, image: File, bucket: 'avatars'): Promise<UploadAnswer> {
  const form = new FormData();
  form.append('bucket', bucket);
  form.append('image', image, image.name);
  return api.post('/crm/api/image/upload', form, { schema: UploadAnswer, captcha: true, timeout: UPLOAD_TIMEOUT_MS });
}

/** POST /crm/api/user/update-profile-photo: an image the traveller uploaded becomes the photo; answers the user. */
export function updateProfilePhoto(api: Api, body: { avatar_id: number }): Promise<UpdateProfilePhotoAnswer> {
  return api.post('/crm/api/user/update-profile-photo', body, { schema: UpdateProfilePhotoAnswer });
}

/** POST /crm/api/user/set-language: the language of the messages to the traveller (not the page's). */
export function setLanguage(api: Api, body: SetLanguageBody): Promise<UserAnswer> {
  return api.post('/crm/api/user/set-language', body, { schema: UserAnswer });
}

/** GET /crm/api/dropdown/country: every country, localized, primary ones first. */
export function fetchCountries(api: Api, signal?: AbortSignal): Promise<CountriesAnswer> {
  return api.get('/crm/api/dropdown/country', { schema: CountriesAnswer, signal });
}

/** POST /crm/api/user/change-country: a country of the list. */
export function changeCountry(api: Api, body: ChangeCountryBody): Promise<UserAnswer> {
  return api.post('/crm/api/user/change-country', body, { schema: UserAnswer, captcha: true });
}

/** POST /crm/api/user/change-email: a code and a link go to the new address; the account keeps its own until confirmed. */
export function changeEmail(api: Api, body: ChangeEmailBody): Promise<DoneAnswer> {
  return api.post('/crm/api/user/change-email', body, { schema: DoneAnswer, captcha: true });
}

/** POST /crm/api/user/email-confirmation-request: a code and a link to the account's own address again. */
export function requestEmailConfirmation(api: Api): Promise<DoneAnswer> {
  return api.post('/crm/api/user/email-confirmation-request', {}, { schema: DoneAnswer });
}

/** POST /crm/api/user/confirm-email: by the code (signed in) or by the token of the e-mailed link (no session needed). */
export function confirmEmail(api: Api, body: { code: string } | { token: string }): Promise<DoneAnswer> {
  return api.post('/crm/api/user/confirm-email', body, { schema: DoneAnswer });
}

/** POST /crm/api/user/change-phone: a code goes to the new number; confirm-phone makes it the account's. */
export function changePhone(api: Api, body: ChangePhoneBody): Promise<DoneAnswer> {
  return api.post('/crm/api/user/change-phone', body, { schema: DoneAnswer, captcha: true });
}

/** GET /crm/api/user/phone-confirmation-methods: the number being confirmed and the channels for its code. */
export function fetchPhoneConfirmationMethods(api: Api): Promise<PhoneConfirmationMethodsAnswer> {
  return api.get('/crm/api/user/phone-confirmation-methods', { schema: PhoneConfirmationMethodsAnswer, captcha: true });
}

/** POST /crm/api/user/send-confirmation-code: that number's code again, through a channel. */
export function sendConfirmationCode(api: Api, body: SendConfirmationCodeBody): Promise<DoneAnswer> {
  return api.post('/crm/api/user/send-confirmation-code', body, { schema: DoneAnswer, captcha: true });
}

/** POST /crm/api/user/confirm-phone: the number becomes the account's (409 when another account holds it). */
export function confirmPhone(api: Api, body: ConfirmPhoneBody): Promise<DoneAnswer> {
  return api.post('/crm/api/user/confirm-phone', body, { schema: DoneAnswer });
}

/** POST /crm/api/user/change-password: old_password only when the account has a password (the server decides). */
export function changePassword(api: Api, body: ChangePasswordBody): Promise<DoneAnswer> {
  return api.post('/crm/api/user/change-password', body, { schema: DoneAnswer });
}

/** POST /crm/api/user/access-token-by-one-time-token: the sign-in e-mail's link (once, 10 minutes). */
export function signInByLink(api: Api, body: { token: string; favourites_tours_ids?: number[] }): Promise<SignedInAnswer> {
  return api.post('/crm/api/user/access-token-by-one-time-token', body, { schema: SignedInAnswer });
}

/** POST /crm/api/user/check-password-reset-token: whether the reset link still works. */
export function checkPasswordResetToken(api: Api, body: { token: string }): Promise<{ valid: boolean }> {
  return api.post('/crm/api/user/check-password-reset-token', body, { schema: ResetTokenAnswer });
}

/** POST /crm/api/user/password-reset: the new password with the link's token; every session of the account ends. */
export function resetPassword(api: Api, body: { token: string; password: string; confirm_password: string }): Promise<DoneAnswer> {
  return api.post('/crm/api/user/password-reset', body, { schema: DoneAnswer });
}
