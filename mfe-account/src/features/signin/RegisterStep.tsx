import { useState, type Dispatch, type FormEvent } from 'react';
import { useAtomValue } from 'jotai';
import { favouritesAtom, localeAtom, useHost } from '@tours/shared/core';
import { applyServerErrors, onForm } from '@tours/shared/api';
import { Button, PhoneInput, TextField, errorText, type useForm } from '@tours/shared/kit';
import { registerWithoutPassword } from './api';
import { TermsCheck } from './TermsCheck';
import { MAX_FAVOURITES, codeSenderFor, codeStillRunning, fieldErrorsFor, loginOf, switchLogin, utcOffsetHours, type FlowAction, type FlowState, type RegisterValues } from './flow';
import { useT } from '../../i18n/t';

type RegisterForm = ReturnType<typeof useForm<RegisterValues>>;

/**
 * Step 'register' (§2): one field, phone or e-mail (the toggle switches and clears the other), 'Continue', the
 * terms checkbox and the captcha notice. Validation is passive (§5: only on submit). Submitting registers without a
 * password; the flow moves on when the answer has is_registered, otherwise the reason shows on the field. What was
 * typed stays on any failure. Continue with the login whose code was just sent goes back to that code while its
 * resend countdown runs. Below, the secondary link 'Log in with a password'.
 */
export interface RegisterStepProps {
  state: FlowState;
  dispatch: Dispatch<FlowAction>;
  /** The form and the phone's country live in the flow, so Back from the code step finds them as they were. */
  form: RegisterForm;
  country: string;
  onCountryChange: (country: string) => void;
  /** 'Log in with a password': the secondary way in. */
  onUsePassword: () => void;
}

export function RegisterStep({ state, dispatch, form, country, onCountryChange, onUsePassword }: RegisterStepProps) {
  const host = useHost();
  const t = useT();
  const favourites = useAtomValue(favouritesAtom);
  const locale = useAtomValue(localeAtom);
  const [busy, setBusy] = useState(false);
  const { method } = state;

  const toggle = () => {
    const next = switchLogin(form.values, method === 'phone' ? 'email' : 'phone');
    if (next.phone !== form.values.phone) form.change('phone', next.phone);
    if (next.email !== form.values.email) form.change('email', next.email);
    dispatch({ type: 'toggleMethod' });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || form.validate().length) return;
    const login = loginOf(method, form.values);
    // Back from the code step and Continue with the same login: that code, not another inside its 60 s (issue 29).
    if (codeStillRunning(state, login)) {
      dispatch({ type: 'reopenCode' });
      return;
    }
    const sender = codeSenderFor(method);
    setBusy(true);
    try {
      const answer = await registerWithoutPassword(host.api, {
        ...(method === 'phone' ? { phone: login } : { email: login }),
        timezone: utcOffsetHours(),
        favourites_tours_ids: favourites.slice(0, MAX_FAVOURITES),
        is_quick_register: true,
        code_sender: sender,
      });
      if (answer.is_registered) dispatch({ type: 'registered', login, sender, answer });
      // §5/§8: why the code could not be sent shows on the field.
      else form.setServerErrors({ [method]: answer.error || t('account.login.sendFailed') });
    } catch (error) {
      // §5: field errors on their fields (send_error_reason on the login field), the general message as a toast.
      applyServerErrors(error, host.toast, undefined, onForm(form, (fields) => fieldErrorsFor('register', method, fields)));
    } finally {
      setBusy(false);
    }
  };

  const termsError = errorText(form.errors.terms, t);
  return (
    <form className="acc-login__form" noValidate onSubmit={submit}>
      {method === 'phone' ? (
        <PhoneInput
          name="phone"
          label={t('account.login.phone')}
          value={form.values.phone}
          onChange={(v: string) => form.change('phone', v)}
          onBlur={() => form.blur('phone')}
          country={country}
          onCountryChange={onCountryChange}
          locale={locale}
          t={t}
          error={errorText(form.errors.phone, t)}
          required
        />
      ) : (
        <TextField label={t('account.login.email')} type="email" autoComplete="email" inputMode="email" required error={errorText(form.errors.email, t)} {...form.field('email')} />
      )}
      <Button variant="link" className="acc-login__toggle" onClick={toggle}>
        {t(method === 'phone' ? 'account.login.useEmail' : 'account.login.usePhone')}
      </Button>
      <Button type="submit" block loading={busy}>
        {t('account.login.continue')}
      </Button>
      <TermsCheck checked={form.values.terms} error={termsError} onChange={(checked) => form.change('terms', checked)} />
      <Button variant="link" className="acc-login__toggle" onClick={onUsePassword}>
        {t('account.login.withPassword')}
      </Button>
      <p className="acc-login__notice">{t('account.login.captchaNotice')}</p>
    </form>
  );
}
