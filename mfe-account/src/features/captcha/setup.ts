/**
 * The hosted providers' own parameters (accounts-and-comms §4 'Captcha'). Which provider and key a captcha uses, and
 * ALTCHA's challenge URL, are shared with the partner request widget: captchaSetup and altchaChallengeUrl in
 * @tours/shared/api (shared/src/api/captcha-setup.ts).
 */
import type { ProviderName } from '@tours/shared/api';

/** Turnstile's action may hold only letters, digits, '-' and '_', at most 32 of them. */
export function turnstileAction(action: string): string {
  return action.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 32);
}

/** The providers' language codes for the site's locales (Yandex SmartCaptcha has no German or Chinese). */
export function providerLanguage(provider: ProviderName, locale: string): string {
  if (locale === 'ru' || locale === 'en') return locale;
  if (provider === 'yandex') return 'en';
  if (locale === 'de') return 'de';
  if (locale === 'cn') return provider === 'hcaptcha' ? 'zh-CN' : 'zh-cn';
  return 'en';
}
