import type { ReactNode } from 'react';
import type { TourDetail } from '../api';
import { useTourFormat } from '../format';
import { useGroupText } from './conditions-rules';

/**
 * Group size, minimum age, maximum age (when allowed) and maximum weight (§2.6) as the <dt>/<dd>
 * pairs of a facts list; the conditions section and the sidebar booking card both show them.
 */
export function PeopleLimits({ tour, showMaxAge, weightHint }: { tour: TourDetail; showMaxAge: boolean; weightHint?: ReactNode }) {
  const { t } = useTourFormat();
  const group = useGroupText()(tour.group_min, tour.group_max);
  return (
    <>
      {group && (
        <div>
          <dt>{t('tour.conditions.group')}</dt>
          <dd>{group}</dd>
        </div>
      )}
      {tour.min_age > 0 && (
        <div>
          <dt>{t('tour.conditions.minAge')}</dt>
          <dd>{t('tour.conditions.years', { count: tour.min_age })}</dd>
        </div>
      )}
      {showMaxAge && tour.max_age !== null && (
        <div>
          <dt>{t('tour.conditions.maxAge')}</dt>
          <dd>{t('tour.conditions.years', { count: tour.max_age })}</dd>
        </div>
      )}
      {tour.max_tourist_weight_in_kg !== null && (
        <div>
          <dt>
            {t('tour.conditions.weight')}
            {weightHint && <> {weightHint}</>}
          </dt>
          <dd>{t('tour.conditions.weightValue', { kg: tour.max_tourist_weight_in_kg })}</dd>
        </div>
      )}
    </>
  );
}
