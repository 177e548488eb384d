import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useAtomValue } from 'jotai';
import { ApiError, localeAtom, sessionAtom, useHost } from '@tours/shared/core';
import { applyServerErrors, useApiQuery, type ConfirmationSent } from '@tours/shared/api';
import { browserMoscowOffset } from '@tours/shared/domain';
import { Button, Link, TextField, errorText, useForm } from '@tours/shared/kit';
import { addEmailToRequest, fetchChatSources } from './api';
import { ChatMockup } from './ChatMockup';
import { MessengerQrCard, MessengerTabs } from './MessengerTabs';
import { SmsChatLink } from './SmsChatLink';
import { useT } from '../../i18n/t';

export interface SuccessScreenProps {
  requestId: number;
  requestUUID: string;
  /** The traveller gave an e-mail: no add-email form. */
  hasEmail: boolean;
  /** The phone the traveller gave (as typed), for the SMS chat link; none: no 'Send link'. */
  phone?: string;
  /**
   * Where the confirmation with the booking's link went (the submit's answer, masked); null: none went (the screen asks
   * to keep the link); undefined: not known (an older answer), nothing said.
   */
  confirmation?: ConfirmationSent | null;
}

/**
 * The success request screen of public-site §2.7: 'Request #{requestId} has been sent' (focused, so assistive
 * technology reads it at once), the add-email form when the traveller gave no e-mail ('We'll send the tour selection
 * to your e-mail': a help request of type add_email_to_request naming the request by id and uuid), then 'Chat with
 * the travel expert' with the messenger tabs of the request's chat (a QR card in the Chinese locale), the SMS chat link
 * when the traveller gave a phone, and the chat mockup beside them. Under the heading (issue 29): where the
 * confirmation went and the link to the booking (its arrival page: add tourists, pay, cancel), so a guest who closes
 * the tab can come back.
 */
export function SuccessScreen({ requestId, requestUUID, hasEmail, phone, confirmation }: SuccessScreenProps) {
  const host = useHost();
  const t = useT();
  const heading = useRef<HTMLHeadingElement | null>(null);
  const clientId = useAtomValue(sessionAtom)?.profile.id;
  const chinese = useAtomValue(localeAtom) === 'cn';
  const sources = useApiQuery(`chat-sources:${requestId}:${clientId ?? ''}`, (signal) => fetchChatSources(host.api, { requestId, clientId }, signal));

  useEffect(() => {
    heading.current?.focus();
  }, []);

  return (
    <section className="bk-success" aria-labelledby="bk-success-title">
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
      {!hasEmail && <AddEmailForm requestId={requestId} requestUUID={requestUUID} />}
      <h3 className="bk-success__chat">{t('booking.success.chat')}</h3>
      <div className="bk-success__chat-body">
        <div>
          {chinese ? <MessengerQrCard sources={sources.data} /> : <MessengerTabs sources={sources.data} />}
          {phone && <SmsChatLink requestId={requestId} requestUUID={requestUUID} phone={phone} />}
        </div>
        <ChatMockup still={chinese} />
      </div>
    </section>
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

function AddEmailForm({ requestId, requestUUID }: { requestId: number; requestUUID: string }) {
  const host = useHost();
  const t = useT();
  const form = useForm({ email: '' }, { email: ['required', 'email'] });
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const sending = useRef(false);
  const input = useRef<HTMLInputElement | null>(null);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (sending.current) return;
    if (form.validate().length) {
      input.current?.focus();
      return;
    }
    sending.current = true;
    setBusy(true);
    try {
      await addEmailToRequest(host.api, { requestId, requestUUID, email: form.values.email.trim(), timezone: browserMoscowOffset().offset });
      setDone(true);
    } catch (error) {
      const fields = applyServerErrors(error, host.toast);
      if (error instanceof ApiError && form.setServerErrors(fields).length) input.current?.focus();
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  if (done) {
    return (
      <p className="bk-success__email-done" role="status">
        {t('booking.success.emailDone')}
      </p>
    );
  }
  return (
    <form className="bk-success__email" noValidate onSubmit={(e) => void onSubmit(e)} aria-labelledby="bk-add-email-title" aria-busy={busy || undefined}>
      <p id="bk-add-email-title" className="bk-success__email-title">
        {t('booking.success.emailTitle')}
      </p>
      <TextField
        {...form.field('email')}
        ref={input}
        type="email"
        autoComplete="email"
        required
        maxLength={254}
        label={t('booking.field.email')}
        error={errorText(form.errors.email, t)}
      />
      <Button type="submit" loading={busy}>
        {t('booking.success.emailSubmit')}
      </Button>
    </form>
  );
}
