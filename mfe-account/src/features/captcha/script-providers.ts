/**
 * The captcha providers that are scripts of their own: Yandex SmartCaptcha, Cloudflare Turnstile and hCaptcha.
 * Each official script is loaded by URL only when the site is configured for it (and the captcha modal shows), then
 * renders its widget into the element (explicit rendering) and reports the token. A script that cannot load (blocked,
 * offline, too slow) rejects the mount: the modal shows 'Captcha loading error' with 'Try again', which loads it anew.
 */
import type { ProviderName } from '@tours/shared/api';
import type { CaptchaMountOptions, CaptchaProvider, CaptchaWidget } from './provider';
import { providerLanguage, turnstileAction } from './setup';

type ScriptProvider = Exclude<ProviderName, 'altcha'>;

/** The official script of each provider; `{onload}` is the global callback it calls once its API is ready. */
export const PROVIDER_SCRIPTS: Record<ScriptProvider, string> = {
  yandex: 'https://smartcaptcha.yandexcloud.net/captcha.js?render=onload&onload={onload}',
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit&onload={onload}',
  hcaptcha: 'https://js.hcaptcha.com/1/api.js?render=explicit&recaptchacompat=off&onload={onload}',
};
/** The global each script defines. */
const GLOBALS: Record<ScriptProvider, string> = { yandex: 'smartCaptcha', turnstile: 'turnstile', hcaptcha: 'hcaptcha' };
/** A script that has not answered by then counts as failed. */
export const SCRIPT_TIMEOUT_MS = 20_000;

type Globals = Record<string, unknown>;
const loading = new Map<ScriptProvider, Promise<unknown>>();

/** Loads a provider's script once (a failed load is tried again next time) and answers its API. */
export function loadProviderScript<T>(provider: ScriptProvider): Promise<T> {
  const ready = (window as unknown as Globals)[GLOBALS[provider]];
  if (ready) return Promise.resolve(ready as T);
  let promise = loading.get(provider);
  if (!promise) {
    promise = new Promise((resolve, reject) => {
      const callback = `__toursCaptchaOnload_${provider}`;
      const script = document.createElement('script');
      const fail = (error: Error) => {
        cleanup();
        script.remove();
        loading.delete(provider);
        reject(error);
      };
      const timer = window.setTimeout(() => fail(new Error(`The ${provider} captcha script timed out`)), SCRIPT_TIMEOUT_MS);
      const cleanup = () => {
        window.clearTimeout(timer);
        delete (window as unknown as Globals)[callback];
      };
      (window as unknown as Globals)[callback] = () => {
        cleanup();
        const api = (window as unknown as Globals)[GLOBALS[provider]];
        if (api) resolve(api);
        else fail(new Error(`The ${provider} captcha script defined no API`));
      };
      script.src = PROVIDER_SCRIPTS[provider].replace('{onload}', callback);
      script.async = true;
      script.addEventListener('error', () => fail(new Error(`The ${provider} captcha script failed to load`)));
      document.head.append(script);
    });
    loading.set(provider, promise);
  }
  return promise as Promise<T>;
}

/** A child the widget renders into, so destroying it leaves the modal's element as it was. */
function container(element: HTMLElement): HTMLDivElement {
  const div = document.createElement('div');
  element.append(div);
  return div;
}

interface ExplicitApi {
  render(element: HTMLElement, options: Record<string, unknown>): string;
  remove(id: string): void;
}

function explicitWidget(api: ExplicitApi, element: HTMLElement, params: Record<string, unknown>, o: CaptchaMountOptions): CaptchaWidget {
  const box = container(element);
  const id = api.render(box, {
    ...params,
    sitekey: o.key,
    callback: (token: string) => o.onToken(token),
    'expired-callback': () => o.onExpired(),
    'error-callback': (code?: unknown) => {
      o.onError(new Error(`Captcha error ${String(code ?? '')}`));
      // Turnstile: true tells it the error was handled (no console noise, no retry loop).
      return true;
    },
  });
  return {
    destroy() {
      try {
        api.remove(id);
      } catch {
        /* already gone */
      }
      box.remove();
    },
  };
}

/** Cloudflare Turnstile (explicit rendering). */
export const turnstile: CaptchaProvider = {
  async mount(element, o) {
    const api = await loadProviderScript<ExplicitApi>('turnstile');
    return explicitWidget(api, element, { action: turnstileAction(o.action), language: providerLanguage('turnstile', o.locale) }, o);
  },
};

/** hCaptcha (explicit rendering). */
export const hcaptcha: CaptchaProvider = {
  async mount(element, o) {
    const api = await loadProviderScript<ExplicitApi>('hcaptcha');
    return explicitWidget(api, element, { hl: providerLanguage('hcaptcha', o.locale) }, o);
  },
};

interface SmartCaptchaApi {
  render(element: HTMLElement, options: Record<string, unknown>): number;
  destroy(id: number): void;
  subscribe(id: number, event: string, callback: (...args: unknown[]) => void): () => void;
}

/** Yandex SmartCaptcha. */
export const yandex: CaptchaProvider = {
  async mount(element, o) {
    const api = await loadProviderScript<SmartCaptchaApi>('yandex');
    const box = container(element);
    const id = api.render(box, { sitekey: o.key, hl: providerLanguage('yandex', o.locale), callback: (token: string) => o.onToken(token) });
    const unsubscribe = [
      api.subscribe(id, 'token-expired', () => o.onExpired()),
      api.subscribe(id, 'network-error', () => o.onError(new Error('SmartCaptcha network error'))),
      api.subscribe(id, 'javascript-error', (error) => o.onError(error)),
    ];
    return {
      destroy() {
        for (const off of unsubscribe) off?.();
        try {
          api.destroy(id);
        } catch {
          /* already gone */
        }
        box.remove();
      },
    };
  },
};
