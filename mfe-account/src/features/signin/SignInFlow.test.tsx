import { act, fireEvent, screen, within } from '@testing-library/react';
import { create } from 'superstruct';
import { ApiError, DEFAULT_SITE_SETTINGS, favouritesAtom, sessionAtom, siteSettingsAtom } from '@tours/shared/core';
import { AuthBody, AuthViaCodeBody, RegisterWithoutPasswordBody, SendAuthCodeBody } from '@tours/shared/api';
import { renderScreen, type FakeRoutes } from '@tours/shared/src/testing';
import { LoginModalContent } from '../../parcels/LoginModal';
import { browser } from './CodeStep';
import { MAX_FAVOURITES } from './flow';
import { sendAnswer, signedInAnswer } from './test-fixtures';

const REGISTER = 'POST /crm/api/user/register-without-password';
const SEND = 'POST /crm/api/user/send-auth-code';
const AUTH = 'POST /crm/api/user/auth-via-code';

function open(routes: FakeRoutes = {}, options: { mainAuthMethod?: 1 | 2; favourites?: number[] } = {}) {
  const close = jest.fn();
  const t = renderScreen(<LoginModalContent modal={{ close }} />, {
    routes: { [REGISTER]: () => sendAnswer(), [SEND]: () => sendAnswer(), [AUTH]: () => signedInAnswer(), ...routes },
    prepare: (store) => {
      store.set(siteSettingsAtom, { ...DEFAULT_SITE_SETTINGS, main_auth_method: options.mainAuthMethod ?? 1 });
      store.set(favouritesAtom, options.favourites ?? [15]);
    },
  });
  return { ...t, close };
}

const phoneField = () => screen.getByRole('textbox', { name: 'Phone number' });
const emailField = () => screen.getByRole('textbox', { name: 'E-mail' });
const terms = () => screen.getByRole('checkbox', { name: /I accept Terms and Conditions/ });
const codeField = () => screen.getByRole('textbox', { name: 'Code' });
const flush = () => act(async () => undefined);

/** Fills the phone and the terms and continues to the code step. */
async function toCodeStep(t: ReturnType<typeof open>, phone = '+7 999 123-45-67') {
  fireEvent.change(phoneField(), { target: { value: phone } });
  fireEvent.click(terms());
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
  await flush();
  return t;
}

