import { useState, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { useHost } from '@tours/shared/core';
import { useApiQuery } from '@tours/shared/api';
import { Collapse, ErrorState, Price } from '@tours/shared/kit';
import type { TourDetail } from '../api';
import { fetchTickets } from '../later-calls';
import { useTourFormat } from '../format';
import { Section, TourRich } from '../parts';

interface Item { key: string; question: string; answer: ReactNode }

function CollapseItem({ item, open, onToggle }: { item: Item; open: boolean; onToggle: () => void }) {
  const panel = `faq-panel-${item.key}`;
  return (
    <li className={`tour-faq__item${open ? ' tour-faq__item--open' : ''}`}>
      <h3 className="tour-faq__q">
        <button type="button" className="tour-faq__toggle" aria-expanded={open} aria-controls={panel} onClick={onToggle}>{item.question}</button>
      </h3>
      <Collapse open={open} id={panel}>
        <div className="tour-faq__a">{item.answer}</div>
      </Collapse>
    </li>
  );
}

/** Travel recommendations (§2.6, §3.6 tickets data): arrivals and departures by transport, notes per city. */
function Recommendations({ tourId }: { tourId: number }) {
  const host = useHost();
  const { t } = useTourFormat();
  const q = useApiQuery(`tickets:${tourId}`, (signal) => fetchTickets(host.api, tourId, signal));
  if (q.error) return <ErrorState messageId="tour.tickets.failed" onRetry={q.retry} busy={q.loading} />;
  if (!q.data) return <p role="status">{t('common.loading')}</p>;
  const d = q.data;
  const groups = [
    ['plane', d.arrival, d.departure],
    ['train', d.train_arrival, d.train_departure],
    ['other', d.other_mean_of_transport_arrival, d.other_mean_of_transport_departure],
  ] as const;
  return (
    <div className="tour-tickets" data-testid="recommendations">
      {groups.filter(([, a, b]) => a.length || b.length).map(([kind, arrival, departure]) => (
        <div key={kind} className="tour-tickets__group">
          <h4>{t(`tour.tickets.${kind}`)}</h4>
          <ul>
            {arrival.map((e, i) => <li key={`a${i}`}>{t('tour.tickets.arrival', { city: e.city_name, day: e.day, time: e.time })}</li>)}
            {departure.map((e, i) => <li key={`d${i}`}>{t('tour.tickets.departure', { city: e.city_name, day: e.day, time: e.time })}</li>)}
          </ul>
        </div>
      ))}
      {d.important.length > 0 && (
        <div className="tour-tickets__group">
          <h4>{t('tour.tickets.important')}</h4>
          <ul>{d.important.map((n, i) => <li key={i}><strong>{n.city_name}:</strong> {n.comment_for_arrival_departure}</li>)}</ul>
        </div>
      )}
      {d.comment_for_all_cities && <TourRich html={d.comment_for_all_cities} />}
    </div>
  );
}

/**
 * Important information (§2.6 FAQ): questions and answers (the first open, expand all / hide all), available
 * discounts of the four kinds, special rates, cancellation penalties ('period - percent') with the warning and
 * 'Additional terms:', and a further collapse for recommendations and tickets when shown.
 */
export function Faq({ tour, showRecommendations }: { tour: TourDetail; showRecommendations: boolean }) {
  const f = useTourFormat();
  const { t } = f;
  const items: Item[] = tour.faq.map((q) => ({ key: String(q.id), question: q.question, answer: <TourRich html={q.answer} /> }));
  if (tour.organizational_details.replace(/<[^>]*>/g, '').trim()) {
    items.push({ key: 'org', question: t('tour.faq.organizational'), answer: <TourRich html={tour.organizational_details} /> });
  }
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set(items[0] ? [items[0].key] : []));
  const [recsOpen, setRecsOpen] = useState(false);
  const all = items.length > 0 && items.every((i) => open.has(i.key));
  const toggle = (key: string) => setOpen((s) => {
    const next = new Set(s);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    return next;
  });
  return (
    <Section
      anchor="faq"
      title={t('tour.nav.faq')}
      actions={items.length > 1 && (
        <button type="button" className="ui-btn ui-btn--link" onClick={() => setOpen(all ? new Set() : new Set(items.map((i) => i.key)))}>
          {t(all ? 'tour.faq.hideAll' : 'tour.faq.expandAll')}
        </button>
      )}
    >
      <p className="tour-muted tour-faq__subtitle">{t('tour.faq.subtitle')}</p>
      {items.length > 0 && (
        <ul className="tour-faq">
          {items.map((item) => <CollapseItem key={item.key} item={item} open={open.has(item.key)} onToggle={() => toggle(item.key)} />)}
        </ul>
      )}
      {tour.discounts.length > 0 && (
        <div className="tour-subsection" data-testid="discounts">
          <h3 className="tour-subsection__title">{t('tour.faq.discounts')}</h3>
          <ul className="tour-discounts">
            {tour.discounts.map((d) => (
              <li key={d.id} className="tour-discount">
                <span className="tour-discount__size">{d.format.id === 2
                    ? t('tour.discount.percent', { size: d.size })
                    // An amount is stored in roubles: the one price display converts it to the traveller's currency (§9).
                    : <FormattedMessage id="tour.discount.amount" values={{ amount: <Price amount={d.size} currency="RUB" showDiscount={false} /> }} />}</span>
                <span className="tour-discount__kind">{t(`tour.discount.${d.type_string}`)}</span>
                {d.end_date && <span className="tour-muted"> {t('tour.discount.until', { date: f.date(d.end_date) })}</span>}
                {d.conditions && <span className="tour-discount__conditions">{d.conditions}</span>}
              </li>
            ))}
          </ul>
        </div>
      )}
      {tour.special_tariff && (
        <div className="tour-subsection">
          <h3 className="tour-subsection__title">{t('tour.faq.specialRates')}</h3>
          <TourRich html={tour.special_tariff} />
        </div>
      )}
      {(tour.penalties.length > 0 || tour.penalties_conditions.trim()) && (
        <div className="tour-subsection" data-testid="penalties">
          <h3 className="tour-subsection__title">{t('tour.faq.cancellation')}</h3>
          {tour.penalties.length > 0 && (
            <>
              <p className="tour-warning">{t('tour.faq.penaltyWarning')}</p>
              <ul className="tour-penalties">
                {tour.penalties.map((p, i) => <li key={i}>{t('tour.faq.penalty', { period: p.period, percent: p.percent })}</li>)}
              </ul>
            </>
          )}
          {tour.penalties_conditions.trim() && (
            <>
              <p className="tour-penalties__terms">{t('tour.faq.additionalTerms')}</p>
              <TourRich html={tour.penalties_conditions} />
            </>
          )}
        </div>
      )}
      {showRecommendations && (
        <ul className="tour-faq tour-faq--recs">
          <CollapseItem item={{ key: 'recs', question: t('tour.faq.recommendations'), answer: recsOpen ? <Recommendations tourId={tour.id} /> : null }} open={recsOpen} onToggle={() => setRecsOpen((o) => !o)} />
        </ul>
      )}
    </Section>
  );
}
