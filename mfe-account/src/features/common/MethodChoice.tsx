import { useId } from 'react';
import type { CodeSender, VerificationMethod } from '@tours/shared/api';
import './code.css';
import { useT } from '../../i18n/t';

export interface MethodChoiceProps {
  /** The channels the server offers for the code. */
  methods: readonly VerificationMethod[];
  /** The channel the code went through. */
  value: CodeSender;
  /** Choosing one sends a new code through it. */
  onChoose: (method: CodeSender) => void;
  disabled?: boolean;
}

/**
 * The channels of a one-time code (accounts-and-comms §2 code step): a radio group named 'Send the code via' with a
 * hint that choosing another one sends a new code. Shown only when there is a choice.
 */
export function MethodChoice({ methods, value, onChoose, disabled }: MethodChoiceProps) {
  const t = useT();
  const id = useId();
  if (methods.length < 2) return null;
  return (
    <fieldset className="acc-methods" aria-describedby={`${id}-hint`}>
      <legend className="ui-field__label">{t('account.code.methods')}</legend>
      <p id={`${id}-hint`} className="ui-field__hint">
        {t('account.code.methodsHint')}
      </p>
      {methods.map((m) => (
        <label key={m.type} className="acc-methods__item">
          <input type="radio" name={`${id}-method`} value={m.type} checked={value === m.type} disabled={disabled} onChange={() => onChoose(m.type)} />
          {t(`account.code.method.${m.type}`)}
        </label>
      ))}
    </fieldset>
  );
}
