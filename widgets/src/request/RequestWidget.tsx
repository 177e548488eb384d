import { useMemo, useRef, useState } from 'react';
import type { CaptchaType } from '@tours/shared/src/api/captcha';
import { ApiError } from '@tours/shared/src/api/errors';
import { defaultPhoneCountry } from '@tours/shared/src/domain/phone';
import { browserMoscowOffset } from '@tours/shared/src/domain/moscow-offset';
import { helpRequestComment } from '@tours/shared/src/domain/help-request';
import { buildPath } from '@tours/shared/src/routing/match';
import { HelpCard, type HelpCardValues } from '@tours/shared/src/ui/HelpCard';
import type { Translate } from '@tours/shared/src/ui/PhoneInput';
import { callWithCaptcha } from '../runtime/api';
import { translator } from '../runtime/format';
import type { WidgetConfig, WidgetProps } from '../runtime/protocol';
import { siteHome, sitePath } from '../runtime/SiteLink';
import { CaptchaStep } from './CaptchaStep';

/**
 * The body a widget sends (§7.4): a common_help request with the partner id (also as utm_source), the partner
 * page as referer, the timezone from the Moscow-offset table and the 'request from {url}' comment line.
 */
export function helpRequestBody(values: Pick<HelpCardValues, 'name' | 'phone' | 'comment'>, config: WidgetConfig, pageUrl: string, timezone: number) {
  return {
    data: {
      type: 'common_help',
      name: values.name,
      phone: values.phone,
      comment: helpRequestComment(values.comment, pageUrl),
      timezone,
      referer: pageUrl,
      agree: true,
      click_source: 'partner_widget',
      ...(config.partner ? { partner_id: config.partner, utm_source: config.partner } : {}),
      ...(config.utmCampaign ? { utm_campaign: config.utmCampaign } : {}),
      ...(config.utmContent ? { utm_content: config.utmContent } : {}),
    },
  };
}

interface CaptchaAsk {
  type: CaptchaType;
  action: string;
  answer(token: string | null): void;
}

/**
 * The request form: the common help card (§2.7) sending to /spa/submit-help-request, a call marked captcha (§7.4).
 * A captcha-required answer shows the captcha step in place of the form, which stays mounted (hidden) with everything
 * typed; solved, the request is sent again once with the token (runtime/api.ts: callWithCaptcha) and the form shows
 * its outcome; dismissed, the form is back with the original error.
 */
export function RequestWidget({ ctx, config }: WidgetProps) {
  const { env } = ctx;
  const t = useMemo(() => translator(ctx.messages) as Translate, [ctx.messages]);
  const [ask, setAsk] = useState<CaptchaAsk | null>(null);
  const form = useRef<HTMLDivElement | null>(null);
  const captcha = { solve: (type: CaptchaType, action: string) => new Promise<string | null>((answer) => setAsk({ type, action, answer })) };
  const answerCaptcha = (token: string | null) => {
    ask?.answer(token);
    setAsk(null);
    // Dismissed: the alert's 'Try again' (the original error) takes the focus back in the form.
    if (!token) requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[role="alert"] button, button[type="submit"]')?.focus());
  };
  const submit = async (values: HelpCardValues) => {
    try {
      const body = helpRequestBody(values, config, window.location.href, browserMoscowOffset().offset);
      const answer = await callWithCaptcha<{ request_id?: unknown }>(env, config, 'POST', '/spa/submit-help-request', { body }, captcha);
      if (typeof answer?.request_id !== 'number') throw new ApiError(502, '/spa/submit-help-request', 'Unexpected answer');
      return answer.request_id;
    } catch (error) {
      ctx.emit('error', { reason: 'api', status: error instanceof ApiError ? error.status : 0, message: String((error as Error)?.message ?? error) });
      throw error;
    }
  };
  const languages = typeof navigator === 'undefined' ? [] : navigator.languages ?? [navigator.language];
  return (
    <div className="wdg-card wdg-request">
      <div ref={form} hidden={Boolean(ask)}>
        <HelpCard
          t={t}
          locale={config.locale}
          submit={submit}
          termsHref={sitePath(env.site, buildPath('agreement', {}, config.locale), config.partner)}
          privacyHref={sitePath(env.site, buildPath('privacy', {}, config.locale), config.partner)}
          defaultCountry={defaultPhoneCountry(config.locale, languages)}
          fallback={{ href: siteHome(env.site, config), name: String(t('widgets.siteName')) }}
          onSubmitted={(requestId) => ctx.emit('requestSubmitted', { requestId })}
        />
      </div>
      {ask && <CaptchaStep env={env} config={config} t={t} type={ask.type} action={ask.action} onToken={answerCaptcha} onDismiss={() => answerCaptcha(null)} />}
    </div>
  );
}
