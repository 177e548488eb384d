import { useId, useMemo, useRef, type RefObject } from 'react';
import { useAtomValue } from 'jotai';
import { appConfigAtom, useHost } from '@tours/shared/core';
import { COOKIES } from '@tours/shared/contract';
import type { SubmitHelpRequestAnswer, TicketsAnswer, TourForRequestAnswer } from '@tours/shared/api';
import { browserMoscowOffset, phoneToSend, TIMING } from '@tours/shared/domain';
import { Autocomplete, Button, Price, TextField, errorText, useForm, type AutocompleteGroup, type Translate } from '@tours/shared/kit';
import { readCookie } from '../common/cookies';
import { draftKey } from '../common/draft';
import { ContactEmailField, ContactPhoneInput, useBookingStart } from '../common/contacts';
import { useDateFormat } from '../common/format';
import { useRequestSubmit } from '../common/useRequestSubmit';
import { SubmitButton, SubmitStatus } from '../common/FormParts';
import { searchCities, submitCostCalculation, type City } from './api';
import {
  EMPTY_COST, FIELD_LABEL_IDS, costCalculationData, costDateOptions, costFieldErrors, costSchema, isIndividualDates, maskTime, resetDates, timeAsked,
  travelChoiceAvailable, type CostDateOption, type CostField, type CostValues,
} from './cost-calculation';
import { useT } from '../../i18n/t';

export interface CostCalculationFormProps {
  tourId: number;
  /** 1 TOUR, 2 EXCURSION (the modal's props). */
  tourType: number;
  tour: TourForRequestAnswer;
  tickets: TicketsAnswer;
  /** The request page's date options of the tour. */
  options: readonly CostDateOption[];
  /** The earliest and latest individual date ('YYYY-MM-DD'). */
  bounds: { min: string; max?: string };
  /** The request is stored; `email` is where the flight quote goes. */
  onSent(answer: SubmitHelpRequestAnswer, email: string): void;
}

/**
 * The cost calculation form (public-site §2.7, §4.3, §5.5, §6): the city (a combobox over GET /spa/cities-by-query,
 * free text allowed), the date, the start time when asked, plane or train when the §6 gate holds, the contacts.
 * What is typed is kept on this device until the request is stored (`useRequestSubmit`, issue 14).
 *
 * The kit's `Autocomplete` is a search form of its own, and a form cannot hold another: the city sits just before
 * the request's form, inside the same region, whose element the submit searches for the fields to focus.
 */
