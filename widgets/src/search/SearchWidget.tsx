import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { Button, SelectField } from '@tours/shared/widgets';
import { callApi } from '../runtime/api';
import { translator } from '../runtime/format';
import type { WidgetProps } from '../runtime/protocol';
import { SiteLink } from '../runtime/SiteLink';
import { Destination, type DestinationChoice } from './Destination';
import { searchUrl } from './url';

interface TravelStyle {
  id: number;
  name: string;
  tours_count: number;
}

function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/**
 * The search box: destination autocomplete, dates and travel style. Submit opens the main site's search page
 * with the filter in the URL (§5.4) and the partner attribution, in a new tab unless the partner chose otherwise.
 * If the API cannot be reached, a compact message with a link to the main site and a retry replaces the form.
 */
export function SearchWidget({ ctx, config }: WidgetProps) {
  const { env } = ctx;
  const t = useMemo(() => translator(ctx.messages), [ctx.messages]);
  const id = useId();
  const [styles, setStyles] = useState<TravelStyle[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [destination, setDestination] = useState<DestinationChoice | null>(null);
  const firstSuggestion = useRef<DestinationChoice | null>(null);
  const [dateFrom, setDateFrom] = useState('');
  const [dateTo, setDateTo] = useState('');
  const [style, setStyle] = useState('');

  const load = () => {
    setFailed(false);
    callApi<{ types: TravelStyle[] }>(env, config, 'GET', '/spa/search-form').then(
      (answer) => setStyles([...answer.types].sort((a, b) => a.name.localeCompare(b.name))),
      (error: unknown) => {
        setFailed(true);
        ctx.emit('error', { reason: 'api', message: String((error as Error)?.message ?? error) });
      },
    );
  };
  useEffect(load, []); // eslint-disable-line react-hooks/exhaustive-deps

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const url = searchUrl({
      site: env.site,
      locale: config.locale,
      destination: destination ?? firstSuggestion.current,
      dateFrom,
      dateTo,
      restKind: style ? Number(style) : null,
      partner: config.partner,
      utmCampaign: config.utmCampaign,
      utmContent: config.utmContent,
    });
    ctx.emit('search', { url });
    window.open(url, config.target, config.target === '_blank' ? 'noopener' : undefined);
  };

  if (failed) {
    return (
      <div className="wdg-card wdg-unavailable" role="alert">
        <p>{t('widgets.search.unavailable')}</p>
        <p>
          <SiteLink t={t} site={env.site} config={config} messageId="widgets.fallback" />
        </p>
        <Button variant="secondary" size="sm" onClick={load}>
          {t('widgets.retry')}
        </Button>
      </div>
    );
  }

  const min = today();
  return (
    <form className="wdg-card wdg-search" role="search" aria-labelledby={`title${id}`} onSubmit={submit} noValidate>
      <h2 id={`title${id}`} className="wdg-title">
        {t('widgets.search.title')}
      </h2>
      <div className="wdg-search__grid">
        <Destination ctx={ctx} config={config} t={t} value={destination} onChange={setDestination} firstRef={firstSuggestion} />
        <fieldset className="wdg-dates">
          <legend className="ui-field__label">{t('widgets.search.dates')}</legend>
          <div className="wdg-dates__row">
            <label className="wdg-dates__item">
              <span className="wdg-dates__label">{t('widgets.search.dateFrom')}</span>
              <input className="ui-field__input" type="date" min={min} value={dateFrom} onChange={(e) => setDateFrom(e.target.value)} />
            </label>
            <label className="wdg-dates__item">
              <span className="wdg-dates__label">{t('widgets.search.dateTo')}</span>
              <input className="ui-field__input" type="date" min={dateFrom || min} value={dateTo} onChange={(e) => setDateTo(e.target.value)} />
            </label>
          </div>
        </fieldset>
        <SelectField
          label={t('widgets.search.style')}
          value={style}
          onChange={(e) => setStyle(e.target.value)}
          options={[{ value: '', label: String(t('widgets.search.anyStyle')) }, ...(styles ?? []).map((s) => ({ value: String(s.id), label: s.name }))]}
        />
        <div className="wdg-search__submit">
          <Button type="submit" block>
            {t('widgets.search.submit')}
          </Button>
        </div>
      </div>
    </form>
  );
}