describe('login / sign-up modal (accounts-and-comms §2, §4 Sign-in flow, §5)', () => {
  test('register step: title, segments, the phone field first (main_auth_method 1), terms links, captcha notice', () => {
    open();
    expect(screen.getByRole('heading', { name: 'Log in or sign up' })).toHaveAttribute('id', 'account-login-title');
    const segments = screen.getByRole('radiogroup', { name: 'Who are you?' });
    expect(within(segments).getByRole('radio', { name: 'I am a tourist' })).toBeChecked();
    expect(within(segments).getByRole('radio', { name: 'I provide tours' })).not.toBeChecked();
    expect(phoneField()).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'E-mail' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log in with email' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Terms and Conditions' })).toHaveAttribute('href', '/en/agreement');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/en/privacy');
    expect(screen.getByText(/protected by a captcha service/)).toBeInTheDocument();
  });

  test('main_auth_method 2 shows the e-mail field first', () => {
    open({}, { mainAuthMethod: 2 });
    expect(emailField()).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log in with phone number' })).toBeInTheDocument();
  });

  test('the author segment shows only the organizer login, in a new tab, in the visitor\'s locale', () => {
    open();
    fireEvent.click(screen.getByRole('radio', { name: 'I provide tours' }));
    const link = screen.getByRole('link', { name: /Login in as a travel expert/ });
    // /en/org (issue 29: /org, without the locale, led an English visitor to a page in Chinese).
    expect(link).toHaveAttribute('href', '/en/org');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  test('the toggle switches the field and clears the other one', () => {
    open({}, { mainAuthMethod: 2 });
    fireEvent.change(emailField(), { target: { value: 'anna@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in with phone number' }));
    expect(screen.queryByRole('textbox', { name: 'E-mail' })).not.toBeInTheDocument();
    fireEvent.change(phoneField(), { target: { value: '+7 999' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in with email' }));
    expect(emailField()).toHaveValue('');
    fireEvent.click(screen.getByRole('button', { name: 'Log in with phone number' }));
    expect(phoneField()).toHaveValue('');
  });

  test('validation is passive: nothing on input or blur, every rule on submit (Required field)', async () => {
    const t = open();
    fireEvent.change(phoneField(), { target: { value: '+7' } });
    fireEvent.blur(phoneField());
    expect(screen.queryByText('Required field')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await flush();
    expect(screen.getAllByText('Required field')).toHaveLength(2); // the phone (just a country code) and the terms
    expect(phoneField()).toHaveAttribute('aria-invalid', 'true');
    expect(terms()).toHaveAttribute('aria-invalid', 'true');
    expect(t.calls).toEqual([]);
    // Still passive: typing does not clear or re-check until the next submit.
    fireEvent.change(phoneField(), { target: { value: '+7 999' } });
    expect(screen.getAllByText('Required field')).toHaveLength(2);
    fireEvent.click(terms());
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await flush();
    expect(screen.getByText('Please enter a valid phone number')).toBeInTheDocument();
    expect(screen.queryByText('Required field')).not.toBeInTheDocument();
    expect(t.calls).toEqual([]);
  });

  test('an e-mail is required and must be valid when the method is e-mail', async () => {
    const t = open({}, { mainAuthMethod: 2 });
    fireEvent.click(terms());
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await flush();
    expect(screen.getByText('Required field')).toBeInTheDocument();
    fireEvent.change(emailField(), { target: { value: 'anna@' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await flush();
    expect(screen.getByText('Please enter a valid e-mail')).toBeInTheDocument();
    expect(t.calls).toEqual([]);
  });

  test('register → code step: the body of register-without-password, then the code step with its channels and countdown', async () => {
    const t = await toCodeStep(open({}, { favourites: [3409, 15] }));
    const call = t.calls.find((c) => `${c.method} ${c.path}` === REGISTER)!;
    expect(create(call.body, RegisterWithoutPasswordBody)).toEqual({
      phone: '+79991234567', timezone: expect.any(Number), favourites_tours_ids: [3409, 15], is_quick_register: true, code_sender: 'sms',
    });
    expect(screen.getByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Back/ })).toBeInTheDocument();
    expect(screen.queryByRole('radiogroup', { name: 'Who are you?' })).not.toBeInTheDocument();
    expect(screen.getByText('Enter the code we sent to +79991234567')).toBeInTheDocument();
    expect(codeField()).toHaveAttribute('inputmode', 'numeric');
    expect(codeField()).toHaveAttribute('autocomplete', 'one-time-code');
    expect(codeField()).toHaveAttribute('maxlength', '5');
    const channels = screen.getByRole('group', { name: 'Send the code via' });
    expect(within(channels).getByRole('radio', { name: 'SMS' })).toBeChecked();
    expect(within(channels).getByRole('radio', { name: 'Telegram' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Send the code again in 60 seconds' })).toBeDisabled();
  });

  test('at most 500 favourites go with the sign-in (the calls\' limit)', async () => {
    const many = Array.from({ length: 520 }, (_, i) => i + 1);
    const t = await toCodeStep(open({}, { favourites: many }));
    expect(t.calls[0]!.body).toMatchObject({ favourites_tours_ids: many.slice(0, MAX_FAVOURITES) });
    expect(MAX_FAVOURITES).toBe(500);
  });

  test('an e-mail login with a masked address', async () => {
    const t = open({ [REGISTER]: () => sendAnswer({ masked_email: 'a***@example.com', verification_methods: [{ type: 'email', is_default: true }] }) }, { mainAuthMethod: 2 });
    fireEvent.change(emailField(), { target: { value: ' anna@example.com ' } });
    fireEvent.click(terms());
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await flush();
    expect(t.calls[0]!.body).toMatchObject({ email: 'anna@example.com', code_sender: 'email' });
    expect(screen.getByText('Enter the code we sent to a***@example.com')).toBeInTheDocument();
    // One channel: nothing to choose.
    expect(screen.queryByRole('group', { name: 'Send the code via' })).not.toBeInTheDocument();
  });

  test('a code that could not be sent shows on the field (send_error_reason) and what was typed stays', async () => {
    const t = await toCodeStep(open({ [REGISTER]: () => sendAnswer({ is_registered: false, error: 'Too many codes for this number' }) }));
    expect(screen.getByText('Too many codes for this number')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Log in or sign up' })).toBeInTheDocument();
    expect(phoneField()).toHaveValue('+7 999 123-45-67');
    expect(terms()).toBeChecked();
    expect(t.toast).not.toHaveBeenCalled();
  });

  test('server field errors land on the field, the general message is a toast', async () => {
    const error = new ApiError(422, '/crm/api/user/register-without-password', 'The request is invalid', { send_error_reason: 'SMS are not delivered to this country' });
    const t = await toCodeStep(open({ [REGISTER]: () => error }));
    expect(screen.getByText('SMS are not delivered to this country')).toBeInTheDocument();
    expect(t.toast).toHaveBeenCalledWith({ kind: 'error', text: 'The request is invalid' });
    expect(phoneField()).toHaveValue('+7 999 123-45-67');
  });

  test('a wrong code shows on the field and keeps the code typed', async () => {
    const t = await toCodeStep(open({ [AUTH]: () => new ApiError(422, '/crm/api/user/auth-via-code', 'Wrong code') }));
    fireEvent.change(codeField(), { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await flush();
    expect(screen.getByText('Wrong code')).toBeInTheDocument();
    expect(codeField()).toHaveValue('12345');
    expect(codeField()).toHaveAttribute('aria-invalid', 'true');
    expect(t.toast).not.toHaveBeenCalled();
    expect(t.close).not.toHaveBeenCalled();
    expect(t.store.get(sessionAtom)).toBeNull();
  });

  test("the API's 'Incorrect code' (a field error, repeated as its message) shows once: on the field, no toast (issue 29)", async () => {
    const t = await toCodeStep(open({ [AUTH]: () => new ApiError(422, '/crm/api/user/auth-via-code', 'Incorrect code', { code: 'Incorrect code' }) }));
    fireEvent.change(codeField(), { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await flush();
    expect(screen.getAllByText('Incorrect code')).toHaveLength(1);
    expect(codeField()).toHaveAccessibleDescription('Incorrect code');
    expect(t.toast).not.toHaveBeenCalled();
  });

  test('the code: digits only, required, 5 digits; a paste only of exactly 5 digits', async () => {
    const t = await toCodeStep(open());
    fireEvent.change(codeField(), { target: { value: '1a2' } });
    expect(codeField()).toHaveValue('12');
    fireEvent.paste(codeField(), { clipboardData: { getData: () => '123456' } });
    expect(codeField()).toHaveValue('12');
    fireEvent.paste(codeField(), { clipboardData: { getData: () => 'abcde' } });
    expect(codeField()).toHaveValue('12');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await flush();
    expect(screen.getByText('Minimum 5 characters')).toBeInTheDocument();
    expect(t.calls.some((c) => c.path === '/crm/api/user/auth-via-code')).toBe(false);
    fireEvent.paste(codeField(), { clipboardData: { getData: () => ' 54321\n' } });
    expect(codeField()).toHaveValue('54321');
  });

  test('success: the session goes into the store with the account favourites, and the modal closes', async () => {
    const t = await toCodeStep(open({}, { favourites: [15] }));
    fireEvent.change(codeField(), { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await flush();
    const call = t.calls.find((c) => `${c.method} ${c.path}` === AUTH)!;
    expect(create(call.body, AuthViaCodeBody)).toEqual({ login: '+79991234567', code: '12345', verify_method: 'sms', favourites_tours_ids: [15] });
    expect(t.store.get(sessionAtom)).toEqual({ token: 'tok-123', profile: expect.objectContaining({ id: 42, first_name: 'Anna' }) });
    expect(t.store.get(favouritesAtom)).toEqual([3409, 15]);
    expect(t.close).toHaveBeenCalledWith({ signedIn: true });
  });

  test('a failure of type redirect with a url is followed', async () => {
    const assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const t = await toCodeStep(open({ [AUTH]: () => new ApiError(403, '/crm/api/user/auth-via-code', 'Redirect', {}, { type: 'redirect', url: 'https://org.example.com/cabinet' }) }));
    fireEvent.change(codeField(), { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await flush();
    expect(assign).toHaveBeenCalledWith('https://org.example.com/cabinet');
    expect(t.toast).not.toHaveBeenCalled();
    expect(t.close).not.toHaveBeenCalled();
    assign.mockRestore();
  });

  test('another channel resends through it and becomes the verify method', async () => {
    const t = await toCodeStep(open());
    fireEvent.click(screen.getByRole('radio', { name: 'Telegram' }));
    await flush();
    const send = t.calls.find((c) => `${c.method} ${c.path}` === SEND)!;
    expect(create(send.body, SendAuthCodeBody)).toEqual({ login: '+79991234567', code_sender: 'telegram' });
    expect(screen.getByRole('radio', { name: 'Telegram' })).toBeChecked();
    expect(screen.getByRole('status')).toHaveTextContent('A new code has been sent.');
    fireEvent.change(codeField(), { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await flush();
    expect(t.calls.find((c) => `${c.method} ${c.path}` === AUTH)!.body).toMatchObject({ verify_method: 'telegram' });
  });

  test.each(['Back', 'Cancel'])('%s returns to the register step with the phone kept', async (name) => {
    await toCodeStep(open());
    fireEvent.click(screen.getByRole('button', { name: new RegExp(`^(← )?${name}$`) }));
    expect(screen.getByRole('heading', { name: 'Log in or sign up' })).toBeInTheDocument();
    expect(phoneField()).toHaveValue('+7 999 123-45-67');
  });
});

describe('resend countdown (§4: 60 s, ticking every second; restarts only when a code was sent)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  test('ticks, unlocks at 0, restarts on a sent code and not on a failed one', async () => {
    let sent = true;
    const t = await toCodeStep(open({ [SEND]: () => sendAnswer({ is_verification_code_sent: sent, error: sent ? null : 'Try again later' }) }));
    const resend = () => screen.getByRole('button', { name: /^Send the code again/ });
    expect(resend()).toHaveTextContent('Send the code again in 60 seconds');
    act(() => void jest.advanceTimersByTime(1000));
    expect(resend()).toHaveTextContent('Send the code again in 59 seconds');
    act(() => void jest.advanceTimersByTime(58_000));
    expect(resend()).toHaveTextContent('Send the code again in 1 second');
    act(() => void jest.advanceTimersByTime(1000));
    expect(resend()).toHaveTextContent(/^Send the code again$/);
    expect(resend()).toBeEnabled();
    act(() => void jest.advanceTimersByTime(5000));
    expect(resend()).toHaveTextContent(/^Send the code again$/);

    fireEvent.click(resend());
    await flush();
    expect(t.calls.filter((c) => c.path === '/crm/api/user/send-auth-code')).toHaveLength(1);
    expect(t.calls.at(-1)!.body).toEqual({ login: '+79991234567', code_sender: 'sms' });
    expect(resend()).toHaveTextContent('Send the code again in 60 seconds');
    expect(resend()).toBeDisabled();
    act(() => void jest.advanceTimersByTime(60_000));
    expect(resend()).toBeEnabled();

    sent = false;
    fireEvent.click(resend());
    await flush();
    expect(resend()).toHaveTextContent(/^Send the code again$/);
    expect(resend()).toBeEnabled();
    expect(screen.getByText('Try again later')).toBeInTheDocument();
  });

  test.each(['Back', 'Cancel'])('%s then Continue inside the 60 s goes back to the code sent, no second code; after it a new one (issue 29)', async (name) => {
    const t = await toCodeStep(open());
    const registers = () => t.calls.filter((c) => `${c.method} ${c.path}` === REGISTER);
    act(() => void jest.advanceTimersByTime(10_000));
    fireEvent.click(screen.getByRole('button', { name: new RegExp(`^(← )?${name}$`) }));
    act(() => void jest.advanceTimersByTime(10_000));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await flush();
    expect(registers()).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Send the code again/ })).toHaveTextContent('Send the code again in 40 seconds');
    // Another number is another login: its own code at once.
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.change(phoneField(), { target: { value: '+7 999 123-45-68' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await flush();
    expect(registers()).toHaveLength(2);
    expect(screen.getByRole('button', { name: /^Send the code again/ })).toHaveTextContent('Send the code again in 60 seconds');
  });

  test('once the countdown has run out, Continue sends a new code', async () => {
    const t = await toCodeStep(open());
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    act(() => void jest.advanceTimersByTime(60_000));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await flush();
    expect(t.calls.filter((c) => `${c.method} ${c.path}` === REGISTER)).toHaveLength(2);
    expect(screen.getByRole('button', { name: /^Send the code again/ })).toHaveTextContent('Send the code again in 60 seconds');
  });
});

describe('password sign-in and recovery (the secondary way in)', () => {
  const AUTH_PASSWORD = 'POST /crm/api/user/auth';
  const RECOVERY = 'POST /crm/api/user/password-recovery';
  const loginField = () => screen.getByRole('textbox', { name: 'E-mail or phone number' });
  // A password input has no role: found by its label.
  const passwordField = () => screen.getByLabelText(/^Password/);
  const toPasswordStep = () => fireEvent.click(screen.getByRole('button', { name: 'Log in with a password' }));

  test('the code flow stays the default; the link opens the password form with the typed login', () => {
    open({}, { mainAuthMethod: 2 });
    expect(screen.getByRole('heading', { name: 'Log in or sign up' })).toBeInTheDocument();
    fireEvent.change(emailField(), { target: { value: ' anna@example.com ' } });
    toPasswordStep();
    expect(screen.getByRole('heading', { name: 'Log in with a password' })).toHaveAttribute('id', 'account-login-title');
    expect(screen.queryByRole('radiogroup', { name: 'Who are you?' })).not.toBeInTheDocument();
    expect(loginField()).toHaveValue('anna@example.com');
    expect(passwordField()).toHaveAttribute('type', 'password');
    expect(passwordField()).toHaveAttribute('autocomplete', 'current-password');
    fireEvent.click(screen.getByRole('button', { name: /Back/ }));
    expect(screen.getByRole('heading', { name: 'Log in or sign up' })).toBeInTheDocument();
    expect(emailField()).toHaveValue('anna@example.com');
  });

  test('success: auth with the login and the password, the session, the modal closes', async () => {
    const t = open({ [AUTH_PASSWORD]: () => signedInAnswer() }, { favourites: [15, 77] });
    toPasswordStep();
    fireEvent.change(loginField(), { target: { value: '+7 (999) 123-45-67' } });
    fireEvent.change(passwordField(), { target: { value: 'secret-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await flush();
    const call = t.calls.find((c) => `${c.method} ${c.path}` === AUTH_PASSWORD)!;
    expect(create(call.body, AuthBody)).toEqual({ login: '+79991234567', password: 'secret-pass', favourites_tours_ids: [15, 77] });
    expect(t.store.get(sessionAtom)).toEqual({ token: 'tok-123', profile: expect.objectContaining({ id: 42 }) });
    // The call takes no favourites: the device's stay next to the account's.
    expect(t.store.get(favouritesAtom)).toEqual([3409, 15, 77]);
    expect(t.close).toHaveBeenCalledWith({ signedIn: true });
  });

  test('checked before sending (passive): required, a login must be an e-mail or a phone', async () => {
    const t = open();
    toPasswordStep();
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await flush();
    expect(screen.getAllByText('Required field')).toHaveLength(2);
    fireEvent.change(loginField(), { target: { value: 'anna' } });
    fireEvent.change(passwordField(), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await flush();
    expect(loginField()).toHaveAccessibleDescription(/Please enter an e-mail or a phone number with the country code/);
    expect(t.calls).toEqual([]);
  });

  test('a wrong pair: the server\'s message, what was typed kept, no session', async () => {
    const t = open({ [AUTH_PASSWORD]: () => new ApiError(422, '/crm/api/user/auth', 'Incorrect login or password') });
    toPasswordStep();
    fireEvent.change(loginField(), { target: { value: 'anna@example.com' } });
    fireEvent.change(passwordField(), { target: { value: 'wrong-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await flush();
    expect(screen.getByRole('alert')).toHaveTextContent('Incorrect login or password');
    expect(loginField()).toHaveValue('anna@example.com');
    expect(passwordField()).toHaveValue('wrong-pass');
    expect(t.store.get(sessionAtom)).toBeNull();
    expect(t.close).not.toHaveBeenCalled();
    expect(t.toast).not.toHaveBeenCalled();
  });

  test.each([
    ['https://org.example.com/cabinet', 'https://org.example.com/cabinet'],
    ['javascript:alert(1)', null],
  ])('a failure of type redirect to %p is followed only when safe', async (url, followed) => {
    const assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const t = open({ [AUTH_PASSWORD]: () => new ApiError(403, '/crm/api/user/auth', 'Redirect', {}, { type: 'redirect', url }) });
    toPasswordStep();
    fireEvent.change(loginField(), { target: { value: 'anna@example.com' } });
    fireEvent.change(passwordField(), { target: { value: 'secret-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await flush();
    if (followed) expect(assign).toHaveBeenCalledWith(followed);
    else expect(assign).not.toHaveBeenCalled();
    expect(t.close).not.toHaveBeenCalled();
    assign.mockRestore();
  });

  test('forgot the password: the e-mail, the same message for any address, back to the password form', async () => {
    const t = open({ [RECOVERY]: () => ({ success: true }) });
    toPasswordStep();
    fireEvent.change(loginField(), { target: { value: 'anna@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    expect(screen.getByRole('heading', { name: 'Password recovery' })).toBeInTheDocument();
    const email = screen.getByRole('textbox', { name: 'E-mail' });
    expect(email).toHaveValue('anna@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    await flush();
    expect(t.calls.find((c) => `${c.method} ${c.path}` === RECOVERY)!.body).toEqual({ email: 'anna@example.com' });
    expect(screen.getByRole('status')).toHaveTextContent('If an account exists for this address, we have sent a link to reset the password.');
    fireEvent.click(screen.getByRole('button', { name: 'Back to log in' }));
    expect(screen.getByRole('heading', { name: 'Log in with a password' })).toBeInTheDocument();
    expect(loginField()).toHaveValue('anna@example.com');
  });

  test('recovery: a server field error on the address, what was typed kept', async () => {
    open({ [RECOVERY]: () => new ApiError(422, '/crm/api/user/password-recovery', 'Please enter a valid e-mail', { email: 'Please enter a valid e-mail' }) });
    toPasswordStep();
    fireEvent.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    const email = screen.getByRole('textbox', { name: 'E-mail' });
    fireEvent.change(email, { target: { value: 'anna@example.c' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    await flush();
    expect(email).toHaveAccessibleDescription('Please enter a valid e-mail');
    expect(email).toHaveValue('anna@example.c');
  });
});

describe('sign up with a password (issue 29: POST /crm/api/user/register had no screen)', () => {
  const REGISTER_PASSWORD = 'POST /crm/api/user/register';
  const toSignUp = () => {
    fireEvent.click(screen.getByRole('button', { name: 'Log in with a password' }));
    fireEvent.click(screen.getByRole('button', { name: 'No account yet? Sign up with a password' }));
  };
  const field = (name: string | RegExp) => screen.getByLabelText(name);
  const signUpTerms = () => screen.getByRole('checkbox', { name: /I accept Terms and Conditions/ });
  /** The password twice and the terms accepted, then sent. */
  const sendSignUp = async () => {
    fireEvent.change(field(/^Password/), { target: { value: 'secret-pass' } });
    fireEvent.change(field(/^Repeat the password/), { target: { value: 'secret-pass' } });
    fireEvent.click(signUpTerms());
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    await flush();
  };

  test('the form: names, e-mail, an optional phone, the password twice, terms; checked on submit', async () => {
    const t = open();
    toSignUp();
    expect(screen.getByRole('heading', { name: 'Sign up with a password' })).toHaveAttribute('id', 'account-login-title');
    expect(field(/^First name/)).toHaveAttribute('autocomplete', 'given-name');
    expect(field(/^Password/)).toHaveAttribute('autocomplete', 'new-password');
    expect(field(/^Password/)).toHaveAccessibleDescription('At least 8 characters');
    expect(screen.getByText(/protected by a captcha service/)).toBeInTheDocument();
    fireEvent.change(field(/^Password/), { target: { value: 'short' } });
    fireEvent.change(field(/^Repeat the password/), { target: { value: 'other' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    await flush();
    expect(field(/^First name/)).toHaveAccessibleDescription('Required field');
    expect(field(/^E-mail/)).toHaveAccessibleDescription('Required field');
    expect(field(/^Password/)).toHaveAccessibleDescription('At least 8 characters Minimum 8 characters');
    expect(field(/^Repeat the password/)).toHaveAccessibleDescription('Do not match');
    expect(signUpTerms()).toHaveAttribute('aria-invalid', 'true');
    expect(t.calls).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: /Back/ }));
    expect(screen.getByRole('heading', { name: 'Log in with a password' })).toBeInTheDocument();
  });

  test('register with the fields, the timezone and the device\'s favourites; signed in, the modal closes', async () => {
    const t = open({ [REGISTER_PASSWORD]: () => signedInAnswer({ favourites_tours_ids: [15, 77] }) }, { favourites: [15] });
    toSignUp();
    fireEvent.change(field(/^First name/), { target: { value: ' Anna ' } });
    fireEvent.change(field(/^Last name/), { target: { value: 'Ivanova' } });
    fireEvent.change(field(/^E-mail/), { target: { value: 'anna@example.com' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Phone number/ }), { target: { value: '+7 999 123-45-67' } });
    await sendSignUp();
    const call = t.calls.find((c) => `${c.method} ${c.path}` === REGISTER_PASSWORD)!;
    expect(call.body).toEqual({
      first_name: 'Anna', last_name: 'Ivanova', email: 'anna@example.com', phone: '+79991234567', password: 'secret-pass', confirm_password: 'secret-pass',
      timezone: expect.any(Number), favourites_tours_ids: [15],
    });
    expect(t.store.get(sessionAtom)).toEqual({ token: 'tok-123', profile: expect.objectContaining({ id: 42 }) });
    expect(t.store.get(favouritesAtom)).toEqual([15, 77]);
    expect(t.close).toHaveBeenCalledWith({ signedIn: true });
  });

  test('an e-mail that has an account: on the field once, what was typed stays', async () => {
    const taken = new ApiError(422, '/crm/api/user/register', 'An account with this e-mail already exists', { email: 'An account with this e-mail already exists' });
    const t = open({ [REGISTER_PASSWORD]: () => taken });
    toSignUp();
    fireEvent.change(field(/^First name/), { target: { value: 'Anna' } });
    fireEvent.change(field(/^E-mail/), { target: { value: 'anna@example.com' } });
    await sendSignUp();
    expect(field(/^E-mail/)).toHaveAccessibleDescription('An account with this e-mail already exists');
    expect(t.toast).not.toHaveBeenCalled();
    expect(field(/^E-mail/)).toHaveValue('anna@example.com');
    expect(t.close).not.toHaveBeenCalled();
  });
});
