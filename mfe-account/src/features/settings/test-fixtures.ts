/** Answers of the account page's calls for tests, checked with the same schemas the client uses. */
import { create } from 'superstruct';
import { CountriesAnswer, DoneAnswer, PhoneConfirmationMethodsAnswer, ProfileAnswer, SignedInAnswer, UserProfile } from '@tours/shared/api';
import type { Session } from '@tours/shared/core';

export const user = (over: Partial<UserProfile> = {}): UserProfile =>
  create(
    { id: 42, first_name: 'Anna', last_name: 'Ivanova', email: 'anna@example.com', is_email_set: true, phone: '+79991234567', country: null, language: 'en', currency: 'USD', is_admin_auth: false, ...over },
    UserProfile,
  );

export const profileAnswer = (over: Partial<UserProfile> = {}): ProfileAnswer => create({ profile: user(over) }, ProfileAnswer);

export const done = (): DoneAnswer => create({ success: true }, DoneAnswer);

export const countries = (): CountriesAnswer =>
  create(
    [
      { id: 1, name: 'Russia', iso_code: 'RU', iso3: 'RUS', phone_code: '7', is_primary: true },
      { id: 49, name: 'Germany', iso_code: 'DE', iso3: 'DEU', phone_code: '49', is_primary: false },
      { id: 86, name: 'China', iso_code: 'CN', iso3: 'CHN', phone_code: '86', is_primary: false },
    ],
    CountriesAnswer,
  );

export const phoneMethods = (phone = '+4930123456789'): PhoneConfirmationMethodsAnswer =>
  create({ phone, verification_methods: [{ type: 'sms', is_default: true }, { type: 'whatsapp', is_default: false }] }, PhoneConfirmationMethodsAnswer);

export const signedIn = (over: Partial<SignedInAnswer> = {}): SignedInAnswer =>
  create({ token: 'tok-link', profile: user(), favourites_tours_ids: [3409], ...over }, SignedInAnswer);

export const session: Session = { token: 'tok-1', profile: { id: 42, first_name: 'Anna', last_name: 'Ivanova' } };
