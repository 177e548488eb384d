import { useEffect, useId, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { appConfigAtom, localeAtom, useHost } from '@tours/shared/core';
import { LOCALE_INFO, currencyChoices, type Locale } from '@tours/shared/contract';
import { parseThemeColor } from '@tours/shared/domain';
import { PARTNER_ID_RE, isRetryableError } from '@tours/shared/api';
import { Button, ErrorState, PageHeader, PageSkeleton, SelectField, TextField } from '@tours/shared/kit';
import { InfoBlocks } from '../common/InfoBlocks';
import { useInfoPage } from '../common/info-content';
import { loadWidgetLoader, widgetLoaderUrl } from './loader';
import { WIDGET_TAGS, cspLines, widgetAttributes, widgetSnippet, type WidgetChoice, type WidgetChoiceKind } from './snippet';
import './agencies.css';
import { useT } from '../../i18n/t';

const WIDGET_LOCALES: Locale[] = ['en', 'cn', 'de', 'ru'];
type PreviewState = 'loading' | 'ready' | 'unavailable';

const hex = (rgb: readonly number[]) => `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`;

/**
 * For travel agencies (§2.2 partnership-page): the widget configurator — choose the widget, partner id,
 * language, currency, colour and where the search opens; see the real widget live; copy the snippet and the
 * CSP lines. The loader's URL comes from the runtime manifest (`widgets` entry of /mfe-manifest.json).
 */
export default function AgenciesPage() {
  const t = useT();
  const host = useHost();
  const pageLocale = useAtomValue(localeAtom);
  const config = useAtomValue(appConfigAtom);
  const currencies = currencyChoices(config);
  const id = useId();

  const [choice, setChoice] = useState<WidgetChoice>({
    widget: 'search',
    partner: 'your-agency',
    locale: pageLocale,
    currency: config.defaultCurrency && currencies.includes(config.defaultCurrency) ? config.defaultCurrency : currencies[0]!,
    color: '',
    target: '_blank',
  });
  const set = <K extends keyof WidgetChoice>(key: K, value: WidgetChoice[K]) => setChoice((c) => ({ ...c, [key]: value }));
  const rgb = choice.color.trim() ? parseThemeColor(choice.color) : null;
  const colorValid = !choice.color.trim() || rgb !== null;
  const partnerValid = PARTNER_ID_RE.test(choice.partner.trim());

  const [loaderUrl, setLoaderUrl] = useState<string | null>(null);
  const [preview, setPreview] = useState<PreviewState>('loading');
  useEffect(() => {
    let alive = true;
    widgetLoaderUrl().then((url) => {
      if (!alive) return;
      if (!url) {
        setPreview('unavailable');
        return;
      }
      setLoaderUrl(url);
      loadWidgetLoader(url).then(
        () => alive && setPreview('ready'),
        (error: unknown) => {
          console.error(error);
          if (alive) setPreview('unavailable');
        },
      );
    });
    return () => {
      alive = false;
    };
  }, []);

  // The live preview is the real widget: a new element whenever the configuration changes.
  const slot = useRef<HTMLDivElement | null>(null);
  const attrs = JSON.stringify(widgetAttributes(partnerValid ? choice : { ...choice, partner: 'your-agency' }, colorValid && rgb !== null));
  useEffect(() => {
    const container = slot.current;
    if (preview !== 'ready' || !container) return undefined;
    const element = document.createElement(WIDGET_TAGS[choice.widget]);
    for (const [k, v] of JSON.parse(attrs) as [string, string][]) element.setAttribute(k, v);
    container.replaceChildren(element);
    return () => element.remove();
  }, [preview, choice.widget, attrs]);

  const siteOrigin = window.location.origin;
  const snippet = loaderUrl ? widgetSnippet(choice, { loaderUrl, siteOrigin, siteName: t('meta.siteName'), colorValid: colorValid && rgb !== null }) : '';
  const [copied, setCopied] = useState(false);
  const copy = () => {
    setCopied(false);
    // A failed copy is logged only (§8).
    if (!navigator.clipboard) {
      console.error('Clipboard copy failed: no clipboard');
      return;
    }
    navigator.clipboard.writeText(snippet).then(
      () => setCopied(true),
      (error: unknown) => console.error('Clipboard copy failed', error),
    );
  };
  useEffect(() => setCopied(false), [snippet]);

  const agency = useInfoPage(host, 'for-agencies', pageLocale);
  const title = t('page.partnership-page.title');
  return (
    <article className="srch-agencies">
      <PageHeader title={title} description={t('page.partnership-page.lead')} breadcrumbs={[{ url: host.href('index'), text: t('common.home') }, { text: title }]} />
      <p className="srch-agencies__lead">{t('page.partnership-page.lead')}</p>
      <p>{t('widgets.agencies.intro')}</p>

      <section className="srch-agencies__configurator" aria-labelledby={`cfg${id}`}>
        <h2 id={`cfg${id}`}>{t('widgets.agencies.configurator')}</h2>
        <div className="srch-agencies__layout">
          <form className="srch-agencies__form" onSubmit={(e) => e.preventDefault()} noValidate>
            <fieldset className="srch-agencies__choice">
              <legend className="ui-field__label">{t('widgets.agencies.widget')}</legend>
              {(['search', 'request'] as WidgetChoiceKind[]).map((w) => (
                <label key={w} className="srch-agencies__radio">
                  <input type="radio" name="widget" value={w} checked={choice.widget === w} onChange={() => set('widget', w)} />
                  {t(`widgets.agencies.widget.${w}`)}
                </label>
              ))}
            </fieldset>
            <TextField
              label={t('widgets.agencies.partner')}
              value={choice.partner}
              maxLength={64}
              spellCheck={false}
              autoComplete="off"
              hint={t('widgets.agencies.partnerHint')}
              error={partnerValid ? undefined : t('widgets.agencies.partnerInvalid')}
              onChange={(e) => set('partner', e.target.value)}
            />
            <SelectField
              label={t('widgets.agencies.locale')}
              value={choice.locale}
              options={WIDGET_LOCALES.map((l) => ({ value: l, label: LOCALE_INFO[l].nativeName }))}
              onChange={(e) => set('locale', e.target.value as Locale)}
            />
            <SelectField label={t('widgets.agencies.currency')} value={choice.currency} options={currencies.map((c) => ({ value: c, label: c }))} onChange={(e) => set('currency', e.target.value)} />
            <div className="srch-agencies__color">
              <TextField
                label={t('widgets.agencies.color')}
                value={choice.color}
                maxLength={20}
                spellCheck={false}
                autoComplete="off"
                placeholder="#C2410C"
                hint={t('widgets.agencies.colorHint')}
                error={colorValid ? undefined : t('widgets.agencies.colorInvalid')}
                onChange={(e) => set('color', e.target.value)}
              />
              <input
                type="color"
                className="srch-agencies__picker"
                aria-label={t('widgets.agencies.colorPicker')}
                value={rgb ? hex(rgb) : '#c2410c'}
                onChange={(e) => set('color', e.target.value.toUpperCase())}
              />
            </div>
            {choice.widget === 'search' && (
              <SelectField
                label={t('widgets.agencies.target')}
                value={choice.target}
                options={[
                  { value: '_blank', label: t('widgets.agencies.target.blank') },
                  { value: '_top', label: t('widgets.agencies.target.top') },
                ]}
                onChange={(e) => set('target', e.target.value as WidgetChoice['target'])}
              />
            )}
          </form>

          <div className="srch-agencies__output">
            <h3>{t('widgets.agencies.preview')}</h3>
            {preview === 'unavailable' ? (
              <p className="srch-agencies__unavailable" role="status">
                {t('widgets.agencies.previewUnavailable')}
              </p>
            ) : (
              <div className="srch-agencies__preview" ref={slot} aria-busy={preview === 'loading' || undefined} data-testid="widget-preview" />
            )}
            {snippet && (
              <>
                <h3 id={`snippet${id}`}>{t('widgets.agencies.snippet')}</h3>
                <p className="srch-agencies__hint">{t('widgets.agencies.snippetHint')}</p>
                <pre className="srch-agencies__code" aria-labelledby={`snippet${id}`} tabIndex={0}>
                  <code>{snippet}</code>
                </pre>
                <div className="srch-agencies__copy">
                  <Button variant="secondary" onClick={copy} disabled={!partnerValid}>
                    {t('widgets.agencies.copy')}
                  </Button>
                  <span role="status">{copied ? t('widgets.agencies.copied') : ''}</span>
                </div>
                <p className="srch-agencies__hint">{t('widgets.agencies.csp')}</p>
                <pre className="srch-agencies__code" tabIndex={0}>
                  <code>{cspLines(loaderUrl!, siteOrigin).join('\n')}</code>
                </pre>
              </>
            )}
          </div>
        </div>
      </section>

      {/* Contacts and company requisites: editable content of GET /spa/info-page (issue 17), not the catalogue. */}
      <section className="srch-agencies__contacts srch-info" aria-busy={!agency.data || undefined}>
        {agency.data ? (
          <InfoBlocks blocks={agency.data.blocks} />
        ) : agency.error && isRetryableError(agency.error) ? (
          <ErrorState onRetry={agency.retry} busy={agency.loading} />
        ) : agency.error ? null : (
          <PageSkeleton compact />
        )}
      </section>
    </article>
  );
}
