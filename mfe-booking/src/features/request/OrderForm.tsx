import { useId, useMemo, useRef } from 'react';
import { useAtomValue } from 'jotai';
import { useIntl } from 'react-intl';
import { currencyAtom, useHost } from '@tours/shared/core';
import { COOKIES, STORAGE } from '@tours/shared/contract';
import { type SubmitOrderAnswer, type TourForRequestAnswer } from '@tours/shared/api';
import { browserMoscowOffset, lengthFromVariant, travellerToday } from '@tours/shared/domain';
import { Price, TextAreaField, TextField, errorText, useForm, type Translate } from '@tours/shared/kit';
import { PartyFields } from '../common/Counter';
import { draftKey } from '../common/draft';
import { ContactEmailField, ContactPhoneInput, useBookingStart } from '../common/contacts';
import { useRequestSubmit } from '../common/useRequestSubmit';
import { BookingForm, TermsCheckbox } from '../common/FormParts';
import { isBlankPhone, phoneToSend } from '@tours/shared/domain';
import { readCookie } from '../common/cookies';
import { loadSend } from './api';
import { useDateFormat } from '../common/format';
import {
  EMPTY_ORDER, clampParty, dateOptions, formFieldErrors, individualBounds, orderData, orderTotal, partyLimits, preselectedDate, profileName, type DateOption, type OrderValues,
} from './order';
import { useT } from '../../i18n/t';

export interface OrderFormProps {
  tour: TourForRequestAnswer;
  onSent(answer: SubmitOrderAnswer, sent: { email: string; phone: string }): void;
}

type Field = keyof OrderValues;

function readSelectedDate(): string | null {
  try {
    return localStorage.getItem(STORAGE.selectedTourDate);
  } catch {
    return null;
  }
}
function storeSelectedDate(value: string): void {
  try {
    localStorage.setItem(STORAGE.selectedTourDate, value);
  } catch {
    /* storage blocked */
  }
}

/**
 * The order form of the request page (public-site §2.2, §4.2, §5.3, §6): the date (preselected from the tour page's
 * choice), the party, the contacts, comment and terms; POST /spa/submit-order with one idempotency key per submit.
 * What is typed is kept on this device (keyed by tour id) until the request is stored; server field errors land on
 * their fields, the general message is a toast (§5.8); no connection keeps everything and offers a retry.
 */
