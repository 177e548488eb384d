/**
 * The request form's sending code (§7.4), in the chunk fetched when the form is first focused (after-first-paint.ts),
 * so the first paint carries none of it: the body, the Moscow-offset table and the captcha-aware call with the API
 * headers (runtime/api.ts, which the captcha step shares).
 */
import { ApiError } from '@tours/shared/core';
import { browserMoscowOffset, helpRequestComment, type CaptchaHandler, type HelpCardValues } from '@tours/shared/widgets';
import { callWithCaptcha } from '../runtime/api';
import type { WidgetConfig, WidgetEnv } from '../runtime/protocol';

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

/** Sends the request from this page to /spa/submit-help-request (a call marked captcha); resolves with its id. */
export async function sendHelpRequest(env: WidgetEnv, config: WidgetConfig, values: HelpCardValues, captcha: Pick<CaptchaHandler, 'solve'>): Promise<number> {
  const body = helpRequestBody(values, config, window.location.href, browserMoscowOffset().offset);
  const answer = await callWithCaptcha<{ request_id?: unknown }>(env, config, 'POST', '/spa/submit-help-request', { body }, captcha);
  if (typeof answer?.request_id !== 'number') throw new ApiError(502, '/spa/submit-help-request', 'Unexpected answer');
  return answer.request_id;
}
