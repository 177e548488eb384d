import { useRef } from 'react';
import { useHost } from '@tours/shared/core';
import { mainRequestAction, mainRequestOpensModal, type MainRequestAction } from '@tours/shared/domain';
import { Price, useBottomBar } from '@tours/shared/kit';
import type { TourDetail } from '../api';
import { openPrivateTourForm } from '../actions';
import { useTourFormat } from '../format';
import type { MessageId } from '../../../i18n/t';

const ACTION_LABEL: Record<MainRequestAction, MessageId> = { book: 'tour.action.book', private: 'tour.action.private', info: 'tour.action.info' };

/**
 * The main request button of §4.1: 'Book the tour' and 'Request info' go to request-page; 'Book private tour' opens the
 * private-tour form (a link to request-page in the mobile sheet). An archived tour cannot be booked (accounts-and-comms
 * §2; issue 29): it says so in the button's place.
 */
export function MainRequestButton({ tour, place, className = '' }: { tour: TourDetail; place: 'sidebar' | 'mobile-sheet'; className?: string }) {
  const host = useHost();
  const { t } = useTourFormat();
  if (tour.is_archived) return <NotBookable className={className} short={place === 'mobile-sheet'} />;
  const action = mainRequestAction(tour);
  const label = t(ACTION_LABEL[action]);
  if (mainRequestOpensModal(action, place)) {
    return (
      <button type="button" className={`ui-btn ui-btn--primary ui-btn--block ${className}`} aria-haspopup="dialog" data-action={action} onClick={() => openPrivateTourForm(host, tour)}>
        {label}
      </button>
    );
  }
  const href = host.href('request-page', { id: tour.id });
  return (
    <a className={`ui-btn ui-btn--primary ui-btn--block ${className}`} href={href} data-action={action} onClick={(e) => { e.preventDefault(); host.navigate(href); }}>
      {label}
    </a>
  );
}

/** 'This tour can no longer be booked': an archived tour's booking card and dates (issue 29: it could be booked). */
export function NotBookable({ className = '', short = false }: { className?: string; short?: boolean }) {
  const { t } = useTourFormat();
  return (
    <p className={`tour-not-bookable ${className}`} data-testid="not-bookable">
      {t(short ? 'tour.archivedShort' : 'tour.archived')}
    </p>
  );
}

/** The tour's price with 'from', the old price and the discount (§2.6 sidebar). */
export function TourPrice({ tour }: { tour: TourDetail }) {
  return (
    <Price
      className="tour-price"
      amount={tour.price}
      currency={tour.currency}
      original={{ amount: tour.original_price, currency: tour.original_currency }}
      oldAmount={tour.priceWithoutDiscount}
      originalOldAmount={tour.original_price_without_discount}
      from={tour.is_need_show_price_from}
    />
  );
}

/** Mobile fixed bottom sheet with the price and the order button (§2.6), below md only. */
export function MobileOrderSheet({ tour }: { tour: TourDetail }) {
  if (tour.is_individual) return null;
  return <OrderBar tour={tour} />;
}

/** The bar itself: it declares its strip to the host, so the support bubble and sheets stand above its button. */
function OrderBar({ tour }: { tour: TourDetail }) {
  const { t } = useTourFormat();
  const ref = useRef<HTMLDivElement>(null);
  useBottomBar(ref);
  return (
    <div ref={ref} className="tour-sheet" role="region" aria-label={t('tour.sheet.label')} data-testid="mobile-sheet">
      <TourPrice tour={tour} />
      <MainRequestButton tour={tour} place="mobile-sheet" className="tour-sheet__btn" />
    </div>
  );
}
