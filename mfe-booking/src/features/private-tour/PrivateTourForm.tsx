import { useId, useRef, useState } from 'react';
import { useHost } from '@tours/shared/core';
import { COOKIES, type ModalContentProps, type ModalProps } from '@tours/shared/contract';
import type { SubmitHelpRequestAnswer } from '@tours/shared/api';
import { browserMoscowOffset, isBlankPhone, phoneToSend, travellerToday } from '@tours/shared/domain';
import { TextAreaField, TextField, errorText, useForm } from '@tours/shared/kit';
import { PartyFields } from '../common/Counter';
import { readCookie, writeCookie } from '../common/cookies';
import { draftKey } from '../common/draft';
import { ContactEmailField, ContactPhoneInput, useBookingStart } from '../common/contacts';
import { useRequestSubmit } from '../common/useRequestSubmit';
import { BookingForm, TermsCheckbox } from '../common/FormParts';
import { submitPrivateTour } from './api';
import {
  EMPTY_PRIVATE_TOUR, addTouristsTarget, endDateProblem, partyBounds, privateTourBounds, privateTourData, privateTourFieldErrors,
  startDateProblem, type PrivateTourValues,
} from './private-tour';
import './private-tour.css';
import { useT } from '../../i18n/t';

export type PrivateTourFormProps = ModalProps<'booking/private-tour'> & {
  modal: ModalContentProps;
  /** Id of the title, which names the dialog (the parcel's labelId). */
  titleId: string;
};

type Field = keyof PrivateTourValues;

/** §4.4: the last request id is remembered for 180 days (the host's help requests read it). */
function rememberLastRequest(requestId: number): void {
  writeCookie(COOKIES.lastRequestId.name, String(requestId), COOKIES.lastRequestId.maxAge);
}

/**
 * The private tour request (public-site §2.7, §3.7, §4.4, §5.6, §6, §7.4): name, the date range within the tour's
 * request period, the party, comment and contacts, sent as a help request of type individual_tour. What is typed is
 * kept on this device (keyed by tour id) across a failed submit, a reload and a closed modal until the request is
 * stored; server field errors land on their fields, the general message is a toast (§5.8); no connection keeps
 * everything and offers a retry. A stored request goes to its add-tourists page.
 */
export function PrivateTourForm({ tourId, tourTitle, requestPeriodStart, requestPeriodEnd, modal, titleId }: PrivateTourFormProps) {
  const host = useHost();
  const t = useT();
  const storageKey = draftKey('private-tour', tourId);
  const formId = useId();
  const [today] = useState(() => travellerToday());
  const bounds = privateTourBounds({ start: requestPeriodStart, end: requestPeriodEnd }, today);

  // The draft of this tour, or the signed-in traveller's contacts (§6), once.
  const { start, prefilled, country, setCountry, countryRef } = useBookingStart(storageKey, EMPTY_PRIVATE_TOUR, (draft, profile) => {
    const values: PrivateTourValues = { ...EMPTY_PRIVATE_TOUR, ...draft?.values };
    if (!draft) {
      values.email = profile?.email ?? '';
      values.phone = profile?.phone ?? '';
    }
    return values;
  });
  const fromAccount = (f: 'email' | 'phone', v: unknown) => Boolean(prefilled[f]) && v === prefilled[f];

  const form = useForm(start.values, {
    name: ['required', { rule: 'max', param: 100 }],
    date_start: [(v) => startDateProblem(String(v ?? ''), bounds) ?? true],
    date_end: [(v, all) => endDateProblem(String(all.date_start ?? ''), String(v ?? ''), bounds) ?? true],
    adults: ['required', { rule: 'min_value', param: 1 }],
    children: ['required', { rule: 'min_value', param: 0 }],
    comment: [{ rule: 'max', param: 3000 }],
    // §6: the signed-in traveller's e-mail and phone (from the account) are not required unless edited.
    email: [
      (v) => fromAccount('email', v) || String(v ?? '').trim() !== '' || { id: 'forms.validation.required' },
      { rule: 'max', param: 254 },
      'email',
    ],
    phone: [
      (v) => fromAccount('phone', v) || !isBlankPhone(String(v ?? '')) || { id: 'forms.validation.required' },
      (v) => fromAccount('phone', v) || isBlankPhone(String(v ?? '')) || /^\+\d{9,}$/.test(phoneToSend(String(v), countryRef.current)) || { id: 'forms.validation.phone' },
    ],
    agree: ['required'],
  });
  const { values, errors } = form;
  const party = partyBounds(values);

  const formRef = useRef<HTMLFormElement | null>(null);
  const fieldLabel = (f: Field) => t(`booking.field.${f}`);
  const { submit, onSubmit, busy, problem, announcement } = useRequestSubmit<PrivateTourValues, SubmitHelpRequestAnswer>({
    form,
    storageKey,
    initialKey: start.idempotencyKey,
    country,
    fieldLabel,
    serverFields: privateTourFieldErrors,
    formRef,
    send: (key) =>
      submitPrivateTour(host.api, privateTourData(tourId, form.values, {
        timezone: browserMoscowOffset().offset,
        url: window.location.href,
        utmSource: readCookie(COOKIES.utmSource.name),
      }, (p) => phoneToSend(p, countryRef.current)), key),
    onSent: (answer) => {
      rememberLastRequest(answer.request_id);
      modal.close(answer);
      const target = addTouristsTarget(answer);
      host.navigate(host.href('add-tourists', target.params, target.query));
    },
  });

  const submitLabel = t('booking.form.submit');
  const err = (f: Field) => errorText(errors[f], t);

  return (
    <BookingForm
      block="bk-private"
      titleId={titleId}
      title={t('parcel.privateTour.title')}
      lead={<p className="bk-private__tour">{t('privateTour.tour', { title: tourTitle })}</p>}
      request={{ onSubmit, submit, busy, problem, announcement }}
      formRef={formRef}
      submitLabel={submitLabel}
    >

      <TextField {...form.field('name')} label={fieldLabel('name')} autoComplete="name" required maxLength={100} error={err('name')} />

      <fieldset>
        <legend className="ui-field__label">{t('privateTour.dates.legend')}</legend>
        <div className="bk-private__row">
          <TextField {...form.field('date_start')} type="date" label={fieldLabel('date_start')} required min={bounds.min} max={bounds.max} error={err('date_start')} />
          <TextField {...form.field('date_end')} type="date" label={fieldLabel('date_end')} required min={values.date_start || bounds.min} max={bounds.max} error={err('date_end')} />
        </div>
      </fieldset>

      <PartyFields rowClassName="bk-private__row" values={values} limits={party} label={fieldLabel} errors={{ adults: err('adults'), children: err('children') }} onChange={form.change} />

      <TextAreaField
        {...form.field('comment')}
        id={`${formId}-comment`}
        label={fieldLabel('comment')}
        inputClassName="bk-private__textarea"
        rows={3}
        maxLength={3000}
        error={err('comment')}
      />

      <fieldset>
        <legend className="ui-field__label">{t('booking.contacts.legend')}</legend>
        <ContactEmailField form={form} prefilled={prefilled} label={fieldLabel('email')} error={err('email')} />
        <ContactPhoneInput form={form} prefilled={prefilled} label={fieldLabel('phone')} error={err('phone')} country={country} onCountryChange={setCountry} />
      </fieldset>

      <TermsCheckbox id={`${formId}-agree`} className="bk-private__agree" checked={values.agree} error={err('agree')} onChange={(v) => form.change('agree', v)} />
    </BookingForm>
  );
}
