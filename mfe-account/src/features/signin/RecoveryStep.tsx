import { useState, type FormEvent } from 'react';
import { useHost } from '@tours/shared/core';
import { applyServerErrors } from '@tours/shared/api';
import { Button, TextField, errorText, useForm } from '@tours/shared/kit';
import { isFieldAnswer } from '../common/errors';
import { passwordRecovery } from './api';
import type { FlowAction } from './flow';
import { useT } from '../../i18n/t';

/**
 * Step 'recovery' ('Forgot your password?'): the account's e-mail; the answer is the same for any address, so the
 * message says the link went out only if an account exists for it. The link opens /account?password_reset_token=….
 */
export function RecoveryStep({ initialEmail, dispatch }: { initialEmail: string; dispatch: (action: FlowAction) => void }) {
  const host = useHost();
  const t = useT();
  const form = useForm({ email: initialEmail }, { email: ['required', 'email'] }, { mode: 'passive' });
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || form.validate().length) return;
    setBusy(true);
    try {
      await passwordRecovery(host.api, { email: form.values.email.trim() });
      setSent(true);
    } catch (error) {
      if (isFieldAnswer(error)) form.setServerErrors({ email: error.message });
      else form.setServerErrors(applyServerErrors(error, host.toast));
    } finally {
      setBusy(false);
    }
  };

  if (sent) {
    return (
      <div className="acc-login__form">
        <p className="acc-login__text" role="status">
          {t('account.recovery.sent')}
        </p>
        <Button variant="secondary" block onClick={() => dispatch({ type: 'back' })}>
          {t('account.recovery.backToLogin')}
        </Button>
      </div>
    );
  }
  return (
    <form className="acc-login__form" noValidate onSubmit={submit}>
      <p className="acc-login__text">{t('account.recovery.text')}</p>
      <TextField label={t('account.login.email')} type="email" autoComplete="email" inputMode="email" required autoFocus error={errorText(form.errors.email, t)} {...form.field('email')} />
      <Button type="submit" block loading={busy}>
        {t('account.recovery.submit')}
      </Button>
      <p className="acc-login__notice">{t('account.login.captchaNotice')}</p>
    </form>
  );
}
