import { useEffect, useId, useReducer, useRef, useState, type FormEvent } from 'react';
import { useHost } from '@tours/shared/core';
import { AUTH_CODE_LENGTH, type UserProfile } from '@tours/shared/api';
import { Button, TextField, errorText, useForm } from '@tours/shared/kit';
import { CodeField } from '../common/CodeField';
import { ResendButton, useCountdownTick } from '../common/ResendButton';
import { isFieldAnswer } from '../common/errors';
import { changeEmail, confirmEmail, requestEmailConfirmation } from './api';
import { CONTACT_VIEW, contactReducer } from './contact-flow';
import { emailState } from './rules';
import { settingsFailure } from './session';
import { FormActions } from './FormActions';
import { useT } from '../../i18n/t';

export interface EmailSectionProps {
  profile: UserProfile;
  token: string;
  /** Loads the profile again (a confirmed address becomes the account's); answers it, or null. */
  reload: () => Promise<UserProfile | null>;
}

/**
 * Section 'E-mail': the address and whether it is confirmed; change it (a code and a link go to the new address,
 * the code confirms it here), or send the confirmation of the current one again (email-confirmation-request).
 */
export function EmailSection({ profile, token, reload }: EmailSectionProps) {
  const t = useT();
  const host = useHost();
  const headingId = useId();
  const [state, dispatch] = useReducer(contactReducer, CONTACT_VIEW);
  useCountdownTick(state.step === 'code' && state.secondsLeft > 0, state.step === 'code' ? state.sends : 0, () => dispatch({ type: 'tick' }));
  const [confirmedHere, setConfirmedHere] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const [sending, setSending] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const emailForm = useForm({ email: '' }, { email: ['required', 'email'] });
  const codeForm = useForm({ code: '' }, { code: ['required', { rule: 'min', param: AUTH_CODE_LENGTH }] });
  const status = emailState(profile.email, profile.is_email_confirmed, confirmedHere);

  // Back to the view (cancel, confirmed): focus returns to the button that opened the form.
  const changeButton = useRef<HTMLButtonElement>(null);
  const opened = useRef(false);
  useEffect(() => {
    if (state.step !== 'view') opened.current = true;
    else if (opened.current) changeButton.current?.focus();
  }, [state.step]);

  const fail = (error: unknown, form: { setServerErrors: (f: Record<string, string>) => unknown }, field: string) => {
    // A refusal without a field (409: the address belongs to another account) belongs on the form's field.
    if (isFieldAnswer(error) && error.status !== 401) form.setServerErrors({ [field]: error.message });
    else form.setServerErrors(settingsFailure(host, token, error));
  };

  /** change-email, or email-confirmation-request for the account's own address: then the code step. */
  const sendCode = async (resend: 'change' | 'request', email: string) => {
    if (sending) return;
    setSending(true);
    setNotice('');
    try {
      if (resend === 'change') await changeEmail(host.api, { email });
      else await requestEmailConfirmation(host.api);
      codeForm.change('code', '');
      dispatch({ type: 'codeSent', destination: email, resend });
      setNotice(t('account.email.codeSent', { email }));
    } catch (error) {
      if (state.step === 'edit') fail(error, emailForm, 'email');
      else if (state.step === 'code') fail(error, codeForm, 'code');
      else settingsFailure(host, token, error);
    } finally {
      setSending(false);
    }
  };

  const submitEmail = (event: FormEvent) => {
    event.preventDefault();
    if (emailForm.validate().length) return;
    void sendCode('change', emailForm.values.email.trim());
  };

  const submitCode = async (event: FormEvent) => {
    event.preventDefault();
    if (confirming || state.step !== 'code' || codeForm.validate().length) return;
    setConfirming(true);
    try {
      await confirmEmail(host.api, { code: codeForm.values.code });
      const destination = state.destination;
      dispatch({ type: 'confirmed' });
      emailForm.change('email', '');
      setConfirmedHere(destination);
      setNotice(t('account.email.confirmed'));
      await reload();
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

  return (
    <section className="acc-settings__card" aria-labelledby={headingId}>
      <h2 id={headingId} className="acc-settings__title">
        {t('account.email.title')}
      </h2>
      <p className="acc-settings__value">
        {profile.email ?? t('account.email.none')}
        {status !== 'none' && <span className={`acc-settings__badge acc-settings__badge--${status}`}>{t(`account.contact.state.${status}`)}</span>}
      </p>
      {notice && (
        <p className="acc-settings__notice" role="status">
          {notice}
        </p>
      )}
      {state.step === 'view' && (
        <div className="acc-settings__actions">
          <Button ref={changeButton} variant="secondary" onClick={() => dispatch({ type: 'edit' })}>
            {t(profile.email ? 'account.email.change' : 'account.email.add')}
          </Button>
          {status === 'unconfirmed' && profile.email && (
            <Button variant="link" loading={sending} onClick={() => void sendCode('request', profile.email!)}>
              {t('account.email.resendConfirmation')}
            </Button>
          )}
        </div>
      )}
      {state.step === 'edit' && (
        <form className="acc-settings__form" noValidate aria-label={t(profile.email ? 'account.email.change' : 'account.email.add')} onSubmit={submitEmail}>
          <TextField label={t('account.email.new')} type="email" autoComplete="email" inputMode="email" required autoFocus error={errorText(emailForm.errors.email, t)} {...emailForm.field('email')} />
          <FormActions submitId="account.contact.sendCode" loading={sending} onCancel={cancel} />
        </form>
      )}
      {state.step === 'code' && (
        <form className="acc-settings__form" noValidate aria-label={t('account.contact.codeForm')} onSubmit={submitCode}>
          <CodeField
            label={t('account.code.label')}
            hint={t('account.email.codeHint')}
            autoFocus
            value={codeForm.values.code}
            error={errorText(codeForm.errors.code, t)}
            onChange={(code) => codeForm.change('code', code)}
            onBlur={() => codeForm.blur('code')}
          />
          <ResendButton className="acc-settings__resend" secondsLeft={state.secondsLeft} sending={sending} onResend={() => void sendCode(state.resend, state.destination)} />
          <FormActions submitId="account.contact.confirm" loading={confirming} onCancel={cancel} />
        </form>
      )}
    </section>
  );
}
