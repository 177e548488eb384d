import { useId } from 'react';
import { PhoneInput, TextField, errorText } from '@tours/shared/kit';
import { BIRTHDAY_MIN, type Message, type TouristField, type TouristValues } from './tourists';
import { useT } from '../../i18n/t';

export interface TouristCardProps {
  tourist: TouristValues;
  /** 0-based position: the legend says 'Tourist {index + 1}', the controls are named `tourists.{index}.{field}`. */
  index: number;
  fields: readonly TouristField[];
  errors: Partial<Record<TouristField | 'card', Message>>;
  /** The request is closed: nothing may change. */
  disabled: boolean;
  today: string;
  locale: string;
  onChange(field: TouristField, value: string): void;
  onBlur(field: TouristField): void;
  onCountryChange(country: string): void;
  /** Absent when this tourist may not be removed. */
  onRemove?: () => void;
}

const MAX_LENGTH: Partial<Record<TouristField, number>> = { full_name: 200, last_name: 100, first_name: 100, middle_name: 100, email: 254, passport: 50, food_restriction: 500 };
const AUTOCOMPLETE: Partial<Record<TouristField, string>> = { full_name: 'name', last_name: 'family-name', first_name: 'given-name', middle_name: 'additional-name', birthday: 'bday', email: 'email' };
const REQUIRED: ReadonlySet<TouristField> = new Set(['full_name', 'last_name', 'first_name']);

/**
 * One tourist (public-site §3.7): a fieldset named by its legend ('Tourist 2'), the template's fields as labelled
 * controls with their errors linked (the kit's fields), a card-level error (a server error of no shown field) linked
 * to the fieldset, and a remove button named for this tourist.
 */
export function TouristCard({ tourist, index, fields, errors, disabled, today, locale, onChange, onBlur, onCountryChange, onRemove }: TouristCardProps) {
  const t = useT();
  const id = `tourist${useId()}`;
  const number = index + 1;
  const readOnly = disabled || !tourist.can_edit;
  const cardError = errorText(errors.card, t);
  const err = (f: TouristField) => errorText(errors[f], t);
  const name = (f: TouristField) => `tourists.${index}.${f}`;
  const label = (f: TouristField) => t(`booking.tourists.field.${f}`);
  const notes = [cardError ? `${id}-error` : '', !tourist.can_edit ? `${id}-locked` : ''].filter(Boolean).join(' ') || undefined;

  return (
    <div className="bk-tourist" data-card={tourist.key}>
      <fieldset className="bk-tourist__set" disabled={readOnly} aria-describedby={notes}>
        <legend className="bk-tourist__legend">{t('booking.tourists.title', { number })}</legend>
        {!tourist.can_edit && (
          <p id={`${id}-locked`} className="bk-tourist__note">
            {t('booking.tourists.locked')}
          </p>
        )}
        {cardError && (
          <p id={`${id}-error`} className="ui-field__error">
            {cardError}
          </p>
        )}
        <div className="bk-tourist__grid">
          {fields.map((f) => {
            if (f === 'phone') {
              return (
                <div key={f} className="bk-tourist__field">
                  <PhoneInput
                    id={`${id}-phone`}
                    name={name('phone')}
                    label={label('phone')}
                    value={tourist.phone}
                    onChange={(v) => onChange('phone', v)}
                    onBlur={() => onBlur('phone')}
                    country={tourist.country}
                    onCountryChange={onCountryChange}
                    locale={locale}
                    t={t}
                    error={err('phone')}
                  />
                </div>
              );
            }
            const common = {
              id: `${id}-${f}`,
              name: name(f),
              label: label(f),
              value: tourist[f],
              error: err(f),
              onChange: (e: { target: { value: string } }) => onChange(f, e.target.value),
              onBlur: () => onBlur(f),
            };
            if (f === 'birthday') return <TextField key={f} {...common} className="bk-tourist__field" type="date" min={BIRTHDAY_MIN} max={today} autoComplete="bday" />;
            if (f === 'weight') return <TextField key={f} {...common} className="bk-tourist__field" type="number" inputMode="numeric" min={1} max={400} step={1} />;
            return (
              <TextField
                key={f}
                {...common}
                className={`bk-tourist__field${f === 'food_restriction' ? ' bk-tourist__field--wide' : ''}`}
                type={f === 'email' ? 'email' : 'text'}
                required={REQUIRED.has(f) && !readOnly}
                maxLength={MAX_LENGTH[f]}
                autoComplete={AUTOCOMPLETE[f] ?? 'off'}
                hint={f === 'food_restriction' ? t('booking.tourists.foodHint') : undefined}
              />
            );
          })}
        </div>
      </fieldset>
      {onRemove && !disabled && (
        <button type="button" className="ui-btn ui-btn--secondary ui-btn--sm bk-tourist__remove" onClick={onRemove}>
          {t('booking.tourists.remove', { number })}
        </button>
      )}
    </div>
  );
}
