import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { appConfigAtom, localeAtom, siteSettingsAtom, useHost } from '@tours/shared/core';
import { SiteTokensAnswer, captchaSetup, type CaptchaType } from '@tours/shared/api';
import { Button, useCaptchaWidget } from '@tours/shared/kit';
import { PROVIDERS } from './provider';
import './captcha.css';
import { useT } from '../../i18n/t';

/** The id of the modal's title (the parcel's labelId). */
export const CAPTCHA_TITLE_ID = 'account-captcha-title';

/**
 * The captcha modal's content (accounts-and-comms §2 'Captcha modal', §4 'Captcha'): the title, 'Why is this
 * needed?', the VPN hint where Russian is available, and the provider's widget for the captcha's type. The solved
 * token closes the modal with it (the client retries the call with it); an expired one is cleared. A missing
 * provider or key, or a widget that cannot load, shows 'Captcha loading error' with 'Try again', which fetches the
 * site tokens again; an unknown provider shows 'Unknown captcha provider'.
 */
export function CaptchaView({ type, action, close }: { type: CaptchaType; action: string; close: (token?: string) => void }) {
  const host = useHost();
  const t = useT();
  const settings = useAtomValue(siteSettingsAtom);
  const locale = useAtomValue(localeAtom);
  const vpnHint = useAtomValue(appConfigAtom).russianIsAvailable;
  const setup = captchaSetup(type, settings);
  const provider = setup.kind === 'ready' ? setup.provider : null;
  const key = setup.kind === 'ready' ? setup.key : null;
  const [attempt, setAttempt] = useState(0);
  const [refetching, setRefetching] = useState(false);
  // The provider's widget (shared with the partner request widget): the solved token closes the modal with it.
  const { ref: element, status } = useCaptchaWidget(provider ? PROVIDERS[provider] : null, {
    key,
    action,
    locale,
    attempt,
    onToken: close,
  });

  /** 'Try again' (§4): the captcha configuration is fetched anew, then the widget is loaded again. */
  const retry = async () => {
    setRefetching(true);
    try {
      const tokens = await host.api.get('/spa/site-tokens', { schema: SiteTokensAnswer });
      host.store.set(siteSettingsAtom, { ...host.store.get(siteSettingsAtom), ...tokens });
    } catch {
      /* logged by the client; the loading error stays until a try succeeds */
    } finally {
      setRefetching(false);
      setAttempt((a) => a + 1);
    }
  };

  const failed = setup.kind === 'missing' || (setup.kind === 'ready' && status === 'failed');
  return (
    <div className="acc-captcha">
      <h2 id={CAPTCHA_TITLE_ID} className="acc-captcha__title">
        {t('account.captcha.title')}
      </h2>
      <details className="acc-captcha__why">
        <summary>{t('account.captcha.why')}</summary>
        <p>{t('account.captcha.reason')}</p>
      </details>
      {vpnHint && <p className="acc-captcha__vpn">{t('account.captcha.vpn')}</p>}
      {setup.kind === 'unknown' ? (
        <p className="acc-captcha__error" role="alert">
          {t('account.captcha.unknownProvider')}
        </p>
      ) : failed ? (
        <div className="acc-captcha__failed" role="alert">
          <p className="acc-captcha__error">{t('account.captcha.loadError')}</p>
          <Button variant="secondary" loading={refetching} onClick={() => void retry()}>
            {t('account.captcha.retry')}
          </Button>
        </div>
      ) : (
        <div className="acc-captcha__box" aria-busy={status === 'loading' || undefined}>
          <div ref={element} className="acc-captcha__widget" data-provider={provider ?? undefined} />
          {status === 'loading' && <p className="acc-captcha__loading">{t('common.loading')}</p>}
        </div>
      )}
    </div>
  );
}
