import { useState, type FormEvent } from 'react';
import { useAtomValue } from 'jotai';
import { localeAtom, useHost } from '@tours/shared/core';
import { PASSWORD_MAX, PASSWORD_MIN, applyServerErrors, onForm, type SignedInAnswer } from '@tours/shared/api';
import { isBlankPhone, phoneToSend } from '@tours/shared/domain';
import { Button, PhoneInput, TextField, errorText, useForm } from '@tours/shared/kit';
import { deviceFavourites } from '../common/favourites';
import { register } from './api';
import { utcOffsetHours } from './flow';
import { TermsCheck } from './TermsCheck';
import { useT } from '../../i18n/t';

export type SignUpValues = {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  password: string;
  confirm_password: string;
  terms: boolean;
};

const EMPTY: SignUpValues = { first_name: '', last_name: '', email: '', phone: '', password: '', confirm_password: '', terms: false };

/**
 * Step 'signup' ('Sign up with a password', from the password step; issue 29: POST /crm/api/user/register had no
 * screen): first name, last name, e-mail, an optional phone, the password twice, the terms and the captcha notice
 * (accounts-and-comms §7 register's payload; §5.1 'Do not match'). Checked on submit (passive, as the other steps);
 * server field errors on their fields (an e-mail or phone that has an account), only another message a toast. On
 * success the traveller is signed in, the device's favourites joined to the account.
 */
export function SignUpStep({ country, onCountryChange, onSignedIn }: { country: string; onCountryChange: (country: string) => void; onSignedIn: (answer: SignedInAnswer) => void }) {
  const host = useHost();
  const locale = useAtomValue(localeAtom);
  const t = useT();
  const [busy, setBusy] = useState(false);
  const form = useForm<SignUpValues>(
    EMPTY,
    {
      first_name: ['required', { rule: 'max', param: 100 }],
      last_name: [{ rule: 'max', param: 100 }],
      email: ['required', 'email', { rule: 'max', param: 254 }],
      // Optional; when typed, a real number with its country code.
      phone: [(v) => isBlankPhone(String(v ?? '')) || /^\+\d{9,15}$/.test(phoneToSend(String(v), country)) || { id: 'forms.validation.phone' }],
      password: ['required', { rule: 'min', param: PASSWORD_MIN }, { rule: 'max', param: PASSWORD_MAX }],
      confirm_password: ['required', { rule: 'confirmed', param: 'password' }],
      terms: ['required'],
    },
    { mode: 'passive' },
  );
  const err = (f: keyof SignUpValues) => errorText(form.errors[f], t);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || form.validate().length) return;
    const v = form.values;
    setBusy(true);
    try {
      const answer = await register(host.api, {
        first_name: v.first_name.trim(),
        ...(v.last_name.trim() ? { last_name: v.last_name.trim() } : {}),
        email: v.email.trim(),
        ...(isBlankPhone(v.phone) ? {} : { phone: phoneToSend(v.phone, country) }),
        password: v.password,
        confirm_password: v.confirm_password,
        timezone: utcOffsetHours(),
        favourites_tours_ids: deviceFavourites(host.store),
      });
      onSignedIn(answer);
    } catch (error) {
      applyServerErrors(error, host.toast, undefined, onForm(form));
      setBusy(false);
    }
  };

  return (
    <form className="acc-login__form" noValidate onSubmit={submit}>
      <TextField label={t('account.signup.firstName')} autoComplete="given-name" required autoFocus maxLength={100} error={err('first_name')} {...form.field('first_name')} />
      <TextField label={t('account.signup.lastName')} autoComplete="family-name" maxLength={100} error={err('last_name')} {...form.field('last_name')} />
      <TextField label={t('account.login.email')} type="email" autoComplete="email" inputMode="email" required maxLength={254} error={err('email')} {...form.field('email')} />
      <PhoneInput
        name="phone"
        label={t('account.signup.phone')}
        value={form.values.phone}
        onChange={(value: string) => form.change('phone', value)}
        onBlur={() => form.blur('phone')}
        country={country}
        onCountryChange={onCountryChange}
        locale={locale}
        t={t}
        error={err('phone')}
      />
      <TextField
        label={t('account.password.password')}
        type="password"
        autoComplete="new-password"
        required
        maxLength={PASSWORD_MAX}
        hint={t('account.signup.passwordHint', { min: PASSWORD_MIN })}
        error={err('password')}
        {...form.field('password')}
      />
      <TextField label={t('account.signup.confirm')} type="password" autoComplete="new-password" required maxLength={PASSWORD_MAX} error={err('confirm_password')} {...form.field('confirm_password')} />
      <TermsCheck checked={form.values.terms} error={err('terms')} onChange={(checked) => form.change('terms', checked)} />
      <Button type="submit" block loading={busy}>
        {t('account.signup.submit')}
      </Button>
      <p className="acc-login__notice">{t('account.login.captchaNotice')}</p>
    </form>
  );
}
