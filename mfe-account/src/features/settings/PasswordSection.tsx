import { useId } from 'react';
import { useHost } from '@tours/shared/core';
import { PASSWORD_MAX, PASSWORD_MIN } from '@tours/shared/api';
import { Button, TextField, errorText, useForm } from '@tours/shared/kit';
import { NewPasswordFields } from './PasswordFields';
import { useSettingsSubmit } from './useSettingsSubmit';
import { changePassword } from './api';
import { passwordChangeBody, type PasswordChangeValues } from './rules';
import { settingsFailure } from './session';
import { useT } from '../../i18n/t';

const EMPTY: PasswordChangeValues = { old_password: '', password: '', confirm_password: '' };

/**
 * Section 'Password': the current password (always shown, optional: only an account that has a password needs it,
 * and the server decides — 'Incorrect password'), the new one twice ('Do not match'). This session goes on; the
 * account's others end.
 */
export function PasswordSection({ token }: { token: string }) {
  const t = useT();
  const host = useHost();
  const headingId = useId();
  const form = useForm<PasswordChangeValues>(EMPTY, {
    old_password: [{ rule: 'max', param: PASSWORD_MAX }],
    password: ['required', { rule: 'min', param: PASSWORD_MIN }, { rule: 'max', param: PASSWORD_MAX }],
    confirm_password: ['required', { rule: 'confirmed', param: 'password' }],
  });

  const { saving, submit } = useSettingsSubmit(form, async () => {
    await changePassword(host.api, passwordChangeBody(form.values));
    for (const name of Object.keys(EMPTY) as Array<keyof PasswordChangeValues>) form.change(name, '');
    host.toast({ kind: 'success', messageId: 'account.changePassword.done' });
  }, (error) => settingsFailure(host, token, error));

  return (
    <section className="acc-settings__card" aria-labelledby={headingId}>
      <h2 id={headingId} className="acc-settings__title">
        {t('account.changePassword.title')}
      </h2>
      <form className="acc-settings__form" noValidate aria-labelledby={headingId} onSubmit={submit}>
        <TextField
          label={t('account.changePassword.old')}
          hint={t('account.changePassword.oldHint')}
          type="password"
          autoComplete="current-password"
          error={errorText(form.errors.old_password, t)}
          {...form.field('old_password')}
        />
        <NewPasswordFields form={form} />
        <Button type="submit" loading={saving}>
          {t('account.changePassword.submit')}
        </Button>
      </form>
    </section>
  );
}
