import { useEffect, useId, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import './ui.css';
import './RangeInput.css';

/** Clamps a number input to its bounds (§5.3 'Number inputs are clamped to their min and max on change'). */
export function clampNumber(value: number, min: number, max: number): number {
  if (!Number.isFinite(value)) return min;
  return Math.min(max, Math.max(min, value));
}

/**
 * The range rule of §5.3: min is kept ≤ max and max ≥ min. `changed` tells which end the user moved: the other
 * end follows it. An upper value of 0 or at the limit means "unlimited".
 */
export function orderRange(lo: number, hi: number, limit: number, changed: 'min' | 'max'): [number, number] {
  const a = clampNumber(lo, 0, limit);
  const b = clampNumber(hi, 0, limit);
  const unlimited = b === 0 || b >= limit;
  if (unlimited || a <= b) return [a, b];
  return changed === 'min' ? [a, a] : [b, b];
}

export interface RangeInputProps {
  /** Group label ('Price', 'Duration in days'). */
  label: ReactNode;
  /** The current values; an upper value of 0 or `max` is unlimited. */
  value: [number, number];
  onChange: (value: [number, number]) => void;
  /** The upper limit of both fields (0 is always the lower one). */
  max: number;
  step?: number;
  /** A unit or currency shown after the fields ('₽', 'days'). */
  unit?: ReactNode;
  /** Labels of the fields for assistive technology. */
  minLabel?: string;
  maxLabel?: string;
  className?: string;
}

/**
 * Two number fields 'from' and 'to' (or 'over' when the upper end is unlimited, §5.3): each is clamped to 0..max
 * on change, and min stays ≤ max. The value is committed on blur or Enter, so typing '1' on the way to '1500'
 * does not move the other end.
 */
export function RangeInput({ label, value, onChange, max, step = 1, unit, minLabel, maxLabel, className }: RangeInputProps) {
  const intl = useIntl();
  const id = useId();
  const [lo, hi] = value;
  const [draft, setDraft] = useState<[string, string]>([lo ? String(lo) : '', hi && hi < max ? String(hi) : '']);
  useEffect(() => {
    setDraft([lo ? String(lo) : '', hi && hi < max ? String(hi) : '']);
  }, [lo, hi, max]);
  const unlimited = !hi || hi >= max;
  const commit = (which: 'min' | 'max', text: string) => {
    const n = text.trim() === '' ? 0 : Number(text);
    const next = which === 'min' ? orderRange(n, hi, max, 'min') : orderRange(lo, n === 0 ? 0 : n, max, 'max');
    if (next[0] !== lo || next[1] !== hi) onChange(next);
    else setDraft([lo ? String(lo) : '', hi && hi < max ? String(hi) : '']);
  };
  const field = (which: 'min' | 'max') => {
    const index = which === 'min' ? 0 : 1;
    return (
      <label className="ui-range__field" htmlFor={`${id}-${which}`}>
        <span className="ui-range__prefix">{intl.formatMessage({ id: which === 'min' ? 'range.from' : unlimited ? 'range.over' : 'range.to' })}</span>
        <input
          id={`${id}-${which}`}
          className="ui-field__input ui-range__input"
          type="number"
          inputMode="numeric"
          min={0}
          max={max}
          step={step}
          value={draft[index]}
          placeholder={which === 'max' ? String(max) : '0'}
          aria-label={which === 'min' ? minLabel : maxLabel}
          onChange={(e) => {
            const raw = e.target.value;
            const clamped = raw === '' ? '' : String(clampNumber(Number(raw), 0, max));
            setDraft((d) => (index === 0 ? [clamped, d[1]] : [d[0], clamped]));
          }}
          onBlur={(e) => commit(which, e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') commit(which, (e.target as HTMLInputElement).value);
          }}
        />
      </label>
    );
  };
  return (
    <fieldset className={`ui-range${className ? ` ${className}` : ''}`}>
      <legend className="ui-range__legend">{label}</legend>
      <div className="ui-range__fields">
        {field('min')}
        {field('max')}
        {unit && <span className="ui-range__unit">{unit}</span>}
      </div>
    </fieldset>
  );
}
