import { useId } from 'react';
import { useIntl } from 'react-intl';
import { clampCount } from './counter-rules';
import './counter.css';
import { useT } from '../../i18n/t';

interface CounterProps {
  label: string;
  hint?: string;
  name: string;
  value: number;
  min: number;
  max: number;
  onChange(value: number): void;
  error?: string;
}

/**
 * The counter of public-site §5.3: the value clamped to min and max, '−' disabled at the minimum and '+' at the
 * maximum. The number is a labelled input (typing works too, clamped on change); the buttons name what they change.
 */
function Counter({ label, hint, name, value, min, max, onChange, error }: CounterProps) {
  const intl = useIntl();
  const id = `counter${useId()}`;
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const set = (n: number) => onChange(clampCount(n, { min, max }));
  return (
    <div className={`ui-field bk-counter${error ? ' ui-field--invalid' : ''}`}>
      <label className="ui-field__label" htmlFor={id}>
        {label}
      </label>
      <div className="bk-counter__row">
        <button type="button" className="ui-btn ui-btn--secondary ui-btn--sm bk-counter__btn" aria-label={intl.formatMessage({ id: 'booking.counter.decrease' }, { what: label })} disabled={value <= min} onClick={() => set(value - 1)}>
          −
        </button>
        <input
          id={id}
          name={name}
          className="ui-field__input bk-counter__input"
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => set(e.target.value === '' ? min : Number(e.target.value))}
        />
        <button type="button" className="ui-btn ui-btn--secondary ui-btn--sm bk-counter__btn" aria-label={intl.formatMessage({ id: 'booking.counter.increase' }, { what: label })} disabled={value >= max} onClick={() => set(value + 1)}>
          +
        </button>
      </div>
      {hint && <p id={`${id}-hint`} className="ui-field__hint">{hint}</p>}
      {error && <p id={`${id}-error`} className="ui-field__error">{error}</p>}
    </div>
  );
}

type Bounds = { min: number; max: number };

/** The party of a booking form (§5.6): adults and children within their bounds, under the form's legend. */
export function PartyFields({ className, rowClassName, values, limits, label, errors, onChange }: {
  className?: string;
  rowClassName: string;
  values: { adults: number; children: number };
  limits: { adults: Bounds; children: Bounds };
  label: (field: 'adults' | 'children') => string;
  errors: { adults?: string; children?: string };
  onChange: (field: 'adults' | 'children', n: number) => void;
}) {
  const t = useT();
  return (
    <fieldset className={className}>
      <legend className="ui-field__label">{t('booking.party.legend')}</legend>
      <div className={rowClassName}>
        <Counter name="adults" label={label('adults')} hint={t('booking.party.adultsHint')} value={values.adults} min={limits.adults.min} max={limits.adults.max} onChange={(n) => onChange('adults', n)} error={errors.adults} />
        <Counter name="children" label={label('children')} hint={t('booking.party.childrenHint')} value={values.children} min={limits.children.min} max={limits.children.max} onChange={(n) => onChange('children', n)} error={errors.children} />
      </div>
    </fieldset>
  );
}
