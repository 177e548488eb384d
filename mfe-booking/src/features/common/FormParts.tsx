/**
 * The parts every booking form shows the same way (public-site §2.7 'Common texts', issue 14 'Never lose a request'):
 * the submit's status and retry alert, the terms checkbox and the footer caption with their new-tab links. One
 * implementation for the order page, the private tour, the cost calculation and the programme forms.
 */
import type { FormEvent, ReactNode, RefObject } from 'react';
import { useIntl } from 'react-intl';
import { useHost } from '@tours/shared/core';
import { Button } from '@tours/shared/kit';

/** The terms and privacy links of the texts (they open in a new tab, and say so to a screen reader). */
function useLegalLinks() {
  const intl = useIntl();
  const host = useHost();
  const newTab = (href: string) => (chunks: ReactNode[]) => (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {chunks}
      <span className="visually-hidden"> {intl.formatMessage({ id: 'booking.newTab' })}</span>
    </a>
  );
  return { terms: newTab(host.href('agreement')), privacy: newTab(host.href('privacy')) };
}

/**
 * What the submit says: a quiet status region (what to check) and, when no answer came, an alert with Retry that
 * resends the same submit.
 */
export function SubmitStatus({ announcement, problem, busy, onRetry, className }: { announcement: string; problem: string | null; busy: boolean; onRetry: () => void; className: string }) {
  const intl = useIntl();
  return (
    <>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      {problem && (
        <div className={className} role="alert">
          <p>{problem}</p>
          <Button variant="secondary" size="sm" onClick={onRetry} disabled={busy}>
            {intl.formatMessage({ id: 'booking.form.retry' })}
          </Button>
        </div>
      )}
    </>
  );
}

/** The terms checkbox of §2.7 ('I accept Terms and Conditions …'), required, with its error. */
export function TermsCheckbox({ id, checked, error, onChange, className }: { id: string; checked: boolean; error?: string; onChange: (checked: boolean) => void; className: string }) {
  const intl = useIntl();
  const links = useLegalLinks();
  return (
    <div className={`ui-field ${className}${error ? ' ui-field--invalid' : ''}`}>
      <input
        id={id}
        type="checkbox"
        name="agree"
        checked={checked}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.checked)}
      />
      <label htmlFor={id}>{intl.formatMessage({ id: 'booking.form.terms' }, links)}</label>
      {error && (
        <p id={`${id}-error`} className="ui-field__error">
          {error}
        </p>
      )}
    </div>
  );
}

/** The footer caption of §2.7: 'You acknowledge that you agree … when you click "{button}"'. */
function FormCaption({ button, className }: { button: string; className: string }) {
  const intl = useIntl();
  const links = useLegalLinks();
  return <p className={className}>{intl.formatMessage({ id: 'booking.form.caption' }, { button, ...links })}</p>;
}

/** The submit button of a booking form and the caption under it (the terms the button accepts). */
export function SubmitButton({ label, busy, captionClassName }: { label: string; busy: boolean; captionClassName: string }) {
  return (
    <>
      <Button type="submit" block loading={busy}>
        {label}
      </Button>
      <FormCaption className={captionClassName} button={label} />
    </>
  );
}

/**
 * A booking form (order, private tour, programme): its title, the line under it (`lead`), the submit's status, the
 * fields, then the submit button with its caption. `block` names its classes (block__title, __alert, __caption).
 */
export function BookingForm({ block, titleId, title, lead, request, formRef, submitLabel, children }: {
  block: string;
  titleId: string;
  title: string;
  lead?: ReactNode;
  request: { onSubmit: (event: FormEvent) => void; submit: () => Promise<unknown>; busy: boolean; problem: string | null; announcement: string };
  formRef: RefObject<HTMLFormElement>;
  submitLabel: string;
  children: ReactNode;
}) {
  const { onSubmit, submit, busy, problem, announcement } = request;
  return (
    <form className={block} noValidate onSubmit={onSubmit} ref={formRef} aria-busy={busy || undefined} aria-labelledby={titleId}>
      <h2 id={titleId} className={`${block}__title`}>
        {title}
      </h2>
      {lead}
      <SubmitStatus announcement={announcement} problem={problem} busy={busy} onRetry={() => void submit()} className={`${block}__alert`} />
      {children}
      <SubmitButton label={submitLabel} busy={busy} captionClassName={`${block}__caption`} />
    </form>
  );
}
