import { useHost } from '@tours/shared/core';
import type { TourForRequestAnswer } from '@tours/shared/api';
import { CARD_IMAGE_SIZE, organizerShortName, sizedImage } from '@tours/shared/domain';
import { Price } from '@tours/shared/kit';
import { useDateFormat } from '../common/format';
import { useT } from '../../i18n/t';

/** The tour of the order: image, title (a link back to the tour page), duration, organizer and price in the chosen currency. */
export function TourSummary({ tour }: { tour: TourForRequestAnswer }) {
  const host = useHost();
  const fmt = useDateFormat();
  const t = useT();
  const organizer = organizerShortName(tour.organizer.expert);
  return (
    <aside className="bk-summary" aria-labelledby="bk-summary-title">
      <img className="bk-summary__image" src={sizedImage(tour.image, CARD_IMAGE_SIZE)} alt="" width={400} height={400} loading="eager" decoding="async" />
      <h2 id="bk-summary-title" className="bk-summary__title">
        <a href={host.href('tour-page', { slug: tour.slug })}>{tour.title}</a>
      </h2>
      <dl className="bk-summary__facts">
        <div>
          <dt>{t('booking.summary.duration')}</dt>
          <dd>{fmt.duration(tour)}</dd>
        </div>
        {organizer && (
          <div>
            <dt>{t('booking.summary.organizer')}</dt>
            <dd>{organizer}</dd>
          </div>
        )}
        <div>
          <dt>{t('booking.summary.price')}</dt>
          <dd>
            <Price amount={tour.price} currency={tour.currency} original={{ amount: tour.original_price, currency: 'RUB' }} oldAmount={tour.priceWithoutDiscount} from={tour.is_need_show_price_from} />
          </dd>
        </div>
      </dl>
    </aside>
  );
}
