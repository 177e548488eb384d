import { useHost } from '@tours/shared/core';
import type { TourDetail } from '../api';
import { openCostCalculationForm } from '../actions';
import { useTourFormat } from '../format';
import { isValidPlace } from '../map/provider';
import { openMap } from '../open';
import { Hint, Section, TourRich } from '../parts';
import { useTicketsPriceOffered } from './conditions-rules';
import { PeopleLimits } from './people-limits';

/**
 * Conditions (§2.6): group size, minimum age, weight with a hint, 'N days and N-1 nights', the meeting place with
 * 'Open map', the tickets-price button when dates exist, and the included / paid-extra lists.
 */
export function Conditions({ tour, showMaxAge }: { tour: TourDetail; showMaxAge: boolean }) {
  const host = useHost();
  const f = useTourFormat();
  const { t } = f;
  const ticketsOffered = useTicketsPriceOffered(tour);
  const place = { name: tour.gathering_place, lat: tour.lat, lng: tour.lng, zoom: 10 };
  return (
    <Section anchor="conditions" title={t('tour.nav.conditions')}>
      <dl className="tour-facts tour-facts--grid">
        <PeopleLimits tour={tour} showMaxAge={showMaxAge} weightHint={<Hint text={t('tour.conditions.weightHint')} label={t('tour.conditions.weightHintLabel')} />} />
        <div>
          <dt>{t('tour.conditions.duration')}</dt>
          <dd>{f.duration(tour.type, tour.days, tour.hours)}</dd>
        </div>
        {tour.gathering_place && (
          <div className="tour-facts__wide">
            <dt>{t('tour.conditions.meeting')}</dt>
            <dd>
              {tour.gathering_place}{' '}
              {isValidPlace(place) && (
                <button type="button" className="ui-btn ui-btn--link" aria-haspopup="dialog" onClick={() => openMap(host, place, t('tour.map.meeting'))}>
                  {t('tour.conditions.openMap')}
                </button>
              )}
            </dd>
          </div>
        )}
      </dl>
      {ticketsOffered && (
        <p>
          <button type="button" className="ui-btn ui-btn--secondary" aria-haspopup="dialog" onClick={() => openCostCalculationForm(host, tour)}>
            {t('tour.conditions.ticketsPrice')}
          </button>
        </p>
      )}
      <div className="tour-inprice">
        <div className="tour-inprice__col tour-inprice__col--in">
          <h3 className="tour-subsection__title">{t('tour.conditions.included')}</h3>
          <TourRich html={tour.in_price.included} />
        </div>
        <div className="tour-inprice__col tour-inprice__col--out">
          <h3 className="tour-subsection__title">{t('tour.conditions.excluded')}</h3>
          <TourRich html={tour.in_price.excluded} />
        </div>
      </div>
    </Section>
  );
}
