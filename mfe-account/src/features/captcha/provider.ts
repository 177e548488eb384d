/**
 * One small interface for every captcha provider (accounts-and-comms §4 'Captcha'): mount the widget into an
 * element, report the solved token, its expiry and errors. Each adapter is its own chunk, loaded only when the
 * captcha modal shows that provider.
 */
import type { ProviderName } from './setup';

export interface CaptchaMountOptions {
  key: string;
  /** The call's action name (captchaAction): the token is bound to it. */
  action: string;
  /** The site's locale (en, cn, de, ru). */
  locale: string;
  onToken(token: string): void;
  /** The solved token expired: the value is cleared. */
  onExpired(): void;
  /** The widget failed after it was mounted (e.g. its challenge could not be fetched). */
  onError(error: unknown): void;
}

export interface CaptchaWidget {
  destroy(): void;
}

export interface CaptchaProvider {
  /** Rejects when the provider's code cannot be loaded or the widget cannot be shown. */
  mount(element: HTMLElement, options: CaptchaMountOptions): Promise<CaptchaWidget>;
}

export const PROVIDERS: Record<ProviderName, () => Promise<CaptchaProvider>> = {
  altcha: () => import('./altcha').then((m) => m.altcha),
  yandex: () => import('./script-providers').then((m) => m.yandex),
  turnstile: () => import('./script-providers').then((m) => m.turnstile),
  hcaptcha: () => import('./script-providers').then((m) => m.hcaptcha),
};
