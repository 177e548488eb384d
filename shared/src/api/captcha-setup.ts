/**
 * What a captcha shows (accounts-and-comms §4 'Captcha', §5 'Captcha', §8 'Captcha'), as pure rules: the provider and
 * key of the site settings for the captcha's type. Used by the site's captcha modal (mfe-account) and the partner
 * request widget (widgets/), which show the same captcha (ALTCHA's challenge URL: shared/src/ui/altcha.ts).
 */
import { captchaKeyFor, type CaptchaType } from './captcha';

/** The providers the site's captcha modal can show; 'altcha' is the self-hosted default (its key is the challenge URL). */
export const PROVIDER_NAMES = ['altcha', 'yandex', 'turnstile', 'hcaptcha'] as const;
export type ProviderName = (typeof PROVIDER_NAMES)[number];

export type CaptchaSetup =
  | { kind: 'ready'; provider: ProviderName; key: string }
  /** §5: with no provider or no key the captcha cannot load ('Captcha loading error', 'Try again'). */
  | { kind: 'missing' }
  /** §5/§8: a provider the modal does not know is an error ('Unknown captcha provider'). */
  | { kind: 'unknown'; provider: string };

/** The captcha fields of the site tokens (GET /spa/site-tokens, accounts-and-comms §3 'Captcha configuration'). */
export interface CaptchaSettings {
  captcha_provider: string | null;
  captcha_key: string | null;
  hard_captcha_key: string | null;
}

const isProviderName = (name: string): name is ProviderName => (PROVIDER_NAMES as readonly string[]).includes(name);

/** §5: type 'captcha' uses the key, 'hard_captcha' the hard key; the provider is named case-insensitively. */
export function captchaSetup(type: CaptchaType, settings: CaptchaSettings): CaptchaSetup {
  const provider = (settings.captcha_provider ?? '').trim().toLowerCase();
  if (!provider) return { kind: 'missing' };
  if (!isProviderName(provider)) return { kind: 'unknown', provider };
  const key = captchaKeyFor(type, settings);
  return key ? { kind: 'ready', provider, key: key.trim() } : { kind: 'missing' };
}
