import { useId } from 'react';
import { useIntl } from 'react-intl';
import { clampCount } from './counter-rules';
import './counter.css';

export interface CounterProps {
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
export function Counter({ label, hint, name, value, min, max, onChange, error }: CounterProps) {
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
