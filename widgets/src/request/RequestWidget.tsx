import { useMemo } from 'react';
import { ApiError } from '@tours/shared/src/api/errors';
import { defaultPhoneCountry } from '@tours/shared/src/domain/phone';
import { browserMoscowOffset } from '@tours/shared/src/domain/moscow-offset';
import { buildPath } from '@tours/shared/src/routing/match';
import { HelpCard, type HelpCardValues } from '@tours/shared/src/ui/HelpCard';
import type { Translate } from '@tours/shared/src/ui/PhoneInput';
import { callApi } from '../runtime/api';
import { translator } from '../runtime/format';
import type { WidgetConfig, WidgetProps } from '../runtime/protocol';
import { siteHome, sitePath } from '../runtime/SiteLink';

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
      comment: [values.comment, `request from ${pageUrl}`].filter(Boolean).join('\n'),
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

/** The request form: the common help card (§2.7) sending to /spa/submit-help-request. */
export function RequestWidget({ ctx, config }: WidgetProps) {
  const { env } = ctx;
  const t = useMemo(() => translator(ctx.messages) as Translate, [ctx.messages]);
  const submit = async (values: HelpCardValues) => {
    try {
      const answer = await callApi<{ request_id?: unknown }>(env, config, 'POST', '/spa/submit-help-request', {
        body: helpRequestBody(values, config, window.location.href, browserMoscowOffset().offset),
      });
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
  );
}
