import { FormattedMessage } from 'react-intl';
import { useHost } from '@tours/shared/core';
import { hasIndividualDates, isOtherOption, isVariantDisabled, lengthFromVariant } from '@tours/shared/domain';
import { useApiQuery, type TourListItem, type TourOption, type TourVariant } from '@tours/shared/api';
import { Link, Price } from '@tours/shared/kit';
import { fetchToursByIds } from './later-calls';
import { useTourFormat } from './format';
import type { MessageId } from '../../i18n/t';

export interface VariantsTour {
  id: number;
  type: number;
  variants: readonly TourVariant[];
  tour_variants: readonly TourOption[];
  use_request_period: boolean;
  request_period_start: string | null;
  request_period_end: string | null;
}

/** Other options' duration and price for the warning of §4.2 (GET /crm/api/tour/get-by-ids). */
export function useOptionInfo(tour: Pick<VariantsTour, 'id' | 'variants'> | null): ReadonlyMap<number, TourListItem> | undefined {
  const host = useHost();
  const ids = tour ? [...new Set(tour.variants.filter((v) => v.tour_id !== tour.id).map((v) => v.tour_id))].sort((a, b) => a - b) : [];
  const q = useApiQuery(ids.length ? `tour-options:${ids.join(',')}` : null, (signal) => fetchToursByIds(host.api, ids, signal));
  return q.data ? new Map(q.data.map((x) => [x.id, x])) : undefined;
}

export type Choice = { tourId: number; value: number | 'individual' };

export interface VariantsListProps {
  tour: VariantsTour;
  /** How many variants to show (the dates section shows 5); all when not given. */
  limit?: number;
  onChoose: (choice: Choice) => void;
  /** Label of the choose buttons; 'Choose' by default. */
  chooseLabelId?: MessageId;
  /** Other options of the tour, by tour id (duration and price for the warning). */
  options?: ReadonlyMap<number, TourListItem>;
  headingLevel?: 3 | 4;
}

/**
 * Date variants (public-site §4.2): the individual-dates item, then each date with its length, price, an
 * 'Approximate' chip when not guaranteed, 'No seats left' when disabled, and the warning of another option.
 */
export function VariantsList({ tour, limit, onChoose, chooseLabelId = 'tour.schedule.choose', options, headingLevel = 3 }: VariantsListProps) {
  const host = useHost();
  const f = useTourFormat();
  const { t } = f;
  const variants = limit === undefined ? tour.variants : tour.variants.slice(0, limit);
  const H = `h${headingLevel}` as 'h3';
  return (
    <ul className="tour-variants" data-testid="variants-list">
      {hasIndividualDates(tour) && (
        <li className="tour-variant tour-variant--individual" data-variant="individual">
          <div className="tour-variant__main">
            <H className="tour-variant__dates">{t('tour.schedule.individual')}</H>
            <p className="tour-variant__meta">{f.range(tour.request_period_start!, tour.request_period_end!)}</p>
          </div>
          <button type="button" className="ui-btn ui-btn--secondary ui-btn--sm" onClick={() => onChoose({ tourId: tour.id, value: 'individual' })}>
            {t(chooseLabelId)}
            <span className="visually-hidden">: {t('tour.schedule.individual')}</span>
          </button>
        </li>
      )}
      {variants.map((v) => {
        const disabled = isVariantDisabled(v);
        const other = isOtherOption(v, tour.id) ? tour.tour_variants.find((o) => o.tour_id === v.tour_id) : undefined;
        const info = other ? options?.get(other.tour_id) : undefined;
        const length = lengthFromVariant(v);
        const dates = f.range(v.start, v.end);
        const hintId = `variant-hint-${v.id}`;
        return (
          <li key={v.id} className={`tour-variant${disabled ? ' tour-variant--disabled' : ''}${other ? ' tour-variant--other' : ''}`} data-variant={v.id} data-tour-id={v.tour_id}>
            <div className="tour-variant__main">
              <H className="tour-variant__dates">{dates}</H>
              <p className="tour-variant__meta">
                {f.duration(tour.type, length.days, null)}
                {v.not_guaranteed && (
                  <span className="tour-chip tour-chip--approx" aria-describedby={hintId}>
                    {t('tour.schedule.approximate')}
                    <span id={hintId} role="tooltip" className="tour-chip__hint">{t('tour.schedule.approximateHint')}</span>
                  </span>
                )}
              </p>
              {other && (
                <p className="tour-variant__other" role="note">
                  {/* The price goes through the one price display, converted from the stored amount (§9). */}
                  <FormattedMessage
                    id="tour.schedule.otherOption"
                    values={{
                      name: other.name,
                      duration: info ? f.duration(info.type, info.days, info.hours) : f.duration(tour.type, length.days, null),
                      price: info
                        ? <Price amount={info.price} currency={info.currency} original={{ amount: info.original_price, currency: info.original_currency }} showDiscount={false} />
                        : <Price amount={v.price} currency={v.currency} original={{ amount: v.original_price, currency: 'RUB' }} showDiscount={false} />,
                    }}
                  />{' '}
                  <Link href={host.href('tour-page', { slug: other.slug })}>{t('tour.schedule.otherOptionLink')}</Link>
                </p>
              )}
            </div>
            <div className="tour-variant__side">
              <Price amount={v.price} currency={v.currency} original={{ amount: v.original_price, currency: 'RUB' }} oldAmount={v.price_without_discount} />
              {disabled ? (
                <button type="button" className="ui-btn ui-btn--secondary ui-btn--sm" disabled>
                  {t('tour.schedule.noSeats')}
                  <span className="visually-hidden">: {dates}</span>
                </button>
              ) : (
                <button type="button" className="ui-btn ui-btn--primary ui-btn--sm" onClick={() => onChoose({ tourId: v.tour_id, value: v.id })}>
                  {t(chooseLabelId)}
                  <span className="visually-hidden">: {dates}</span>
                </button>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
