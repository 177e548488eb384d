import { forwardRef, useId, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import './ui.css';
import './kit.css';

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
