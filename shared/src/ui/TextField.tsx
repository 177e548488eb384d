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

// SelectField lives in ./SelectField.tsx (issue 33: a chunk takes a module whole; the search page's sort select
// then no longer brings the text field along).
export { SelectField, type SelectFieldProps, type SelectOption } from './SelectField';
