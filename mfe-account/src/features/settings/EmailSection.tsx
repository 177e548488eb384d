import { useState, type FormEvent } from 'react';
import type { UserProfile } from '@tours/shared/api';
import { Button, TextField, errorText, useForm } from '@tours/shared/kit';
import { ResendButton } from '../common/ResendButton';
import { changeEmail, confirmEmail, requestEmailConfirmation } from './api';
import { emailState } from './rules';
import { settingsFailure } from './session';
import { ContactCard, useContactFlow } from './ContactCard';
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
  const flow = useContactFlow(token);
  const { host, state, dispatch, setNotice, sending, setSending, codeForm, fail } = flow;
  const [confirmedHere, setConfirmedHere] = useState<string | null>(null);
  const emailForm = useForm({ email: '' }, { email: ['required', 'email'] });
  const status = emailState(profile.email, profile.is_email_confirmed, confirmedHere);

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

  const submitCode = flow.submitCode(
    (code) => confirmEmail(host.api, { code }),
    async (destination) => {
      emailForm.change('email', '');
      setConfirmedHere(destination);
      setNotice(t('account.email.confirmed'));
      await reload();
    },
  );

  return (
    <ContactCard
      flow={flow}
      title={t('account.email.title')}
      value={
        <>
          {profile.email ?? t('account.email.none')}
          {status !== 'none' && <span className={`acc-settings__badge acc-settings__badge--${status}`}>{t(`account.contact.state.${status}`)}</span>}
        </>
      }
      changeId={profile.email ? 'account.email.change' : 'account.email.add'}
      actions={
        status === 'unconfirmed' && profile.email && (
          <Button variant="link" loading={sending} onClick={() => void sendCode('request', profile.email!)}>
            {t('account.email.resendConfirmation')}
          </Button>
        )
      }
      field={<TextField label={t('account.email.new')} type="email" autoComplete="email" inputMode="email" required autoFocus error={errorText(emailForm.errors.email, t)} {...emailForm.field('email')} />}
      onSubmitValue={submitEmail}
      hint={t('account.email.codeHint')}
      resend={state.step === 'code' && <ResendButton className="acc-settings__resend" secondsLeft={state.secondsLeft} sending={sending} onResend={() => void sendCode(state.resend, state.destination)} />}
      onSubmitCode={submitCode}
    />
  );
}
