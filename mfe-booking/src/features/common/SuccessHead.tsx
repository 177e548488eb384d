import { useEffect, useRef } from 'react';
import type { ConfirmationSent } from '@tours/shared/api';
import { useHost } from '@tours/shared/core';
import { Link } from '@tours/shared/kit';
import { useT } from '../../i18n/t';

export interface SuccessHeadProps {
  requestId: number;
  requestUUID: string;
  confirmation?: ConfirmationSent | null;
}

/**
 * The top of the success screen (public-site §2.7): 'Request #{requestId} has been sent', where the confirmation went
 * and the link to the booking; the heading takes the focus, so assistive technology reads it at once. On its own it is what the request page shows when the rest of the success screen (its
 * own chunk, issue 33) could not be fetched: the request is stored, and the traveller learns it and the way back.
 */
export function SuccessHead({ requestId, requestUUID, confirmation }: SuccessHeadProps) {
  const t = useT();
  const heading = useRef<HTMLHeadingElement | null>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <>
      <span className="bk-success__check" aria-hidden="true">
        <svg viewBox="0 0 48 48" width="48" height="48" focusable="false">
          <circle cx="24" cy="24" r="22" fill="currentColor" opacity=".15" />
          <path d="M15 24.5l6 6 12-13" fill="none" stroke="currentColor" strokeWidth="3.5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </span>
      <h2 id="bk-success-title" className="bk-success__title" tabIndex={-1} ref={heading}>
        {t('booking.success.title', { requestId })}
      </h2>
      <BookingLink requestUUID={requestUUID} confirmation={confirmation} />
    </>
  );
}

/** Where the confirmation went (or that the link is the way back) and the link to the booking. */
function BookingLink({ requestUUID, confirmation }: { requestUUID: string; confirmation: ConfirmationSent | null | undefined }) {
  const host = useHost();
  const t = useT();
  let where: string | null = null;
  if (confirmation === null) where = t('booking.success.notSent');
  else if (confirmation) where = t(confirmation.channel === 'email' ? 'booking.success.sentEmail' : 'booking.success.sentSms', { to: confirmation.to });
  return (
    <div className="bk-success__booking">
      {where && <p className="bk-success__sent">{where}</p>}
      <p className="bk-success__open">
        <Link className="ui-btn ui-btn--secondary" href={host.href('arrival-page', { uuid: requestUUID })}>
          {t('booking.success.openBooking')}
        </Link>{' '}
        <span className="bk-success__hint">{t('booking.success.bookingHint')}</span>
      </p>
    </div>
  );
}
