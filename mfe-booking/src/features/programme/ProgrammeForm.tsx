import { useId, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { ApiError, currencyAtom, siteSettingsAtom, useHost } from '@tours/shared/core';
import { COOKIES } from '@tours/shared/contract';
import { isBlankPhone, phoneToSend } from '@tours/shared/domain';
import { errorText, useForm } from '@tours/shared/kit';
import { readCookie } from '../common/cookies';
import { draftKey } from '../common/draft';
import { ContactEmailField, ContactPhoneInput, useBookingStart } from '../common/contacts';
import { useRequestSubmit } from '../common/useRequestSubmit';
import { BookingForm } from '../common/FormParts';
import { sendProgrammeByEmail, sendProgrammeByWhatsapp, subscribeToProgramme } from './api';
import {
  CHANNELS, EMPTY_PROGRAMME, channelOf, needsEmail, needsPhone, normaliseValues, onlyRequestRefused, programmeRequest, sentMessage, subscriptionOf,
  withoutRequest, type ProgrammeContext, type ProgrammeValues, type Sent,
} from './programme';
import './programme.css';
import { useT, type MessageId } from '../../i18n/t';

export interface ProgrammeFormProps {
  tourId: number;
  tourTitle: string;
  /** The id of the title that names the dialog (the parcel's `labelId`). */
  titleId: string;
  /** Closes the modal. */
  close(): void;
}

type Field = keyof ProgrammeValues;

/**
 * The programme PDF request (public-site §2.7 'PDF request modal', §4.5, §7.3): the e-mail (the signed-in
 * traveller's prefilled, §6), WhatsApp instead while the site allows it, and 'also send me updates' (the
 * subscription). What is typed is kept on this device (per tour) until the programme is sent; no connection keeps
 * it and offers a retry, server field errors land on their fields. On success the modal closes and the host's alert
 * says where the programme went. A failed subscription after the programme went out is only logged (§8).
 */
export function ProgrammeForm({ tourId, tourTitle, titleId, close }: ProgrammeFormProps) {
  const host = useHost();
  const t = useT();
  const currency = useAtomValue(currencyAtom);
  const settingAllows = useAtomValue(siteSettingsAtom).send_tour_program_in_pdf_via_whatsapp;
  // The API may still say no (the setting changed since the page loaded): then e-mail only, for this modal.
  const [whatsappRefused, setWhatsappRefused] = useState(false);
  const whatsappAllowed = settingAllows && !whatsappRefused;
  const storageKey = draftKey('programme', tourId);
  const formId = useId();
  const formRef = useRef<HTMLFormElement | null>(null);

  // The draft of this tour, or the signed-in traveller's contacts (§6), once.
  const { start, prefilled, country, setCountry, countryRef } = useBookingStart(storageKey, EMPTY_PROGRAMME, (draft, profile) =>
    normaliseValues(draft ? draft.values : { ...EMPTY_PROGRAMME, email: profile?.email ?? '', phone: profile?.phone ?? '' }));

  // The channel and the subscription decide which fields are shown, and only those are checked (a hidden field's
  // leftover blocks nothing). They are mirrored here so this render's rules follow a choice made in the same event.
  const [choice, setChoice] = useState({ channel: start.values.channel, subscribe: start.values.subscribe });
  const showEmail = needsEmail(choice, whatsappAllowed);
  const showPhone = needsPhone(choice, whatsappAllowed);
  const form = useForm(start.values, {
    email: showEmail ? ['required', 'email', { rule: 'max', param: 254 }] : [],
    // §6: the signed-in traveller's phone is not checked unless edited.
    phone: showPhone
      ? [
          (v) => (prefilled.phone && v === prefilled.phone) || !isBlankPhone(String(v ?? '')) || { id: 'forms.validation.required' },
          (v) => (prefilled.phone && v === prefilled.phone) || isBlankPhone(String(v ?? '')) || /^\+\d{9,}$/.test(phoneToSend(String(v), countryRef.current)) || { id: 'forms.validation.phone' },
        ]
      : [],
  });
  const { values, errors } = form;
  const channel = channelOf(choice, whatsappAllowed);
  const choose = <N extends 'channel' | 'subscribe'>(name: N, value: ProgrammeValues[N]) => {
    setChoice((c) => ({ ...c, [name]: value }));
    form.change(name, value);
  };
  const fieldLabel = (f: Field) => t(`programme.field.${f}`);

  const context = (): ProgrammeContext => ({
    tourId,
    currency,
    phone: phoneToSend(form.values.phone, countryRef.current),
    lastRequestId: readCookie(COOKIES.lastRequestId.name),
    subscriberId: readCookie(COOKIES.subscriberId.name),
  });

  /** Sends the programme, then the subscription when asked for; answers where the programme went. */
  const send = async (): Promise<Sent> => {
    const ctx = context();
    const current = form.values;
    const request = programmeRequest(current, ctx, whatsappAllowed);
    let sent: Sent;
    if (request.channel === 'email') {
      const answer = await sendProgrammeByEmail(host.api, request.body);
      sent = { channel: 'email', email: answer.email };
    } else {
      try {
        await sendProgrammeByWhatsapp(host.api, request.body).catch((error: unknown) => {
          // A stale last-request cookie is not the traveller's to fix: the programme goes without the request.
          if (error instanceof ApiError && error.status === 422 && request.body.request_id && onlyRequestRefused(error.fieldErrors)) {
            return sendProgrammeByWhatsapp(host.api, withoutRequest(request.body));
          }
          throw error;
        });
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) {
          // WhatsApp was switched off meanwhile: e-mail it is, said on the e-mail field that now needs filling.
          setWhatsappRefused(true);
          choose('channel', 'email');
          throw new ApiError(422, error.url, '', { email: t('programme.whatsapp.unavailable') });
        }
        throw error;
      }
      sent = { channel: 'whatsapp', phone: request.body.phone };
    }
    const subscription = subscriptionOf(current, ctx);
    if (subscription) {
      // The programme went out: a failed subscription is logged only (§8), the traveller is not asked to resend.
      await subscribeToProgramme(host.api, subscription).catch((error: unknown) => console.error('Programme subscription failed', error));
    }
    return sent;
  };

  const { submit, onSubmit, busy, problem, announcement } = useRequestSubmit({
    form,
    storageKey,
    initialKey: start.idempotencyKey,
    country,
    fieldLabel,
    formRef,
    // The programme calls take no idempotency key (api/src/routes/programme.ts): the hook's is not sent.
    send: () => send(),
    onSent: (sent) => {
      const message = sentMessage(sent);
      close();
      host.toast({ kind: 'success', text: `${t(message.titleId as MessageId)} ${t(message.textId as MessageId, message.values)}` });
    },
  });

  const submitLabel = t('programme.submit');
  const err = (f: Field) => errorText(errors[f], t);

  return (
    <BookingForm
      block="bk-programme"
      titleId={titleId}
      title={t('parcel.programPdf.title')}
      lead={<p className="bk-programme__lead">{t('programme.lead', { title: tourTitle })}</p>}
      request={{ onSubmit, submit, busy, problem, announcement }}
      formRef={formRef}
      submitLabel={submitLabel}
    >

      {whatsappAllowed && (
        <fieldset className="bk-programme__channels">
          <legend className="ui-field__label">{fieldLabel('channel')}</legend>
          {CHANNELS.map((c) => (
            <label key={c} className="bk-programme__channel">
              <input type="radio" name="channel" value={c} checked={channel === c} onChange={() => choose('channel', c)} />
              <span>{t(`programme.channel.${c}`)}</span>
            </label>
          ))}
        </fieldset>
      )}

      {showPhone && (
        <ContactPhoneInput form={form} prefilled={prefilled} label={fieldLabel('phone')} error={err('phone')} country={country} onCountryChange={setCountry} />
      )}

      {showEmail && (
        <ContactEmailField form={form} prefilled={prefilled} id={`${formId}-email`} label={fieldLabel('email')} error={err('email')} required />
      )}

      <div className="bk-programme__subscribe">
        <input id={`${formId}-subscribe`} type="checkbox" name="subscribe" checked={values.subscribe} onChange={(e) => choose('subscribe', e.target.checked)} />
        <label htmlFor={`${formId}-subscribe`}>{fieldLabel('subscribe')}</label>
      </div>
    </BookingForm>
  );
}
