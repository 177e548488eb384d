import { useId, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { useHost } from '@tours/shared/core';

/**
 * The terms checkbox of the sign-in forms (accounts-and-comms §2: 'I accept Terms and Conditions …', the links to
 * 'agreement' and 'privacy' in a new tab), required, with its error: the register step's and the sign-up form's.
 */
export function TermsCheck({ checked, error, onChange }: { checked: boolean; error: string | undefined; onChange: (checked: boolean) => void }) {
  const host = useHost();
  const id = useId();
  const text = error;
  const link = (href: string) => (chunks: ReactNode[]) => (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {chunks}
    </a>
  );
  return (
    <>
      <div className={`acc-check${text ? ' acc-check--invalid' : ''}`}>
        <input
          id={id}
          type="checkbox"
          name="terms"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          aria-invalid={text ? true : undefined}
          aria-describedby={text ? `${id}-error` : undefined}
        />
        <label htmlFor={id}>
          <FormattedMessage id="account.login.terms" values={{ terms: link(host.href('agreement')), privacy: link(host.href('privacy')) }} />
        </label>
      </div>
      {text && (
        <p id={`${id}-error`} className="ui-field__error">
          {text}
        </p>
      )}
    </>
  );
}
