/**
 * ALTCHA (the self-hosted default): the `altcha-widget` web component (shared's altchaProvider: the element and its
 * events, also used by the partner request widget), from its CSP-safe build (no inline styles, no embedded workers:
 * altcha-loader.ts), in a chunk of its own that only the captcha modal loads. The key is the challenge URL; the
 * call's action is appended to it. The widget's payload is the token.
 */
import { altchaProvider } from '@tours/shared/kit';

export const altcha = altchaProvider(async (locale) => {
  const { loadAltcha } = await import('./altcha-loader');
  return loadAltcha(locale);
});
