import { forwardRef, useId, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import './ui.css';
import './kit.css';

export interface TextFieldProps extends Omit<ComponentPropsWithoutRef<'input'>, 'id'> {
  label: ReactNode;
  /** Error text; marks the input invalid and is announced with it. */
  error?: ReactNode;
  hint?: ReactNode;
  id?: string;
}

/** A labelled input with hint and error wired through aria-describedby. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField({ label, error, hint, id, className, required, ...rest }, ref) {
  const autoId = useId();
  const inputId = id ?? `field${autoId}`;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`ui-field${error ? ' ui-field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label className="ui-field__label" htmlFor={inputId}>
        {label}
        {required && <span className="ui-field__required" aria-hidden="true"> *</span>}
      </label>
      <input id={inputId} className="ui-field__input" required={required} aria-invalid={error ? true : undefined} aria-describedby={describedBy} ref={ref} {...rest} />
      {hint && <p id={hintId} className="ui-field__hint">{hint}</p>}
      {error && <p id={errorId} className="ui-field__error">{error}</p>}
    </div>
  );
});

export interface SelectOption { value: string; label: string }

export interface SelectFieldProps extends Omit<ComponentPropsWithoutRef<'select'>, 'id' | 'children'> {
  label: ReactNode;
  options: SelectOption[];
  /** Hide the label visually (it still names the control). */
  hideLabel?: boolean;
  id?: string;
}

/** A labelled native select: the most robust choice on phones and with assistive technology. */
export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField({ label, options, hideLabel = false, id, className, ...rest }, ref) {
  const autoId = useId();
  const selectId = id ?? `select${autoId}`;
  return (
    <div className={`ui-field ui-field--select${className ? ` ${className}` : ''}`}>
      <label className={hideLabel ? 'visually-hidden' : 'ui-field__label'} htmlFor={selectId}>
        {label}
      </label>
      <select id={selectId} className="ui-field__input ui-field__select" ref={ref} {...rest}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
});
