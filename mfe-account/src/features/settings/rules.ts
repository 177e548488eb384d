/** The account page's small rules (accounts-and-comms §2 'Profile and account settings'): no React, no calls. */
import { LOCALE_INFO, availableLocales, type AppConfig, type Locale } from '@tours/shared/contract';
import type { ChangePasswordBody } from '@tours/shared/api';

export interface Option { value: string; label: string }

/**
 * The languages a traveller may choose for the messages: the site's locales (ru only where it is offered; en and cn
 * on the Chinese-region site), each in its own name, plus the profile's own when the site no longer offers it (so the
 * select shows what is saved).
 */
export function languageOptions(russianIsAvailable: boolean, current: string | null, variant: AppConfig['variant'] = 'base'): Option[] {
  const locales: string[] = availableLocales(russianIsAvailable, variant);
  if (current && current in LOCALE_INFO && !locales.includes(current)) locales.push(current);
  return locales.map((code) => ({ value: code, label: LOCALE_INFO[code as Locale].nativeName }));
}

/** The language the select starts with: the profile's, else the page's. */
export function initialLanguage(profileLanguage: string | null, pageLocale: Locale): string {
  return profileLanguage && profileLanguage in LOCALE_INFO ? profileLanguage : pageLocale;
}

export type PasswordChangeValues = { old_password: string; password: string; confirm_password: string };

/** change-password's body: the current password only when one was typed (the server decides whether it is needed). */
export function passwordChangeBody(values: PasswordChangeValues): ChangePasswordBody {
  return {
    ...(values.old_password ? { old_password: values.old_password } : {}),
    password: values.password,
    confirm_password: values.confirm_password,
  };
}

/** The e-mail's state as the profile tells it: none, given (not confirmed: the profile has no confirmed flag) or confirmed here. */
export type EmailState = 'none' | 'unconfirmed' | 'confirmed';

/**
 * The profile says whether the address was proved (is_email_confirmed: by a code or a link); one confirmed on this
 * page counts at once, before the profile is loaded again.
 */
export function emailState(email: string | null, confirmed: boolean, confirmedHere: string | null): EmailState {
  if (!email) return 'none';
  if (confirmed) return 'confirmed';
  return confirmedHere !== null && confirmedHere.toLowerCase() === email.toLowerCase() ? 'confirmed' : 'unconfirmed';
}

/** The initials the photo's place shows while there is no photo: the first letters of the first two words. */
export function initials(name: string): string {
  return name.trim().split(/\s+/).slice(0, 2).map((word) => Array.from(word)[0]?.toLocaleUpperCase() ?? '').join('');
}