export function CostCalculationForm({ tourId, tourType, tour, tickets, options: allOptions, bounds, onSent }: CostCalculationFormProps) {
  const host = useHost();
  const t = useT();
  const fmt = useDateFormat();
  const config = useAtomValue(appConfigAtom);
  const { options, preselected } = useMemo(() => costDateOptions(allOptions), [allOptions]);
  const storageKey = draftKey('cost-calculation', tourId);
  const formId = useId();

  // The draft of this tour, else the only date there is and the signed-in traveller's contacts (§6), once.
  const { start, prefilled, country, setCountry, countryRef } = useBookingStart(storageKey, EMPTY_COST, (draft, profile) => {
    const values: CostValues = draft ? draft.values : { ...EMPTY_COST, dates: preselected, email: profile?.email ?? '', phone: profile?.phone ?? '' };
    if (!options.some((o) => o.value === values.dates)) values.dates = preselected;
    return values;
  });

  const travelAvailable = (v: Readonly<Record<string, unknown>>) =>
    travelChoiceAvailable({ russianIsAvailable: config.russianIsAvailable, tickets, cityCountryId: Number(v.city_country_id) || 0 });
  const form = useForm(start.values, costSchema({ options, tourType, tour, travelAvailable, prefilled, phoneCountry: () => countryRef.current }));
  const { values, errors } = form;
  const chosen = options.find((o) => o.value === values.dates);
  const askTime = timeAsked(tourType, tour, chosen);
  const showTravel = travelAvailable(values);

  const regionRef = useRef<HTMLDivElement | null>(null);
  const sent = useRef('');
  const { submit, onSubmit, busy, problem, announcement } = useRequestSubmit({
    form,
    storageKey,
    initialKey: start.idempotencyKey,
    country,
    fieldLabel: (f) => (f in FIELD_LABEL_IDS ? t(FIELD_LABEL_IDS[f as CostField]) : f),
    serverFields: costFieldErrors,
    // The fields to focus are in the city's search form and the request's form: the region holds both.
    formRef: regionRef as RefObject<HTMLElement | null> as RefObject<HTMLFormElement>,
    send: (key) => {
      const data = costCalculationData(form.values, options, {
        tourId,
        tourType,
        tour,
        travelAvailable: travelAvailable(form.values),
        timezone: browserMoscowOffset().offset,
        url: window.location.href,
        utmSource: readCookie(COOKIES.utmSource.name),
      }, (p) => phoneToSend(p, countryRef.current));
      sent.current = data.email;
      return submitCostCalculation(host.api, data, key);
    },
    // §7.4: the e-mail is read from the answer (the one sent, when the answer has none).
    onSent: (answer) => onSent(answer, answer.email || sent.current),
  });

  const loadCities = async (text: string, signal: AbortSignal): Promise<AutocompleteGroup<City>[]> => {
    const cities = await searchCities(host.api, text, signal);
    return [{ key: 'cities', label: t('costCalculation.city.suggestions'), items: cities }];
  };
  const typeCity = (text: string) => {
    // Typed text is a city of its own (free text), of no known country until a suggestion is picked.
    form.change('city', text);
    if (values.city_id) form.change('city_id', 0);
    if (values.city_country_id) form.change('city_country_id', 0);
  };
  const pickCity = (city: City) => {
    form.change('city_id', city.id);
    form.change('city_country_id', city.country.id);
    form.change('city', city.name);
  };
  const resetIndividual = () => {
    for (const [field, value] of Object.entries(resetDates()) as [keyof ReturnType<typeof resetDates>, string][]) form.change(field, value);
  };

  const submitLabel = t('booking.form.submit');
  const err = (f: CostField) => errorText(errors[f], t);
  const groupError = (f: CostField) => {
    const text = err(f);
    return { text, id: `${formId}-${f}-error`, describedBy: text ? `${formId}-${f}-error` : undefined };
  };
  const city = groupError('city');
  const dates = groupError('dates');
  const travel = groupError('is_travel_by_avia');

  return (
    <div className="bk-cost" ref={regionRef}>
      <SubmitStatus announcement={announcement} problem={problem} busy={busy} onRetry={() => void submit()} className="bk-cost__alert" />

      {/* A group named like the field carries its error: the kit's combobox takes no description of its own. */}
      <div role="group" aria-label={t('costCalculation.city.label')} aria-describedby={city.describedBy} className={`ui-field bk-cost__city${city.text ? ' ui-field--invalid' : ''}`}>
        <Autocomplete<City>
          name="city"
          label={t('costCalculation.city.label')}
          placeholder={t('costCalculation.city.placeholder')}
          value={values.city}
          onValueChange={typeCity}
          load={loadCities}
          onSelect={pickCity}
          // Enter with no suggestion highlighted sends the request, as Enter in any other field does.
          onSubmit={() => void submit()}
          debounceMs={TIMING.citySearchDebounceMs}
          renderItem={(c) => [c.name, c.region.name, c.country.name].filter(Boolean).join(', ')}
        />
        {city.text && (
          <p id={city.id} className="ui-field__error">
            {city.text}
          </p>
        )}
      </div>

      <form className="bk-cost__form" id={formId} noValidate onSubmit={onSubmit} aria-busy={busy || undefined} aria-label={t('parcel.costCalculation.title')}>
        <fieldset className={`bk-cost__dates${dates.text ? ' ui-field--invalid' : ''}`} aria-describedby={dates.describedBy}>
          <legend className="ui-field__label">{t('booking.date.legend')}</legend>
          <ul className="bk-cost__options">
            {options.map((o) => (
              <li key={o.value}>
                <label className={`bk-cost__option${o.kind === 'variant' && o.disabled ? ' bk-cost__option--disabled' : ''}`}>
                  <input
                    type="radio"
                    name="dates"
                    value={o.value}
                    checked={values.dates === o.value}
                    disabled={o.kind === 'variant' && o.disabled}
                    aria-invalid={dates.text ? true : undefined}
                    onChange={() => form.change('dates', o.value)}
                  />
                  <DateText option={o} fmt={fmt} t={t} />
                </label>
              </li>
            ))}
          </ul>
          {dates.text && (
            <p id={dates.id} className="ui-field__error">
              {dates.text}
            </p>
          )}
        </fieldset>
        {isIndividualDates(values.dates) && (
          <div className="bk-cost__row">
            <TextField {...form.field('date_start_formatted')} type="date" label={t('booking.field.date_start')} required min={bounds.min} max={bounds.max} error={err('date_start_formatted')} />
            <TextField {...form.field('date_end_formatted')} type="date" label={t('booking.field.date_end')} required min={values.date_start_formatted || bounds.min} max={bounds.max} error={err('date_end_formatted')} />
            <Button variant="link" size="sm" className="bk-cost__reset" onClick={resetIndividual}>
              {t('costCalculation.dates.reset')}
            </Button>
          </div>
        )}
        {askTime && (
          <TextField
            {...form.field('time_start')}
            onChange={(e) => form.change('time_start', maskTime(e.target.value))}
            label={t('costCalculation.time.label')}
            hint={t('costCalculation.time.hint')}
            required
            inputMode="numeric"
            autoComplete="off"
            placeholder="__:__"
            maxLength={5}
            error={err('time_start')}
          />
        )}

        {showTravel && (
          <fieldset className={`bk-cost__travel${travel.text ? ' ui-field--invalid' : ''}`} aria-describedby={travel.describedBy}>
            <legend className="ui-field__label">{t('costCalculation.travel.legend')}</legend>
            <div className="bk-cost__checks">
              <label className="bk-cost__check">
                <input type="checkbox" name="is_travel_by_avia" checked={values.is_travel_by_avia} aria-invalid={travel.text ? true : undefined} onChange={(e) => form.change('is_travel_by_avia', e.target.checked)} />
                {t('costCalculation.travel.avia')}
              </label>
              <label className="bk-cost__check">
                <input type="checkbox" name="is_travel_by_train" checked={values.is_travel_by_train} aria-invalid={travel.text ? true : undefined} onChange={(e) => form.change('is_travel_by_train', e.target.checked)} />
                {t('costCalculation.travel.train')}
              </label>
            </div>
            {travel.text && (
              <p id={travel.id} className="ui-field__error">
                {travel.text}
              </p>
            )}
          </fieldset>
        )}

        <ContactEmailField form={form} prefilled={prefilled} label={t('booking.field.email')} error={err('email')} />
        <ContactPhoneInput form={form} prefilled={prefilled} label={t('booking.field.phone')} error={err('phone')} country={country} onCountryChange={setCountry} />

        <SubmitButton label={submitLabel} busy={busy} captionClassName="bk-cost__caption" />
      </form>
    </div>
  );
}

function DateText({ option, fmt, t }: { option: CostDateOption; fmt: ReturnType<typeof useDateFormat>; t: Translate<string> }) {
  if (option.kind === 'individual') return <span>{t('booking.date.individual')}</span>;
  if (option.kind === 'excursion') return <span>{t('booking.date.excursion', { date: fmt.date(option.date), start: option.start, end: option.end })}</span>;
  const v = option.variant;
  return (
    <span className="bk-cost__option-text">
      <span>{fmt.range(v.start, v.end)}</span>{' '}
      {option.disabled ? <span className="bk-cost__chip">{t('booking.date.noSeats')}</span> : <Price amount={v.price} currency={v.currency} original={{ amount: v.original_price, currency: 'RUB' }} />}
    </span>
  );
}
