/**
 * What the captcha modal shows (accounts-and-comms §4 'Captcha', §5 'Captcha', §8 'Captcha'), as pure rules:
 * the provider and key of the site settings for the captcha's type, and the providers' own parameters.
 */
import { captchaKeyFor, type CaptchaType } from '@tours/shared/api';

/** The providers the modal can show; 'altcha' is the self-hosted default (its key is the challenge URL). */
export const PROVIDER_NAMES = ['altcha', 'yandex', 'turnstile', 'hcaptcha'] as const;
export type ProviderName = (typeof PROVIDER_NAMES)[number];

export type CaptchaSetup =
  | { kind: 'ready'; provider: ProviderName; key: string }
  /** §5: with no provider or no key the captcha cannot load ('Captcha loading error', 'Try again'). */
  | { kind: 'missing' }
  /** §5/§8: a provider the modal does not know is an error ('Unknown captcha provider'). */
  | { kind: 'unknown'; provider: string };

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

/**
 * ALTCHA's challenge URL: the key (a path of this site or a web address) with the call's action appended as the
 * query parameter `action`, so the challenge is bound to it. Null for a key that is no such URL.
 */
export function altchaChallengeUrl(key: string, action: string): string | null {
  const k = key.trim();
  const isPath = k.startsWith('/') && !k.startsWith('//') && !k.startsWith('/\\');
  if (!isPath && !/^https?:\/\/[^\s/]/i.test(k)) return null;
  const hashAt = k.indexOf('#');
  const base = hashAt < 0 ? k : k.slice(0, hashAt);
  const hash = hashAt < 0 ? '' : k.slice(hashAt);
  const sep = !base.includes('?') ? '?' : /[?&]$/.test(base) ? '' : '&';
  return `${base}${sep}action=${encodeURIComponent(action)}${hash}`;
}

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
