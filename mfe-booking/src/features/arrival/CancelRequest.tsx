import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { ApiError, useHost } from '@tours/shared/core';
import { applyServerErrors, type BookingRequest, type CancellationTerms } from '@tours/shared/api';
import { formatPrice } from '@tours/shared/domain';
import { Button, TextAreaField, type Translate } from '@tours/shared/kit';
import { cancelRequest } from './api';
import { useT } from '../../i18n/t';

/** At most this many characters of a cancellation message (the API's limit). */
const MESSAGE_MAX = 3000;

/**
 * What cancelling today does to the money paid (the API's `cancellation`, by the tour's penalty tiers; issue 29: a
 * paid booking was cancelled without a word about it).
 */
function cancellationText(c: CancellationTerms, t: Translate<string>): string {
  const money = (amount: number) => formatPrice(amount, c.currency);
  if (c.percent === null || c.retained === null || c.refund === null) return t('booking.arrival.cancel.money.unknown', { paid: money(c.paid) });
  if (c.retained === 0) return t('booking.arrival.cancel.money.free', { paid: money(c.paid) });
  return t('booking.arrival.cancel.money.known', { paid: money(c.paid), retained: money(c.retained), percent: c.percent, refund: money(c.refund) });
}

/**
 * Cancelling the request (public-site §4.7), while the API says it can be (`can_cancel`): 'Cancel the request' opens
 * a confirmation in place (the kit has no confirm modal) with the message and, when the request has an e-mail, the
 * confirmation by e-mail (notify_client); focus moves into it and back to the button when kept (or Escape). The
 * answer is the request as it is now, shown at once. A conflict (the tour took place meanwhile) reloads the request.
 */
export function CancelRequest({ request, onCancelled, onStale }: { request: BookingRequest; onCancelled: (request: BookingRequest) => void; onStale: () => void }) {
  const host = useHost();
  const t = useT();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState('');
  const [notify, setNotify] = useState(Boolean(request.email));
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);
  const opener = useRef<HTMLButtonElement | null>(null);
  const field = useRef<HTMLTextAreaElement | null>(null);
  const wasOpen = useRef(false);

  useEffect(() => {
    if (open) field.current?.focus();
    else if (wasOpen.current) opener.current?.focus();
    wasOpen.current = open;
  }, [open]);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (sending.current) return;
    sending.current = true;
    setBusy(true);
    try {
      const answer = await cancelRequest(host.api, { id: request.id, uuid: request.uuid, message, notifyClient: notify && Boolean(request.email) });
      onCancelled(answer.request);
      return;
    } catch (error) {
      applyServerErrors(error, host.toast);
      if (error instanceof ApiError && error.status === 409) onStale();
    }
    // Still here (it failed): the message stays for another try.
    sending.current = false;
    setBusy(false);
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && !busy) {
      e.stopPropagation();
      setOpen(false);
    }
  };

  return (
    <section className="bk-arrival__card bk-arrival__cancel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="visually-hidden">
        {t('booking.arrival.cancel.open')}
      </h2>
      <Button ref={opener} variant="secondary" aria-expanded={open} aria-controls={`${id}-panel`} onClick={() => setOpen(true)}>
        {t('booking.arrival.cancel.open')}
      </Button>
      {open && (
        <form
          id={`${id}-panel`}
          className="bk-arrival__cancel-panel"
          noValidate
          aria-labelledby={`${id}-confirm`}
          aria-busy={busy || undefined}
          onSubmit={(e) => void onSubmit(e)}
          onKeyDown={onKeyDown}
        >
          <h3 id={`${id}-confirm`} className="bk-arrival__subtitle">
            {t('booking.arrival.cancel.title', { requestId: request.id })}
          </h3>
          <p className="bk-arrival__muted">{t('booking.arrival.cancel.lead')}</p>
          {request.cancellation && <p className="bk-arrival__cancel-money">{cancellationText(request.cancellation, t)}</p>}
          <TextAreaField
            ref={field}
            id={`${id}-message`}
            label={t('booking.arrival.cancel.message')}
            inputClassName="bk-arrival__textarea"
            rows={4}
            maxLength={MESSAGE_MAX}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
          />
          {request.email && (
            <label className="bk-arrival__check">
              <input type="checkbox" checked={notify} onChange={(e) => setNotify(e.target.checked)} />
              <span>{t('booking.arrival.cancel.notify', { email: request.email })}</span>
            </label>
          )}
          <div className="bk-arrival__actions">
            <Button type="submit" loading={busy}>
              {t('booking.arrival.cancel.confirm')}
            </Button>
            <Button variant="ghost" onClick={() => setOpen(false)} disabled={busy}>
              {t('booking.arrival.cancel.keep')}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
