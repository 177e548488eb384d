import { useEffect, useId, useReducer, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useHost } from '@tours/shared/core';
import { AUTH_CODE_LENGTH } from '@tours/shared/api';
import { Button, errorText, useForm } from '@tours/shared/kit';
import { CodeField } from '../common/CodeField';
import { useCountdownTick } from '../common/ResendButton';
import { isFieldAnswer } from '../common/errors';
import { CONTACT_VIEW, contactReducer } from './contact-flow';
import { settingsFailure } from './session';
import { FormActions } from './FormActions';
import { useT, type MessageId } from '../../i18n/t';

type ServerErrors = { setServerErrors: (f: Record<string, string>) => unknown };

/**
 * What the e-mail and the phone sections share (the steps of contact-flow.ts wired to the page): the notice, the
 * sending and confirming flags, the code form and its submit, the refusals on their field, and focus back on the
 * 'Change' button when the steps end. Each section adds its own field and calls.
 */
export function useContactFlow(token: string) {
  const host = useHost();
  const [state, dispatch] = useReducer(contactReducer, CONTACT_VIEW);
  useCountdownTick(state.step === 'code' && state.secondsLeft > 0, state.step === 'code' ? state.sends : 0, () => dispatch({ type: 'tick' }));
  const [notice, setNotice] = useState('');
  const [sending, setSending] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const codeForm = useForm({ code: '' }, { code: ['required', { rule: 'min', param: AUTH_CODE_LENGTH }] });

  // Back to the view (cancel, confirmed): focus returns to the button that opened the form.
  const changeButton = useRef<HTMLButtonElement>(null);
  const opened = useRef(false);
  useEffect(() => {
    if (state.step !== 'view') opened.current = true;
    else if (opened.current) changeButton.current?.focus();
  }, [state.step]);

  const fail = (error: unknown, form: ServerErrors, field: string) => {
    // A refusal without a field (409: the value belongs to another account) belongs on the form's field.
    if (isFieldAnswer(error) && error.status !== 401) form.setServerErrors({ [field]: error.message });
    else form.setServerErrors(settingsFailure(host, token, error));
  };

  /** The code step's submit: `confirm` the code, then `confirmed` (with where the code went) and the notice. */
  const submitCode = (confirm: (code: string) => Promise<unknown>, confirmed: (destination: string) => Promise<unknown>) => async (event: FormEvent) => {
    event.preventDefault();
    if (confirming || state.step !== 'code' || codeForm.validate().length) return;
    setConfirming(true);
    try {
      await confirm(codeForm.values.code);
      const destination = state.destination;
      dispatch({ type: 'confirmed' });
      await confirmed(destination);
    } catch (error) {
      fail(error, codeForm, 'code');
    } finally {
      setConfirming(false);
    }
  };

  const cancel = () => {
    setNotice('');
    dispatch({ type: 'cancel' });
  };

  return { host, state, dispatch, notice, setNotice, sending, setSending, confirming, codeForm, changeButton, fail, submitCode, cancel };
}

type ContactFlow = ReturnType<typeof useContactFlow>;

/**
 * The card of a contact section: its title, the value with its badge, the notice, and the steps: the actions of the
 * view (`actions` after 'Change'), the edit form (`field`), and the code form (`hint` under the code, `resend` below it).
 */
export function ContactCard({ flow, title, value, changeId, field, onSubmitValue, actions, hint, resend, onSubmitCode }: {
  flow: ContactFlow;
  title: string;
  value: ReactNode;
  changeId: MessageId;
  field: ReactNode;
  onSubmitValue: (event: FormEvent) => void;
  actions?: ReactNode;
  hint?: string;
  resend: ReactNode;
  onSubmitCode: (event: FormEvent) => void;
}) {
  const t = useT();
  const headingId = useId();
  const { state, dispatch, notice, sending, confirming, codeForm, changeButton, cancel } = flow;
  return (
    <section className="acc-settings__card" aria-labelledby={headingId}>
      <h2 id={headingId} className="acc-settings__title">
        {title}
      </h2>
      <p className="acc-settings__value">{value}</p>
      {notice && (
        <p className="acc-settings__notice" role="status">
          {notice}
        </p>
      )}
      {state.step === 'view' && (
        <div className="acc-settings__actions">
          <Button ref={changeButton} variant="secondary" onClick={() => dispatch({ type: 'edit' })}>
            {t(changeId)}
          </Button>
          {actions}
        </div>
      )}
      {state.step === 'edit' && (
        <form className="acc-settings__form" noValidate aria-label={t(changeId)} onSubmit={onSubmitValue}>
          {field}
          <FormActions submitId="account.contact.sendCode" loading={sending} onCancel={cancel} />
        </form>
      )}
      {state.step === 'code' && (
        <form className="acc-settings__form" noValidate aria-label={t('account.contact.codeForm')} onSubmit={onSubmitCode}>
          <CodeField
            label={t('account.code.label')}
            hint={hint}
            autoFocus
            value={codeForm.values.code}
            error={errorText(codeForm.errors.code, t)}
            onChange={(code) => codeForm.change('code', code)}
            onBlur={() => codeForm.blur('code')}
          />
          {resend}
          <FormActions submitId="account.contact.confirm" loading={confirming} onCancel={cancel} />
        </form>
      )}
    </section>
  );
}
