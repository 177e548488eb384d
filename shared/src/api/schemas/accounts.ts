/**
 * Traveller account calls (accounts-and-comms §3 'User / profile', §7): GET /crm/api/user/profile and
 * POST /crm/api/user/set-currency. Both need X-Authorization: Bearer {token}; sign-in, which issues tokens, is
 * the accounts issue's. Public-site §9: changing the currency while logged in saves it to the profile.
 */
import { type Infer, boolean, integer, nullable, refine, string, type } from 'superstruct';
import { CURRENCY_CODES, withMeta } from './common';

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
