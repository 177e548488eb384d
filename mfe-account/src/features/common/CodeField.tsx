import type { ReactNode } from 'react';
import { AUTH_CODE_LENGTH } from '@tours/shared/api';
import { TextField } from '@tours/shared/kit';
import { pastedCode, typedCode } from './code';
import './code.css';

export interface CodeFieldProps {
  label: ReactNode;
  value: string;
  onChange: (code: string) => void;
  onBlur?: () => void;
  error?: ReactNode;
  hint?: ReactNode;
  autoFocus?: boolean;
}

/**
 * The one-time code field (accounts-and-comms §5 'Code input'): digits only, 5 of them, a paste only when it is
 * exactly 5 digits; the numeric keyboard and the one-time-code autofill on phones.
 */
export function CodeField({ label, value, onChange, onBlur, error, hint, autoFocus }: CodeFieldProps) {
  return (
    <TextField
      label={label}
      name="code"
      className="acc-code"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      maxLength={AUTH_CODE_LENGTH}
      required
      autoFocus={autoFocus}
      value={value}
      error={error}
      hint={hint}
      onChange={(e) => onChange(typedCode(e.target.value))}
      onPaste={(e) => {
        e.preventDefault();
        const code = pastedCode(e.clipboardData.getData('text'));
        if (code !== null) onChange(code);
      }}
      onBlur={onBlur}
    />
  );
}
