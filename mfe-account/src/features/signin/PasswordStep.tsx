import { useState, type Dispatch, type FormEvent } from 'react';
import { useHost } from '@tours/shared/core';
import { applyServerErrors, type SignedInAnswer } from '@tours/shared/api';
import { Button, TextField, errorText, type useForm } from '@tours/shared/kit';
import { isFieldAnswer } from '../common/errors';
import { deviceFavourites } from '../common/favourites';
import { authWithPassword } from './api';
import { browser } from './CodeStep';
import { passwordLogin, redirectTarget, type FlowAction } from './flow';
import { useT } from '../../i18n/t';

export type PasswordValues = { login: string; password: string };
export type PasswordForm = ReturnType<typeof useForm<PasswordValues>>;

/**
 * Step 'password' (the secondary way in, from 'Log in with a password'): the login (an e-mail or a phone) and the
 * password, 'Forgot your password?', and 'No account yet? Sign up with a password' (the sign-up form). A wrong pair shows the server's message above the button with what was
 * typed kept; a failure of type 'redirect' with a url is followed (the sign-in flow's safe-redirect rule).
 */
export function PasswordStep({ form, dispatch, onSignedIn }: { form: PasswordForm; dispatch: Dispatch<FlowAction>; onSignedIn: (answer: SignedInAnswer) => void }) {
  const host = useHost();
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure('');
    if (busy || form.validate().length) return;
    setBusy(true);
    try {
      onSignedIn(await authWithPassword(host.api, { login: passwordLogin(form.values.login), password: form.values.password, favourites_tours_ids: deviceFavourites(host.store) }));
    } catch (error) {
      const target = redirectTarget(error);
      if (target) browser.assign(target);
      // 'Incorrect login or password' is about the pair, not one field: it shows above the button.
      else if (isFieldAnswer(error)) setFailure(error.message);
      else form.setServerErrors(applyServerErrors(error, host.toast));
      setBusy(false);
    }
  };

  return (
    <form className="acc-login__form" noValidate onSubmit={submit}>
      <TextField
        label={t('account.password.login')}
        hint={t('account.password.loginHint')}
        autoComplete="username"
        required
        autoFocus
        error={errorText(form.errors.login, t)}
        {...form.field('login')}
      />
      <TextField label={t('account.password.password')} type="password" autoComplete="current-password" required error={errorText(form.errors.password, t)} {...form.field('password')} />
      <Button variant="link" className="acc-login__toggle" onClick={() => dispatch({ type: 'forgotPassword' })}>
        {t('account.password.forgot')}
      </Button>
      {failure && (
        <p className="ui-field__error" role="alert">
          {failure}
        </p>
      )}
      <Button type="submit" block loading={busy}>
        {t('account.password.submit')}
      </Button>
      <Button variant="link" className="acc-login__toggle" onClick={() => dispatch({ type: 'signUp' })}>
        {t('account.signup.link')}
      </Button>
      <p className="acc-login__notice">{t('account.login.captchaNotice')}</p>
    </form>
  );
}
