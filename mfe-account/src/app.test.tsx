import { screen } from '@testing-library/react';
import { renderScreen } from '@tours/shared/src/testing';
import AccountSettingsPage from './features/settings/AccountSettingsPage';
import { LoginModalContent, modal as loginSpec } from './parcels/LoginModal';
import { CaptchaModalContent, modal as captchaSpec } from './parcels/CaptchaModal';

describe('mfe-account screens', () => {
  test('account settings has its title in each locale', () => {
    renderScreen(<AccountSettingsPage />, { url: '/ru/account' });
    expect(screen.getByRole('heading', { level: 1, name: 'Настройки профиля' })).toBeInTheDocument();
  });

  test.each([
    ['en', 'Log in or sign up'],
    ['ru', 'Вход или регистрация'],
    ['de', 'Anmelden oder registrieren'],
    ['cn', '登录或注册'],
  ] as const)('the login parcel (%s) is titled by its labelId, 445 wide', (locale, title) => {
    renderScreen(<LoginModalContent modal={{ close: jest.fn() }} />, { url: `/${locale}` });
    expect(screen.getByRole('heading', { name: title })).toHaveAttribute('id', loginSpec.labelId);
    expect(loginSpec.width).toBe(445);
  });

  test('the captcha parcel is titled by its labelId, 370 wide (§9)', () => {
    renderScreen(<CaptchaModalContent type="captcha" action="user/auth" modal={{ close: jest.fn() }} />);
    expect(screen.getByRole('heading', { name: "Confirm that you aren't a robot" })).toHaveAttribute('id', captchaSpec.labelId);
    expect(captchaSpec.width).toBe(370);
  });
});
