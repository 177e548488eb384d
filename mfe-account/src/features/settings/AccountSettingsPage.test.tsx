import { fireEvent, screen, within } from '@testing-library/react';
import { create } from 'superstruct';
import { ApiError, localeAtom, sessionAtom } from '@tours/shared/core';
import { ChangeCountryBody, SetLanguageBody } from '@tours/shared/api';
import { renderScreen } from '@tours/shared/src/testing';
import AccountSettingsPage from './AccountSettingsPage';
import { user } from './test-fixtures';
import { flush, openSettings as open } from './test-utils';

const form = (name: string) => screen.getByRole('form', { name });

describe('account settings (/account)', () => {
  test('without a session it offers to log in (the account/login modal)', () => {
    const t = renderScreen(<AccountSettingsPage />, { url: '/en/account' });
    expect(screen.getByText('Log in to see and change your profile.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(t.openModal).toHaveBeenCalledWith('account/login', { reason: 'login-required' });
  });

  test('one page of sections, each under its own heading', async () => {
    await open();
    expect(screen.getByRole('heading', { level: 1, name: 'Account settings' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Profile', 'E-mail', 'Phone', 'Password']);
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Photo', 'Name', 'Language', 'Country']);
    for (const name of ['Profile', 'E-mail', 'Phone', 'Password']) expect(screen.getByRole('region', { name })).toBeInTheDocument();
  });

  test('the profile: the empty-fields prompt, saving the name into the session', async () => {
    const t = await open(
      { 'POST /crm/api/user/update-profile': ({ body }: { body?: unknown }) => ({ user: user({ ...(body as object), is_email_set: true }) }) },
      { first_name: '', last_name: '', email: null, is_email_set: false },
    );
    expect(screen.getByText(/Please add your name and e-mail address/)).toHaveAttribute('role', 'status');
    const names = within(form('Name'));
    fireEvent.change(names.getByRole('textbox', { name: 'First name' }), { target: { value: ' Anna ' } });
    fireEvent.change(names.getByRole('textbox', { name: 'Last name' }), { target: { value: 'Ivanova' } });
    fireEvent.click(names.getByRole('button', { name: 'Save' }));
    await flush();
    expect(t.calls.at(-1)).toMatchObject({ method: 'POST', path: '/crm/api/user/update-profile', body: { first_name: 'Anna', last_name: 'Ivanova' } });
    expect(t.store.get(sessionAtom)).toMatchObject({ token: 'tok-1', profile: { first_name: 'Anna', last_name: 'Ivanova' } });
    expect(t.toast).toHaveBeenCalledWith({ kind: 'success', messageId: 'account.settings.saved' });
    expect(screen.queryByText(/Please add your name and e-mail address/)).not.toBeInTheDocument();
  });

  test('name: server field errors stay on their fields with what was typed', async () => {
    await open({ 'POST /crm/api/user/update-profile': () => new ApiError(422, '/crm/api/user/update-profile', 'Invalid', { last_name: 'Maximum 100 characters' }) });
    expect(screen.queryByText(/Please add your name/)).not.toBeInTheDocument();
    const names = within(form('Name'));
    fireEvent.change(names.getByRole('textbox', { name: 'Last name' }), { target: { value: 'Petrova' } });
    fireEvent.click(names.getByRole('button', { name: 'Save' }));
    await flush();
    expect(names.getByText('Maximum 100 characters')).toBeInTheDocument();
    expect(names.getByRole('textbox', { name: 'Last name' })).toHaveValue('Petrova');
  });

  test('language: the site\'s locales, saved with set-language; the page keeps its own locale', async () => {
    const t = await open({ 'POST /crm/api/user/set-language': ({ body }: { body?: unknown }) => ({ user: user({ language: (body as { language_code: string }).language_code }) }) });
    const language = within(form('Language'));
    const select = language.getByRole('combobox', { name: 'Language of our messages' });
    expect(select).toHaveValue('en');
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['中文', 'English', 'Deutsch', 'Русский']);
    expect(select).toHaveAccessibleDescription(/The site's language is chosen in the header/);
    fireEvent.change(select, { target: { value: 'de' } });
    fireEvent.click(language.getByRole('button', { name: 'Save' }));
    await flush();
    const call = t.calls.find((c) => c.path === '/crm/api/user/set-language')!;
    expect(create(call.body, SetLanguageBody)).toEqual({ language_code: 'de' });
    expect(t.toast).toHaveBeenCalledWith({ kind: 'success', messageId: 'account.settings.saved' });
    expect(t.store.get(localeAtom)).toBe('en');
    expect(screen.getByRole('heading', { level: 1, name: 'Account settings' })).toBeInTheDocument();
    expect(select).toHaveValue('de');
  });

  test('language: a server field error lands on the select, the choice kept', async () => {
    await open({ 'POST /crm/api/user/set-language': () => new ApiError(422, '/crm/api/user/set-language', 'Invalid', { language_code: 'One of en, cn, de, ru' }) });
    const language = within(form('Language'));
    const select = language.getByRole('combobox', { name: 'Language of our messages' });
    fireEvent.change(select, { target: { value: 'cn' } });
    fireEvent.click(language.getByRole('button', { name: 'Save' }));
    await flush();
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAccessibleDescription(/One of en, cn, de, ru/);
    expect(select).toHaveValue('cn');
  });

  test('country: the country list, saved with change-country (captcha)', async () => {
    const t = await open({ 'POST /crm/api/user/change-country': () => ({ user: user({ country: { id: 49, name: 'Germany', iso_code: 'DE' } }) }) });
    const country = within(form('Country'));
    const select = country.getByRole('combobox', { name: 'Your country' });
    expect(select).toHaveValue('');
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Not chosen', 'Russia', 'Germany', 'China']);
    fireEvent.click(country.getByRole('button', { name: 'Save' }));
    await flush();
    expect(country.getByText('Required field')).toBeInTheDocument();
    expect(t.calls.some((c) => c.path === '/crm/api/user/change-country')).toBe(false);
    fireEvent.change(select, { target: { value: '49' } });
    fireEvent.click(country.getByRole('button', { name: 'Save' }));
    await flush();
    const call = t.calls.find((c) => c.path === '/crm/api/user/change-country')!;
    expect(create(call.body, ChangeCountryBody)).toEqual({ country_id: 49 });
    expect(t.toast).toHaveBeenCalledWith({ kind: 'success', messageId: 'account.settings.saved' });
  });

  test('country: a server field error on the select, the choice kept', async () => {
    await open({ 'POST /crm/api/user/change-country': () => new ApiError(422, '/crm/api/user/change-country', 'Incorrect value', { country_id: 'Incorrect value' }) }, { country: { id: 1, name: 'Russia', iso_code: 'RU' } });
    const country = within(form('Country'));
    const select = country.getByRole('combobox', { name: 'Your country' });
    expect(select).toHaveValue('1');
    fireEvent.change(select, { target: { value: '86' } });
    fireEvent.click(country.getByRole('button', { name: 'Save' }));
    await flush();
    expect(select).toHaveAccessibleDescription('Incorrect value');
    expect(select).toHaveValue('86');
  });

  test('a token the server no longer knows ends the session: the page offers to log in', async () => {
    const t = await open({ 'GET /crm/api/user/profile': () => new ApiError(401, '/crm/api/user/profile', 'Unauthorized') });
    expect(t.store.get(sessionAtom)).toBeNull();
    expect(t.toast).toHaveBeenCalledWith({ kind: 'error', messageId: 'account.settings.sessionOver' });
    expect(screen.getByText('Log in to see and change your profile.')).toBeInTheDocument();
  });
});
