/** What the account calls share (routes/accounts.ts, sign-in.ts, contacts.ts): the profile answer, the refusals' texts, the plain answer. */
import type { CodeSender, UserProfile } from '@tours/shared/src/api/schemas/accounts';
import type { ApiLocale } from '@tours/shared/src/api/schemas/common';
import type { Traveller } from '../db/queries/travellers';
import { countryById } from '../db/queries/reference';
import { uploadById } from '../db/queries/uploads';
import { validationError } from './errors';
import { t } from './i18n';
import { uploadUrl } from './uploads';
import type { Db } from '../db';
import { channelsFor, type LoginKind } from '../domain/logins';

export async function profileOf(s: { readonly db: Db }, row: Traveller, locale: ApiLocale): Promise<UserProfile> {
  const country = row.country_id === null
    ? undefined
    : await countryById(s.db, row.country_id);
  // The photo: an image upload (public), set by update-profile-photo.
  const avatar = row.avatar_id === null ? undefined : await uploadById(s.db, row.avatar_id);
  return {
    id: Number(row.id),
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    // hasEmptyFields (§3) asks the traveller for an e-mail while there is none.
    is_email_set: Boolean(row.is_email_set) && Boolean(row.email),
    phone: row.phone,
    country: country ? { id: country.id, name: t(country, 'name', locale), iso_code: country.iso_code } : null,
    language: row.language,
    currency: row.currency,
    // Staff sessions are the back office's; a traveller's token never is one.
    is_admin_auth: false,
    is_email_confirmed: row.email !== null && row.email_confirmed_at !== null,
    is_phone_confirmed: row.phone !== null && row.phone_confirmed_at !== null,
    avatar_url: avatar?.kind === 'image' ? uploadUrl(avatar.stored_name) : null,
  };
}

/** The texts of the accounts' refusals (field errors are keyed by the form's field). */
export const ACCOUNT_ERRORS = {
  incorrectCode: 'Incorrect code',
  codeExpired: 'The code has expired. Request a new one',
  linkExpired: 'The link has expired. Request a new one',
  incorrectLogin: 'Incorrect login or password',
  incorrectPassword: 'Incorrect password',
  passwordsDiffer: 'Do not match',
  emailRegistered: 'This e-mail is already registered',
  phoneRegistered: 'This phone number is already registered',
  emailTaken: 'This e-mail is used by another account',
  phoneTaken: 'This phone number is used by another account',
  noEmail: 'Add an e-mail address first',
  noPhone: 'Add a phone number first',
} as const;

/** The answer of calls whose result the spec does not show. */
export const done = { success: true };

/** The channel a code goes through: the one asked for when the login's kind offers it (422 on code_sender otherwise). */
export function channelOf(kind: LoginKind, asked: CodeSender | undefined): CodeSender {
  const offered = channelsFor(kind);
  if (asked === undefined) return offered[0]!;
  if (!offered.includes(asked)) throw validationError({ code_sender: 'Incorrect value' });
  return asked;
}
