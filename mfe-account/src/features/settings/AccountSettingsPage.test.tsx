import { act, fireEvent, screen } from '@testing-library/react';
import { create } from 'superstruct';
import { ApiError, sessionAtom } from '@tours/shared/core';
import { ProfileAnswer } from '@tours/shared/api';
import { renderScreen } from '@tours/shared/src/testing';
import AccountSettingsPage from './AccountSettingsPage';

const profile = (over: Partial<ProfileAnswer['profile']> = {}): ProfileAnswer =>
  create({ profile: { id: 42, first_name: '', last_name: '', email: null, is_email_set: false, phone: '+79991234567', country: null, language: 'en', currency: 'USD', is_admin_auth: false, ...over } }, ProfileAnswer);
const session = { token: 'tok-1', profile: { id: 42, first_name: '', last_name: '' } };
const flush = () => act(async () => undefined);

describe('account settings (/account)', () => {
  test('without a session it offers to log in (the account/login modal)', () => {
    const t = renderScreen(<AccountSettingsPage />, { url: '/en/account' });
    expect(screen.getByText('Log in to see and change your profile.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(t.openModal).toHaveBeenCalledWith('account/login', { reason: 'login-required' });
  });

  test('the profile: the empty-fields prompt, saving the name into the session', async () => {
    const t = renderScreen(<AccountSettingsPage />, {
      url: '/en/account',
      session,
      routes: {
        'GET /crm/api/user/profile': () => profile(),
        'POST /crm/api/user/update-profile': ({ body }: { body?: unknown }) => ({ user: profile({ ...(body as object), is_email_set: true }).profile }),
      },
    });
    await flush();
    expect(screen.getByRole('status')).toHaveTextContent('Please add your name and e-mail address');
    fireEvent.change(screen.getByRole('textbox', { name: 'First name' }), { target: { value: ' Anna ' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Last name' }), { target: { value: 'Ivanova' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await flush();
    expect(t.calls.at(-1)).toMatchObject({ method: 'POST', path: '/crm/api/user/update-profile', body: { first_name: 'Anna', last_name: 'Ivanova' } });
    expect(t.store.get(sessionAtom)).toMatchObject({ token: 'tok-1', profile: { first_name: 'Anna', last_name: 'Ivanova' } });
    expect(t.toast).toHaveBeenCalledWith({ kind: 'success', messageId: 'account.settings.saved' });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  test('server field errors stay on their fields with what was typed', async () => {
    renderScreen(<AccountSettingsPage />, {
      url: '/en/account',
      session,
      routes: {
        'GET /crm/api/user/profile': () => profile({ first_name: 'Anna', is_email_set: true }),
        'POST /crm/api/user/update-profile': () => new ApiError(422, '/crm/api/user/update-profile', 'Invalid', { last_name: 'Maximum 100 characters' }),
      },
    });
    await flush();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: 'Last name' }), { target: { value: 'Ivanova' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await flush();
    expect(screen.getByText('Maximum 100 characters')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Last name' })).toHaveValue('Ivanova');
  });
});
