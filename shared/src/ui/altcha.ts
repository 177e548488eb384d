/**
 * ALTCHA (the self-hosted default captcha) as a captcha provider: the `altcha-widget` web component, whose payload is
 * the token. The key is the challenge URL; the call's action is appended to it (altchaChallengeUrl). Where ALTCHA's
 * code comes from differs — the site's modal loads the CSP-safe build with blob: workers through webpack
 * (mfe-account), the partner request widget its own chunk with the proof of work on the page's thread (widgets/) —
 * so `prepare` defines the element and answers the widget's language code; this file imports nothing of ALTCHA.
 */
import type { CaptchaProvider } from './captcha-widget';

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

interface AltchaStateDetail {
  state?: string;
  payload?: string | null;
}

/** A provider that calls `prepare(locale, element)` before each mount and sets `attributes` on the widget. */
export function altchaProvider(prepare: (locale: string, element: HTMLElement) => Promise<string>, attributes: Record<string, string> = {}): CaptchaProvider {
  return {
    async mount(element, options) {
      const challenge = altchaChallengeUrl(options.key, options.action);
      if (!challenge) throw new Error('The ALTCHA key is not a challenge URL');
      const language = await prepare(options.locale, element);

      const widget = document.createElement('altcha-widget');
      for (const [name, value] of Object.entries(attributes)) widget.setAttribute(name, value);
      widget.setAttribute('challenge', challenge);
      widget.setAttribute('language', language);
      let token: string | null = null;
      const solved = (payload: string | null | undefined) => {
        if (!payload || payload === token) return;
        token = payload;
        options.onToken(payload);
      };
      const onStateChange = (event: Event) => {
        const { state, payload } = (event as CustomEvent<AltchaStateDetail | undefined>).detail ?? {};
        if (state === 'verified') solved(payload);
        else if (state === 'expired') {
          token = null;
          options.onExpired();
        } else if (state === 'error') options.onError(new Error('ALTCHA could not verify'));
      };
      const onVerified = (event: Event) => solved((event as CustomEvent<AltchaStateDetail | undefined>).detail?.payload);
      widget.addEventListener('statechange', onStateChange);
      widget.addEventListener('verified', onVerified);
      element.append(widget);
      return {
        destroy() {
          widget.removeEventListener('statechange', onStateChange);
          widget.removeEventListener('verified', onVerified);
          widget.remove();
        },
      };
    },
  };
}
