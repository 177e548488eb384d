import { forwardRef, useId, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import './ui.css';
import './kit.css';

export interface TextAreaFieldProps extends Omit<ComponentPropsWithoutRef<'textarea'>, 'id'> {
  label: ReactNode;
  /** Error text; marks the field invalid and is announced with it. */
  error?: ReactNode;
  id?: string;
  /** Class of the textarea itself (its height, a form's spacing); `className` is the field's. */
  inputClassName?: string;
}

/**
 * A labelled textarea (a request's comment, a cancellation message) with its error wired through aria-describedby:
 * the block the booking forms and the host's modals each wrote by hand (issue 30). Spread `form.field(name)` into it.
 */
export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField({ label, error, id, className, inputClassName, ...rest }, ref) {
  const autoId = useId();
  const inputId = id ?? `field${autoId}`;
  const errorId = `${inputId}-error`;
  return (
    <div className={`ui-field${error ? ' ui-field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label className="ui-field__label" htmlFor={inputId}>
        {label}
      </label>
      <textarea
        id={inputId}
        className={`ui-field__input${inputClassName ? ` ${inputClassName}` : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        ref={ref}
        {...rest}
      />
      {error && <p id={errorId} className="ui-field__error">{error}</p>}
    </div>
  );
});
