import { useHost } from '@tours/shared/core';
import { SCHEDULE_VARIANTS, allDatesNotGuaranteed } from '@tours/shared/domain';
import { MessageBanner } from '@tours/shared/kit';
import type { TourDetail } from '../api';
import { chooseDate } from '../actions';
import { useTourFormat } from '../format';
import { openExcursionDates, openVariants } from '../open';
import { Section } from '../parts';
import { NotBookable } from './booking';
import { VariantsList, useOptionInfo } from '../VariantsList';

/**
 * Dates and prices (§2.6, §4.2): the not-guaranteed alert, the individual-dates item, 5 variants and 'Show all
 * departures'; choosing a date stores it and goes to request-page. An excursion without variants lists its dates
 * and opens the date-and-time selector.
 */
export function Schedule({ tour }: { tour: TourDetail }) {
  const host = useHost();
  const f = useTourFormat();
  const { t } = f;
  const options = useOptionInfo(tour);
  const excursionOnly = tour.variants.length === 0 && tour.excursion_dates.length > 0;
  // An archived tour has no date to choose (issue 29).
  if (tour.is_archived) {
    return (
      <Section anchor="schedule" title={t('tour.nav.schedule')}>
        <NotBookable />
      </Section>
    );
  }
  return (
    <Section anchor="schedule" title={t('tour.nav.schedule')}>
      {allDatesNotGuaranteed(tour) && (
        <MessageBanner kind="warning" className="tour-alert">{t('tour.schedule.notGuaranteed')}</MessageBanner>
      )}
      {excursionOnly ? (
        <div className="tour-excursion-dates">
          <ul className="tour-excursion-dates__list">
            {tour.excursion_dates.slice(0, SCHEDULE_VARIANTS).map((d) => (
              <li key={d.date}>
                <strong>{f.weekday(d.date)}, {f.date(d.date)}</strong>{' '}
                <span className="tour-muted">{d.time.map((x) => x.start).join(' · ')}</span>
              </li>
            ))}
          </ul>
          <button type="button" className="ui-btn ui-btn--primary" aria-haspopup="dialog" onClick={() => openExcursionDates(host, tour.id, tour.excursion_dates)}>
            {t('tour.schedule.excursionChoose')}
          </button>
        </div>
      ) : (
        <VariantsList tour={tour} limit={SCHEDULE_VARIANTS} options={options} onChoose={(c) => chooseDate(host, c.tourId, c.value)} />
      )}
      {tour.variants.length > SCHEDULE_VARIANTS && (
        <p className="tour-schedule__all">
          <button type="button" className="ui-btn ui-btn--secondary" aria-haspopup="dialog" onClick={() => openVariants(host, tour, 'page')}>
            {t('tour.schedule.showAll')}
          </button>
        </p>
      )}
    </Section>
  );
}
