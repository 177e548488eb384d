import { useMemo, useRef, useState } from 'react';
import { ApiError } from '@tours/shared/core';
import { defaultPhoneCountry, HelpCard, type CaptchaType, type HelpCardValues, type Translate } from '@tours/shared/widgets';
import { translator } from '../runtime/format';
import type { WidgetProps } from '../runtime/protocol';
import { siteHome, sitePath } from '../runtime/SiteLink';
import type { CaptchaStep } from './CaptchaStep';
import { LEGAL_PATHS } from './legal-paths.build-time';

/** What the form needs once the visitor acts (after-first-paint.ts): fetched on the first focus, at the latest on submit. */
const loadAfterFirstPaint = () => import('./after-first-paint');

interface CaptchaAsk {
  type: CaptchaType;
  action: string;
  answer(token: string | null): void;
  Step: typeof CaptchaStep;
}

/**
 * The request form: the common help card (§2.7) sending to /spa/submit-help-request, a call marked captcha (§7.4).
 * The sending code and the captcha step are a chunk of their own, fetched when the form is first focused, so the
 * first paint carries neither. A captcha-required answer shows the captcha step in place of the form, which stays
 * mounted (hidden) with everything typed; solved, the request is sent again once with the token (runtime/api.ts:
 * callWithCaptcha) and the form shows its outcome; dismissed, the form is back with the original error.
 */
export function RequestWidget({ ctx, config }: WidgetProps) {
  const { env } = ctx;
  const t = useMemo(() => translator(ctx.messages) as Translate, [ctx.messages]);
  const [ask, setAsk] = useState<CaptchaAsk | null>(null);
  const form = useRef<HTMLDivElement | null>(null);
  const answerCaptcha = (token: string | null) => {
    ask?.answer(token);
    setAsk(null);
    // Dismissed: the alert's 'Try again' (the original error) takes the focus back in the form.
    if (!token) requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[role="alert"] button, button[type="submit"]')?.focus());
  };
  const submit = async (values: HelpCardValues) => {
    let afterFirstPaint: Awaited<ReturnType<typeof loadAfterFirstPaint>>;
    try {
      afterFirstPaint = await loadAfterFirstPaint();
    } catch (error) {
      // Its chunk could not be fetched: the form keeps everything typed and offers a retry, as with no connection.
      ctx.emit('error', { reason: 'bundle', message: String((error as Error)?.message ?? error) });
      throw error;
    }
    const { sendHelpRequest, CaptchaStep: Step } = afterFirstPaint;
    const captcha = { solve: (type: CaptchaType, action: string) => new Promise<string | null>((answer) => setAsk({ type, action, answer, Step })) };
    try {
      return await sendHelpRequest(env, config, values, captcha);
    } catch (error) {
      ctx.emit('error', { reason: 'api', status: error instanceof ApiError ? error.status : 0, message: String((error as Error)?.message ?? error) });
      throw error;
    }
  };
  const languages = typeof navigator === 'undefined' ? [] : navigator.languages ?? [navigator.language];
  return (
    // The first focus in the form fetches the sending code, so a submit does not wait for it.
    <div className="wdg-card wdg-request" onFocus={() => void loadAfterFirstPaint().catch(() => null)}>
      <div ref={form} hidden={Boolean(ask)}>
        <HelpCard
          t={t}
          locale={config.locale}
          submit={submit}
          termsHref={sitePath(env.site, LEGAL_PATHS[config.locale].terms, config.partner)}
          privacyHref={sitePath(env.site, LEGAL_PATHS[config.locale].privacy, config.partner)}
          defaultCountry={defaultPhoneCountry(config.locale, languages)}
          fallback={{ href: siteHome(env.site, config), name: String(t('widgets.siteName')) }}
          onSubmitted={(requestId) => ctx.emit('requestSubmitted', { requestId })}
        />
      </div>
      {ask && <ask.Step env={env} config={config} t={t} type={ask.type} action={ask.action} onToken={answerCaptcha} onDismiss={() => answerCaptcha(null)} />}
    </div>
  );
}
