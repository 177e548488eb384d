/**
 * The captcha providers the modal can show (accounts-and-comms §4 'Captcha'), behind shared's one small interface
 * (CaptchaProvider: mount the widget into an element, report the solved token, its expiry and errors). Each adapter
 * is its own chunk, loaded only when the captcha modal shows that provider.
 */
import type { ProviderName } from '@tours/shared/api';
import type { CaptchaProvider } from '@tours/shared/kit';

export type { CaptchaMountOptions, CaptchaProvider, CaptchaWidget } from '@tours/shared/kit';

export const PROVIDERS: Record<ProviderName, () => Promise<CaptchaProvider>> = {
  altcha: () => import('./altcha').then((m) => m.altcha),
  yandex: () => import('./script-providers').then((m) => m.yandex),
  turnstile: () => import('./script-providers').then((m) => m.turnstile),
  hcaptcha: () => import('./script-providers').then((m) => m.hcaptcha),
};