export function OrderForm({ tour, onSent }: OrderFormProps) {
  const intl = useIntl();
  const host = useHost();
  const t = useT();
  const fmt = useDateFormat();
  const currency = useAtomValue(currencyAtom);
  const options = useMemo(() => dateOptions(tour), [tour]);
  const storageKey = draftKey('order', tour.id);
  const formId = useId();

  // The draft of this tour, the tour page's date choice and the signed-in traveller's contacts (§6), once.
  const { start, prefilled, country, setCountry, countryRef } = useBookingStart(storageKey, EMPTY_ORDER, (draft, profile) => {
    const values: OrderValues = { ...EMPTY_ORDER, ...draft?.values };
    const stored = readSelectedDate();
    values.dates = preselectedDate(options.some((o) => o.value === stored) ? stored : values.dates || stored, options);
    if (!draft) {
      values.name = profileName(profile);
      values.email = profile?.email ?? '';
      values.phone = profile?.phone ?? '';
    }
    const chosen = options.find((o) => o.value === values.dates);
    Object.assign(values, clampParty(tour, chosen, values));
    return values;
  });
  const bounds = individualBounds(tour, travellerToday());

  const chosenOf = (v: Readonly<Record<string, unknown>>) => options.find((o) => o.value === v.dates);
  const form = useForm(start.values, {
    dates: ['required', (v) => chosenOf({ dates: v })?.kind !== 'variant' || !(chosenOf({ dates: v }) as Extract<DateOption, { kind: 'variant' }>).disabled || { id: 'booking.date.noSeats' }],
    date_start: [
      (v, all) => all.dates !== 'individual' || String(v) !== '' || { id: 'forms.validation.required' },
      (v, all) => all.dates !== 'individual' || !v || (String(v) >= bounds.min && (!bounds.max || String(v) <= bounds.max)) || { id: 'booking.date.outOfPeriod' },
    ],
    date_end: [
      (v, all) => all.dates !== 'individual' || String(v) !== '' || { id: 'forms.validation.required' },
      (v, all) => all.dates !== 'individual' || !v || ((!all.date_start || String(v) >= String(all.date_start)) && (!bounds.max || String(v) <= bounds.max)) || { id: 'booking.date.endBeforeStart' },
    ],
    adults: ['required', { rule: 'min_value', param: 1 }],
    children: [{ rule: 'min_value', param: 0 }],
    name: ['required', { rule: 'max', param: 100 }],
    // §6: the signed-in traveller's phone and e-mail are not required (nor checked) unless edited.
    phone: [
      (v) => (prefilled.phone && v === prefilled.phone) || !isBlankPhone(String(v ?? '')) || { id: 'forms.validation.required' },
      (v) => (prefilled.phone && v === prefilled.phone) || isBlankPhone(String(v ?? '')) || /^\+\d{9,}$/.test(phoneToSend(String(v), countryRef.current)) || { id: 'forms.validation.phone' },
    ],
    // The e-mail is optional (the success screen asks for one); a prefilled one is the account's own.
    email: [{ rule: 'max', param: 254 }, 'email'],
    comment: [{ rule: 'max', param: 3000 }],
    agree: ['required'],
  });
  const { values, errors } = form;
  const chosen = chosenOf(values);
  const limits = partyLimits(tour, chosen, values);
  const total = orderTotal(tour, chosen, values);

  const formRef = useRef<HTMLFormElement | null>(null);
  const fieldLabel = (f: Field) => t(`booking.field.${f}`);
  const { submit, onSubmit, busy, problem, announcement } = useRequestSubmit({
    form,
    storageKey,
    initialKey: start.idempotencyKey,
    country,
    fieldLabel,
    serverFields: formFieldErrors,
    formRef,
    send: (key) => loadSend().then((m) => m.submitOrder(host.api, dataToSend(), key)),
    onSent: (answer) => {
      const sent = dataToSend();
      onSent(answer, { email: sent.email ?? '', phone: sent.phone ?? '' });
    },
  });
  const dataToSend = () =>
    orderData(tour.id, form.values, options, {
      currency,
      timezone: browserMoscowOffset().offset,
      referer: window.location.href,
      utmSource: readCookie(COOKIES.utmSource.name),
    }, (p) => phoneToSend(p, countryRef.current));

  const chooseDate = (value: string) => {
    form.change('dates', value);
    storeSelectedDate(value); // the latest choice wins over the tour page's, also after a reload
    const party = clampParty(tour, options.find((o) => o.value === value), form.values);
    if (party.adults !== form.values.adults) form.change('adults', party.adults);
    if (party.children !== form.values.children) form.change('children', party.children);
  };

  const submitLabel = t('booking.form.submit');
  const err = (f: Field) => errorText(errors[f], t);
  const datesError = err('dates');
  const datesErrorId = `${formId}-dates-error`;
  const otherOption = chosen?.kind === 'variant' && chosen.otherOption ? chosen : null;
  const option = otherOption ? tour.tour_variants.find((o) => o.tour_id === otherOption.variant.tour_id) : undefined;

  return (
    <BookingForm block="bk-order" titleId={`${formId}-title`} title={t('booking.form.title')} request={{ onSubmit, submit, busy, problem, announcement }} formRef={formRef} submitLabel={submitLabel}>

      <fieldset className={`bk-order__dates${datesError ? ' ui-field--invalid' : ''}`} aria-describedby={datesError ? datesErrorId : undefined}>
        <legend className="ui-field__label">{t('booking.date.legend')}</legend>
        <ul className="bk-dates">
          {options.map((o) => (
            <li key={o.value} className="bk-dates__item">
              <label className={`bk-date${o.kind === 'variant' && o.disabled ? ' bk-date--disabled' : ''}`}>
                <input
                  type="radio"
                  name="dates"
                  value={o.value}
                  checked={values.dates === o.value}
                  disabled={o.kind === 'variant' && o.disabled}
                  aria-invalid={datesError ? true : undefined}
                  aria-describedby={datesError ? datesErrorId : undefined}
                  onChange={() => chooseDate(o.value)}
                />
                <DateOptionText option={o} fmt={fmt} t={t} />
              </label>
            </li>
          ))}
        </ul>
        {datesError && (
          <p id={datesErrorId} className="ui-field__error">
            {datesError}
          </p>
        )}
      </fieldset>
      {otherOption && (
        <p className="bk-order__warning" role="note">
          {intl.formatMessage(
            { id: 'booking.date.otherOption' },
            {
              name: option?.name ?? '',
              duration: t('booking.duration.days', { count: lengthFromVariant(otherOption.variant).days }),
              price: <Price key="price" amount={otherOption.variant.price} currency={otherOption.variant.currency} original={{ amount: otherOption.variant.original_price, currency: 'RUB' }} />,
            },
          )}{' '}
          {option && (
            <a href={host.href('tour-page', { slug: option.slug })} target="_blank" rel="noopener noreferrer">
              {t('booking.date.otherOptionLink', { name: option.name })}
              <span className="visually-hidden"> {t('booking.newTab')}</span>
            </a>
          )}
        </p>
      )}
      {values.dates === 'individual' && (
        <div className="bk-order__row">
          <TextField {...form.field('date_start')} type="date" label={fieldLabel('date_start')} required min={bounds.min} max={bounds.max} error={err('date_start')} />
          <TextField {...form.field('date_end')} type="date" label={fieldLabel('date_end')} required min={values.date_start || bounds.min} max={bounds.max} error={err('date_end')} />
        </div>
      )}

      <PartyFields className="bk-order__party" rowClassName="bk-order__row" values={values} limits={limits} label={fieldLabel} errors={{ adults: err('adults'), children: err('children') }} onChange={form.change} />
      {total && (
        // The total follows the date and the party as they change (announced politely, once it settles).
        <div className="bk-order__total" data-testid="order-total" aria-live="polite">
          <p className="bk-order__total-line">
            {intl.formatMessage(
              { id: total.estimate ? 'booking.total.estimate' : 'booking.total.fixed' },
              { people: total.people, price: <Price key="total" amount={total.amount} currency={total.currency} original={total.original} /> },
            )}
          </p>
          <p className="bk-order__total-hint">{t(total.estimate ? 'booking.total.estimateHint' : 'booking.total.payLater')}</p>
        </div>
      )}

      <fieldset className="bk-order__contacts">
        <legend className="ui-field__label">{t('booking.contacts.legend')}</legend>
        <TextField {...form.field('name')} label={fieldLabel('name')} autoComplete="name" required maxLength={100} error={err('name')} />
        <ContactPhoneInput form={form} prefilled={prefilled} label={fieldLabel('phone')} error={err('phone')} country={country} onCountryChange={setCountry} />
        <ContactEmailField form={form} prefilled={prefilled} label={fieldLabel('email')} error={err('email')} required={false} />
        <TextAreaField
          {...form.field('comment')}
          id={`${formId}-comment`}
          label={fieldLabel('comment')}
          inputClassName="bk-order__textarea"
          rows={4}
          maxLength={3000}
          error={err('comment')}
        />
      </fieldset>

      <TermsCheckbox id={`${formId}-agree`} className="bk-order__agree" checked={values.agree} error={err('agree')} onChange={(v) => form.change('agree', v)} />
    </BookingForm>
  );
}

function DateOptionText({ option, fmt, t }: { option: DateOption; fmt: ReturnType<typeof useDateFormat>; t: Translate<string> }) {
  if (option.kind === 'individual') return <span className="bk-date__text">{t('booking.date.individual')}</span>;
  if (option.kind === 'excursion') return <span className="bk-date__text">{t('booking.date.excursion', { date: fmt.date(option.date), start: option.start, end: option.end })}</span>;
  const v = option.variant;
  return (
    <span className="bk-date__text">
      <span>{fmt.range(v.start, v.end)}</span>{' '}
      {option.disabled ? (
        <span className="bk-date__chip">{t('booking.date.noSeats')}</span>
      ) : (
        <Price amount={v.price} currency={v.currency} original={{ amount: v.original_price, currency: 'RUB' }} oldAmount={v.price_without_discount} />
      )}
      {v.not_guaranteed && (
        <span className="bk-date__chip" title={t('booking.date.approximateHint')}>
          {t('booking.date.approximate')}
          <span className="visually-hidden"> {t('booking.date.approximateHint')}</span>
        </span>
      )}
      {option.otherOption && <span className="bk-date__chip">{t('booking.date.otherOptionChip')}</span>}
    </span>
  );
}
