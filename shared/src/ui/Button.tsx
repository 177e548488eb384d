import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import './ui.css';
import './kit.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'link';

export interface ButtonProps extends ComponentPropsWithoutRef<'button'> {
  variant?: ButtonVariant;
  size?: 'sm' | 'md';
  /** Full width of its container. */
  block?: boolean;
  /** Disables the button and tells assistive technology that work is in progress. */
  loading?: boolean;
}

/** The kit's button: `type="button"` unless told otherwise, so it never submits a form by accident. */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', size = 'md', block = false, loading = false, className, type = 'button', disabled, children, ...rest },
  ref,
) {
  const classes = ['ui-btn', `ui-btn--${variant}`, size === 'sm' ? 'ui-btn--sm' : '', block ? 'ui-btn--block' : '', loading ? 'ui-btn--loading' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <button type={type} className={classes} disabled={disabled || loading} aria-busy={loading || undefined} ref={ref} {...rest}>
      {children}
    </button>
  );
});
