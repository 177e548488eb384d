import type { ChangeEvent } from 'react';
import { PASSWORD_MIN } from '@tours/shared/api';
import { TextField, errorText } from '@tours/shared/kit';
import { useT } from '../../i18n/t';

type ValidationMessage = Parameters<typeof errorText>[0];
type FieldProps = { name: string; value: string; onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void; onBlur: () => void };

/** The new password and its repetition (changing it in the settings, or setting it from a reset link). */
export function NewPasswordFields({ form }: {
  form: { errors: { password?: ValidationMessage; confirm_password?: ValidationMessage }; field: (name: 'password' | 'confirm_password') => FieldProps };
}) {
  const t = useT();
  return (
    <>
      <TextField
        label={t('account.changePassword.new')}
        hint={t('account.changePassword.newHint', { min: PASSWORD_MIN })}
        type="password"
        autoComplete="new-password"
        required
        error={errorText(form.errors.password, t)}
        {...form.field('password')}
      />
      <TextField label={t('account.changePassword.confirm')} type="password" autoComplete="new-password" required error={errorText(form.errors.confirm_password, t)} {...form.field('confirm_password')} />
    </>
  );
}
