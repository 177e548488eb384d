/**
 * Showing a captcha provider's widget (accounts-and-comms §4 'Captcha'): one small interface for every provider
 * (mount the widget into an element, report the solved token, its expiry and errors) and the hook that mounts it,
 * shared by the site's captcha modal (mfe-account) and the partner request widget (widgets/, under Preact: plain
 * React hooks only). Each provider's code is its own chunk, loaded only when a captcha is shown.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';

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

/** 'loading' until the provider's widget is shown; 'failed' when its code or the widget failed ('Captcha loading error'). */
export type CaptchaWidgetStatus = 'loading' | 'shown' | 'failed';

export interface UseCaptchaWidgetOptions {
  /** The provider's key (null: nothing to show). */
  key: string | null;
  action: string;
  locale: string;
  /** Incremented by 'Try again': the widget is mounted anew. */
  attempt: number;
  /** The solved token, once per token (an expired one is cleared, so the same token solved again comes again). */
  onToken(token: string): void;
}

const same = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((v, i) => Object.is(v, b[i]));

/**
 * Mounts the provider that `load` gives (a stable function; null: none) into the element of `ref` while the key is
 * set. The status is 'loading' again as soon as the provider, key, action, locale or attempt change, so the caller
 * renders the element in the same render and the new widget finds it. The widget is destroyed on change and unmount.
 */
export function useCaptchaWidget(
  load: (() => Promise<CaptchaProvider>) | null,
  { key, action, locale, attempt, onToken }: UseCaptchaWidgetOptions,
): { ref: RefObject<HTMLDivElement>; status: CaptchaWidgetStatus } {
  const ref = useRef<HTMLDivElement | null>(null);
  const [done, setDone] = useState<{ of: readonly unknown[]; status: 'shown' | 'failed' } | null>(null);
  /** The solved token until the caller takes it; an expired one is cleared (§4). */
  const token = useRef<string | null>(null);
  const onTokenRef = useRef(onToken);
  onTokenRef.current = onToken;

  useEffect(() => {
    const el = ref.current;
    if (!load || !key || !el) return undefined;
    const of = [load, key, action, locale, attempt];
    let active = true;
    let widget: CaptchaWidget | null = null;
    const fail = (what: string, error: unknown) => {
      if (!active) return;
      console.error(what, error);
      setDone({ of, status: 'failed' });
    };
    load()
      .then((provider) =>
        provider.mount(el, {
          key,
          action,
          locale,
          onToken: (value) => {
            if (!active || token.current === value) return;
            token.current = value;
            onTokenRef.current(value);
          },
          onExpired: () => {
            token.current = null;
          },
          onError: (error) => fail('Captcha widget error', error),
        }),
      )
      .then(
        (w) => {
          if (!active) return w.destroy();
          widget = w;
          setDone((d) => (d && same(d.of, of) && d.status === 'failed' ? d : { of, status: 'shown' }));
        },
        (error: unknown) => fail('Captcha failed to load', error),
      );
    return () => {
      active = false;
      widget?.destroy();
    };
  }, [load, key, action, locale, attempt]);

  const status = done && same(done.of, [load, key, action, locale, attempt]) ? done.status : 'loading';
  return { ref, status };
}
