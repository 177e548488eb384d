import { act, fireEvent, screen, within } from '@testing-library/react';
import { create } from 'superstruct';
import { ApiError } from '@tours/shared/core';
import { ChangePasswordBody } from '@tours/shared/api';
import { renderScreen, type FakeRoutes } from '@tours/shared/src/testing';
import { PasswordSection } from './PasswordSection';
import { done, session } from './test-fixtures';

const flush = () => act(async () => undefined);
const section = () => within(screen.getByRole('region', { name: 'Password' }));
// Password inputs have no role: they are found by their label.
const field = (label: string) => section().getByLabelText(new RegExp(`^${label}`));

function open(routes: FakeRoutes = {}) {
  return renderScreen(<PasswordSection token="tok-1" />, { url: '/en/account', session, routes: { 'POST /crm/api/user/change-password': () => done(), ...routes } });
}

function fill(values: { old?: string; password: string; confirm: string }) {
  if (values.old !== undefined) fireEvent.change(field('Current password'), { target: { value: values.old } });
  fireEvent.change(field('New password'), { target: { value: values.password } });
  fireEvent.change(field('Repeat the new password'), { target: { value: values.confirm } });
  fireEvent.click(section().getByRole('button', { name: 'Change password' }));
}

describe('password section', () => {
  test('the current password is optional, with its hint; without it the body has none', async () => {
    const t = open();
    expect(field('Current password')).not.toBeRequired();
    expect(field('Current password')).toHaveAccessibleDescription(/Leave it empty if you have never set a password/);
    expect(field('New password')).toHaveAccessibleDescription('At least 8 characters');
    fill({ password: 'new-secret-1', confirm: 'new-secret-1' });
    await flush();
    const call = t.calls.find((c) => c.path === '/crm/api/user/change-password')!;
    expect(create(call.body, ChangePasswordBody)).toEqual({ password: 'new-secret-1', confirm_password: 'new-secret-1' });
    expect(t.toast).toHaveBeenCalledWith({ kind: 'success', messageId: 'account.changePassword.done' });
    expect(field('New password')).toHaveValue('');
  });

  test('with the current password; \'Incorrect password\' lands on it, everything typed kept', async () => {
    const t = open({ 'POST /crm/api/user/change-password': () => new ApiError(422, '/crm/api/user/change-password', 'Incorrect password', { old_password: 'Incorrect password' }) });
    fill({ old: 'old-secret', password: 'new-secret-1', confirm: 'new-secret-1' });
    await flush();
    expect(t.calls[0]!.body).toEqual({ old_password: 'old-secret', password: 'new-secret-1', confirm_password: 'new-secret-1' });
    expect(field('Current password')).toHaveAccessibleDescription(/Incorrect password/);
    expect(field('Current password')).toHaveValue('old-secret');
    expect(field('New password')).toHaveValue('new-secret-1');
  });

  test('\'Do not match\' from the server lands on the repeat field', async () => {
    open({ 'POST /crm/api/user/change-password': () => new ApiError(422, '/crm/api/user/change-password', 'Do not match', { confirm_password: 'Do not match' }) });
    fill({ password: 'new-secret-1', confirm: 'new-secret-1' });
    await flush();
    expect(field('Repeat the new password')).toHaveAccessibleDescription('Do not match');
  });

  test('checked before sending: at least 8 characters, the repeat matching', async () => {
    const t = open();
    fill({ password: 'short', confirm: 'other' });
    await flush();
    expect(field('New password')).toHaveAccessibleDescription(/Minimum 8 characters/);
    expect(field('Repeat the new password')).toHaveAccessibleDescription('Do not match');
    expect(t.calls).toEqual([]);
  });
});
