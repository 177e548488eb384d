import { StrictMode } from 'react';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { create } from 'superstruct';
import { ApiError, favouritesAtom, sessionAtom } from '@tours/shared/core';
import { OneTimeTokenBody, PasswordResetBody, ResetTokenBody } from '@tours/shared/src/api/schemas/accounts';
import { renderScreen, type FakeRoutes } from '@tours/shared/src/testing';
import type { Session } from '@tours/shared/core';
import AccountSettingsPage from './AccountSettingsPage';
import { countries, done, profileAnswer, session, signedIn } from './test-fixtures';

const ONE_TIME = 'POST /crm/api/user/access-token-by-one-time-token';
const CHECK = 'POST /crm/api/user/check-password-reset-token';
const RESET = 'POST /crm/api/user/password-reset';
const CONFIRM = 'POST /crm/api/user/confirm-email';
const expired = (path: string) => new ApiError(422, path, 'The link has expired. Request a new one', { token: 'The link has expired. Request a new one' });

const flush = () => act(async () => undefined);
const link = (name: string) => within(screen.getByRole('region', { name }));

async function open(url: string, routes: FakeRoutes = {}, options: { session?: Session; strict?: boolean } = {}) {
  const page = <AccountSettingsPage />;
  const t = renderScreen(options.strict ? <StrictMode>{page}</StrictMode> : page, {
    url,
    session: options.session ?? null,
    routes: {
      'GET /crm/api/user/profile': () => profileAnswer(),
      'GET /crm/api/dropdown/country': () => countries(),
      [ONE_TIME]: () => signedIn(),
      [CHECK]: () => ({ valid: true }),
      [RESET]: () => done(),
      [CONFIRM]: () => done(),
      ...routes,
    },
    prepare: (store) => store.set(favouritesAtom, [15]),
  });
  await flush();
  return t;
}

describe('?one_time_token= (the sign-in e-mail\'s link)', () => {
  test('signs in, once, and the token leaves the URL (history replace)', async () => {
    const t = await open('/en/account?one_time_token=tok_abc-1&utm_source=mail', {}, { strict: true });
    const calls = t.calls.filter((c) => `${c.method} ${c.path}` === ONE_TIME);
    expect(calls).toHaveLength(1);
    expect(create(calls[0]!.body, OneTimeTokenBody)).toEqual({ token: 'tok_abc-1', favourites_tours_ids: [15] });
    expect(t.navigate).toHaveBeenCalledWith('/en/account?utm_source=mail', { replace: true });
    expect(t.store.get(sessionAtom)).toEqual({ token: 'tok-link', profile: expect.objectContaining({ id: 42 }) });
    // The server merged the device's favourites (sent above) into the account's: the answer's list is the account's.
    expect(t.store.get(favouritesAtom)).toEqual([3409]);
    expect(link('Log in by link').getByRole('status')).toHaveTextContent('You are logged in.');
    // Signed in: the sections load.
    expect(screen.getByRole('region', { name: 'Profile' })).toBeInTheDocument();
  });

  test('an expired link: the API\'s words, no session, the token gone from the URL', async () => {
    const t = await open('/en/account?one_time_token=old', { [ONE_TIME]: () => expired('/crm/api/user/access-token-by-one-time-token') });
    expect(link('Log in by link').getByRole('alert')).toHaveTextContent('The link has expired. Request a new one');
    expect(t.store.get(sessionAtom)).toBeNull();
    expect(t.navigate).toHaveBeenCalledWith('/en/account', { replace: true });
    expect(screen.getByText('Log in to see and change your profile.')).toBeInTheDocument();
  });

  test('a token that cannot be one is refused without a call', async () => {
    const t = await open('/en/account?one_time_token=%3Cscript%3E');
    expect(t.calls.some((c) => c.path.includes('one-time-token'))).toBe(false);
    expect(link('Log in by link').getByRole('alert')).toHaveTextContent('This link is invalid or has expired. Request a new one.');
    expect(t.navigate).toHaveBeenCalledWith('/en/account', { replace: true });
  });

  test('no answer: Retry asks again with the same token', async () => {
    let fail = true;
    const t = await open('/en/account?one_time_token=tok1', { [ONE_TIME]: () => (fail ? new ApiError(0, '/x', 'Network error') : signedIn()) });
    fail = false;
    fireEvent.click(link('Log in by link').getByRole('button', { name: 'Retry' }));
    await flush();
    expect(t.calls.filter((c) => `${c.method} ${c.path}` === ONE_TIME).map((c) => c.body)).toEqual([{ token: 'tok1', favourites_tours_ids: [15] }, { token: 'tok1', favourites_tours_ids: [15] }]);
    expect(t.store.get(sessionAtom)?.token).toBe('tok-link');
  });
});

