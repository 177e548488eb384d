import { useEffect, useRef, useState } from 'react';
import { Button, captchaSetup, useCaptchaWidget, type CaptchaProvider, type CaptchaSettings, type CaptchaType, type Translate } from '@tours/shared/widgets';
import { callApi } from '../runtime/api';
import type { WidgetConfig, WidgetEnv } from '../runtime/protocol';

/** The ALTCHA chunk (the widget, its stylesheet, the page-thread proof of work): fetched only when a captcha is shown. */
const loadAltcha = (): Promise<CaptchaProvider> => import('./altcha').then((m) => m.altcha);

/** The captcha configuration of the site tokens (GET /spa/site-tokens, CORS for the widgets); 'failed' when unreachable. */
async function captchaSettings(env: WidgetEnv, config: WidgetConfig): Promise<CaptchaSettings | 'failed'> {
  const text = (v: unknown) => (typeof v === 'string' ? v : null);
  try {
    const a = await callApi<Record<string, unknown> | null>(env, config, 'GET', '/spa/site-tokens');
    return { captcha_provider: text(a?.captcha_provider), captcha_key: text(a?.captcha_key), hard_captcha_key: text(a?.hard_captcha_key) };
  } catch {
    return 'failed';
  }
}

export interface CaptchaStepProps {
  env: WidgetEnv;
  config: WidgetConfig;
  t: Translate;
  type: CaptchaType;
  /** captchaAction of the call to send again. */
  action: string;
  onToken(token: string): void;
  /** 'Back' (or Escape): the original error propagates. */
  onDismiss(): void;
}

/**
 * The captcha step of the request widget (accounts-and-comms §2 'Captcha modal', §4, §5, §8), in its shadow root in
 * place of the form (a partner's page has no site modal): the modal's title, 'Why is this needed?' and ALTCHA with the
 * call's action in its challenge. A configuration that cannot be fetched, a missing provider or key, a widget that
 * fails, or a hosted provider (Yandex, Turnstile, hCaptcha: their site keys are bound to the site's own domains, and
 * their scripts and frames to the site's CSP) show 'Captcha loading error' with 'Try again', which fetches the site
 * tokens anew; a provider nobody knows shows 'Unknown captcha provider'. The VPN hint needs the site's
 * configuration (russianIsAvailable), which a widget does not have: it is left out.
 */
export function CaptchaStep({ env, config, t, type, action, onToken, onDismiss }: CaptchaStepProps) {
  const [settings, setSettings] = useState<CaptchaSettings | 'failed' | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [refetching, setRefetching] = useState(false);
  const heading = useRef<HTMLHeadingElement | null>(null);

  useEffect(() => {
    let live = true;
    void captchaSettings(env, config).then((s) => live && setSettings(s));
    heading.current?.focus();
    return () => {
      live = false;
    };
  }, [env, config]);

  const setup = settings && settings !== 'failed' ? captchaSetup(type, settings) : null;
  const altcha = setup?.kind === 'ready' && setup.provider === 'altcha';
  // A path is on the API's origin (the partner page is not the site); a web address stays as it is.
  const key = altcha ? (/^\/(?![/\\])/.test(setup.key) ? env.api + setup.key : setup.key) : null;
  const { ref, status } = useCaptchaWidget(altcha ? loadAltcha : null, { key, action, locale: config.locale, attempt, onToken });
  const failed = settings === 'failed' || setup?.kind === 'missing' || (setup?.kind === 'ready' && (!altcha || status === 'failed'));
  const loading = !settings || status === 'loading';

  const retry = async () => {
    setRefetching(true);
    setSettings(await captchaSettings(env, config));
    setRefetching(false);
    setAttempt((a) => a + 1);
  };

  return (
    <div className="wdg-captcha" onKeyDown={(e) => e.key === 'Escape' && onDismiss()}>
      <h2 className="wdg-title" tabIndex={-1} ref={heading}>
        {t('widgets.captcha.title')}
      </h2>
      <details className="wdg-captcha__why">
        <summary>{t('widgets.captcha.why')}</summary>
        <p>{t('widgets.captcha.reason')}</p>
      </details>
      {setup?.kind === 'unknown' ? (
        <p className="wdg-captcha__error" role="alert">
          {t('widgets.captcha.unknownProvider')}
        </p>
      ) : failed ? (
        <div className="wdg-captcha__failed" role="alert">
          <p className="wdg-captcha__error">{t('widgets.captcha.loadError')}</p>
          <Button variant="secondary" size="sm" loading={refetching} onClick={() => void retry()}>
            {t('widgets.retry')}
          </Button>
        </div>
      ) : (
        <div className="wdg-captcha__box" aria-busy={loading || undefined}>
          <div ref={ref} />
          {loading && <p className="wdg-captcha__loading">{t('widgets.captcha.loading')}</p>}
        </div>
      )}
      <Button variant="link" className="wdg-captcha__back" onClick={onDismiss}>
        {t('widgets.captcha.back')}
      </Button>
    </div>
  );
}
