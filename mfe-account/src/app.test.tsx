import { screen } from '@testing-library/react';
import { renderScreen } from '@tours/shared/src/testing';
import AccountSettingsPage from './features/settings/AccountSettingsPage';
import { LoginModalContent } from './parcels/LoginModal';

describe('mfe-account screens', () => {
  test('account settings has its title in each locale', () => {
    renderScreen(<AccountSettingsPage />, { url: '/ru/account' });
    expect(screen.getByRole('heading', { level: 1, name: 'Настройки профиля' })).toBeInTheDocument();
  });
  test('the login parcel is titled and closes through the host', () => {
    const close = jest.fn();
    renderScreen(<LoginModalContent modal={{ close }} />);
    expect(screen.getByRole('heading', { name: 'Log in or sign up' })).toBeInTheDocument();
    screen.getByRole('button', { name: 'Close' }).click();
    expect(close).toHaveBeenCalledTimes(1);
  });
});