describe('?confirm_email_token= (the confirmation e-mail\'s link)', () => {
  test('confirms without a session; the token leaves the URL', async () => {
    const t = await open('/de/account?confirm_email_token=c-1');
    expect(t.calls.find((c) => `${c.method} ${c.path}` === CONFIRM)!.body).toEqual({ token: 'c-1' });
    expect(link('E-Mail-Bestätigung').getByRole('status')).toHaveTextContent('Ihre E-Mail-Adresse ist bestätigt.');
    expect(t.navigate).toHaveBeenCalledWith('/de/account', { replace: true });
  });

  test('with a session, the profile is loaded again (the address became the account\'s)', async () => {
    let email = 'anna@example.com';
    const t = await open('/en/account?confirm_email_token=c-1', {
      'GET /crm/api/user/profile': () => profileAnswer({ email }),
      [CONFIRM]: () => {
        email = 'new@example.com';
        return done();
      },
    }, { session });
    await flush();
    expect(t.calls.filter((c) => c.path === '/crm/api/user/profile').length).toBeGreaterThanOrEqual(2);
    expect(within(screen.getByRole('region', { name: 'E-mail' })).getByText('new@example.com')).toBeInTheDocument();
  });

  test.each([
    ['expired', () => expired('/crm/api/user/confirm-email'), 'The link has expired. Request a new one'],
    ['held by another account', () => new ApiError(409, '/crm/api/user/confirm-email', 'This e-mail is used by another account'), 'This e-mail is used by another account'],
  ])('%s: the message', async (_name, answer, text) => {
    const t = await open('/en/account?confirm_email_token=c-1', { [CONFIRM]: answer });
    expect(link('E-mail confirmation').getByRole('alert')).toHaveTextContent(text);
    expect(t.navigate).toHaveBeenCalledWith('/en/account', { replace: true });
  });
});

describe('?password_reset_token= (the recovery e-mail\'s link)', () => {
  const password = () => link('New password').getByLabelText(/^New password/);
  const repeat = () => link('New password').getByLabelText(/^Repeat the new password/);

  test('checked, then the new password, then the prompt to log in', async () => {
    const t = await open('/en/account?password_reset_token=r-1');
    expect(create(t.calls.find((c) => `${c.method} ${c.path}` === CHECK)!.body, ResetTokenBody)).toEqual({ token: 'r-1' });
    expect(t.navigate).toHaveBeenCalledWith('/en/account', { replace: true });
    fireEvent.change(password(), { target: { value: 'new-secret-1' } });
    fireEvent.change(repeat(), { target: { value: 'new-secret-2' } });
    fireEvent.click(link('New password').getByRole('button', { name: 'Save the password' }));
    await flush();
    expect(repeat()).toHaveAccessibleDescription('Do not match');
    expect(t.calls.some((c) => `${c.method} ${c.path}` === RESET)).toBe(false);
    fireEvent.change(repeat(), { target: { value: 'new-secret-1' } });
    fireEvent.click(link('New password').getByRole('button', { name: 'Save the password' }));
    await flush();
    expect(create(t.calls.find((c) => `${c.method} ${c.path}` === RESET)!.body, PasswordResetBody)).toEqual({ token: 'r-1', password: 'new-secret-1', confirm_password: 'new-secret-1' });
    expect(link('New password').getByRole('status')).toHaveTextContent('Your password has been changed. Log in with the new password.');
    fireEvent.click(link('New password').getByRole('button', { name: 'Log in' }));
    expect(t.openModal).toHaveBeenCalledWith('account/login', { reason: 'login-required' });
  });

  test('a dead link: the message, no form', async () => {
    const t = await open('/en/account?password_reset_token=r-1', { [CHECK]: () => ({ valid: false }) });
    expect(link('New password').getByRole('alert')).toHaveTextContent('This link is invalid or has expired. Request a new one.');
    expect(link('New password').queryByLabelText(/^New password/)).not.toBeInTheDocument();
    expect(t.navigate).toHaveBeenCalledWith('/en/account', { replace: true });
  });

  test('the link dies before saving: its message replaces the form', async () => {
    await open('/en/account?password_reset_token=r-1', { [RESET]: () => expired('/crm/api/user/password-reset') });
    fireEvent.change(password(), { target: { value: 'new-secret-1' } });
    fireEvent.change(repeat(), { target: { value: 'new-secret-1' } });
    fireEvent.click(link('New password').getByRole('button', { name: 'Save the password' }));
    await flush();
    expect(link('New password').getByRole('alert')).toHaveTextContent('The link has expired. Request a new one');
  });

  test('a server field error on its field, what was typed kept', async () => {
    await open('/en/account?password_reset_token=r-1', { [RESET]: () => new ApiError(422, '/crm/api/user/password-reset', 'Maximum 128 characters', { password: 'Maximum 128 characters' }) });
    fireEvent.change(password(), { target: { value: 'new-secret-1' } });
    fireEvent.change(repeat(), { target: { value: 'new-secret-1' } });
    fireEvent.click(link('New password').getByRole('button', { name: 'Save the password' }));
    await flush();
    expect(password()).toHaveAccessibleDescription(/Maximum 128 characters/);
    expect(password()).toHaveValue('new-secret-1');
    expect(repeat()).toHaveValue('new-secret-1');
  });

  test('the reset ended this device\'s session (the same account): it ends here too', async () => {
    let sessions = true;
    const t = await open('/en/account?password_reset_token=r-1', {
      'GET /crm/api/user/profile': () => (sessions ? profileAnswer() : new ApiError(401, '/crm/api/user/profile', 'Unauthorized')),
      [RESET]: () => {
        sessions = false;
        return done();
      },
    }, { session });
    fireEvent.change(password(), { target: { value: 'new-secret-1' } });
    fireEvent.change(repeat(), { target: { value: 'new-secret-1' } });
    fireEvent.click(link('New password').getByRole('button', { name: 'Save the password' }));
    await flush();
    expect(t.store.get(sessionAtom)).toBeNull();
    expect(link('New password').getByRole('button', { name: 'Log in' })).toBeInTheDocument();
  });
});
