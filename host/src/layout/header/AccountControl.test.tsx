import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sessionAtom } from '@tours/shared/core';
import { AccountControl } from './AccountControl';
import { SESSION, renderWithHost } from '../test-utils';

describe('Header account control (accounts-and-comms §2)', () => {
  it("logged out: 'Log in' opens the login modal", async () => {
    const user = userEvent.setup();
    const t = renderWithHost(<AccountControl />);
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(t.openModal).toHaveBeenCalledWith('account/login', { reason: 'header' });
  });

  it("logged in: the display name (last name, then first), 'Account settings', and 'Log out' that revokes the token and ends the session", async () => {
    const user = userEvent.setup();
    const t = renderWithHost(<AccountControl />, { session: { ...SESSION, profile: { ...SESSION.profile, is_email_set: true } }, routes: { 'POST /crm/api/user/logout': { success: true } } });
    await user.click(screen.getByRole('button', { name: 'Account: Lee Anna' }));
    expect(screen.getByRole('link', { name: 'Account settings' })).toHaveAttribute('href', '/en/account');
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    expect(t.store.get(sessionAtom)).toBeNull();
    expect(t.calls.map((c) => `${c.method} ${c.path}`)).toContain('POST /crm/api/user/logout');
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
  });

  it("a profile with empty fields is prompted: 'Complete your profile'", async () => {
    const user = userEvent.setup();
    renderWithHost(<AccountControl />, { session: { token: 'tok-0123456789abcdef', profile: { id: 9, first_name: '', last_name: '', phone: '+79990001122', is_email_set: false } } });
    await user.click(screen.getByRole('button', { name: 'Account: +79990001122' }));
    expect(screen.getByRole('link', { name: 'Complete your profile' })).toBeInTheDocument();
  });

  it('the profile photo stands for the person icon when there is one', () => {
    const photo = '/media/uploads/0123456789abcdef0123456789abcdef.jpg';
    const withPhoto = renderWithHost(<AccountControl />, { session: { ...SESSION, profile: { ...SESSION.profile, avatar_url: photo } } });
    const img = screen.getByRole('button', { name: 'Account: Lee Anna' }).querySelector('img');
    expect(img).toHaveAttribute('src', photo);
    expect(img).toHaveAttribute('alt', '');
    withPhoto.unmount();
    renderWithHost(<AccountControl />, { session: SESSION });
    expect(screen.getByRole('button', { name: 'Account: Lee Anna' }).querySelector('img')).toBeNull();
  });

  it('a failed logout call still ends the session on this device', async () => {
    const user = userEvent.setup();
    const t = renderWithHost(<AccountControl />, { session: SESSION, routes: { 'POST /crm/api/user/logout': () => { throw new Error('down'); } } });
    await user.click(screen.getByRole('button', { name: /^Account:/ }));
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    expect(t.store.get(sessionAtom)).toBeNull();
  });
});
