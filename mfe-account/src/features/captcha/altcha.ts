/**
 * ALTCHA (the self-hosted default): the `altcha-widget` web component, from its CSP-safe build (no inline styles,
 * no embedded workers: altcha-loader.ts), in a chunk of its own that only the captcha modal loads. The key is the
 * challenge URL; the call's action is appended to it. The widget's payload is the token.
 */
import type { CaptchaProvider } from './provider';
import { altchaChallengeUrl } from './setup';

interface AltchaStateDetail {
  state?: string;
  payload?: string | null;
}

export const altcha: CaptchaProvider = {
  async mount(element, options) {
    const challenge = altchaChallengeUrl(options.key, options.action);
    if (!challenge) throw new Error('The ALTCHA key is not a challenge URL');
    const { loadAltcha } = await import('./altcha-loader');
    const language = await loadAltcha(options.locale);

    const widget = document.createElement('altcha-widget');
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
