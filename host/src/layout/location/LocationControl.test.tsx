import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { countryAtom, currencyAtom } from '@tours/shared/core';
import { LocationControl } from './LocationControl';
import { clearCookies, renderWithHost } from '../test-utils';

const RUSSIA = { id: 1, name: 'Russia', iso_code: 'RU' };

afterEach(() => {
  clearCookies();
  jest.useRealTimers();
});

describe('Location confirm dropdown', () => {
  it('opens by itself 500 ms after a country that did not come from the cookie', () => {
    jest.useFakeTimers();
    renderWithHost(<LocationControl />, { country: { ...RUSSIA, fromCookie: false } });
    const button = screen.getByRole('button', { name: 'Region: Russia' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    act(() => jest.advanceTimersByTime(499));
    expect(button).toHaveAttribute('aria-expanded', 'false');
    act(() => jest.advanceTimersByTime(1));
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const panel = screen.getByRole('dialog', { name: 'Your region' });
    expect(panel).toHaveTextContent("You're browsing the website for Russia");
    // It opened by itself: focus stays where the visitor is.
    expect(panel).not.toContainElement(document.activeElement as HTMLElement);
  });

  it('does not open by itself when the country came from the cookie', () => {
    jest.useFakeTimers();
    renderWithHost(<LocationControl />, { country: { ...RUSSIA, fromCookie: true } });
    act(() => jest.advanceTimersByTime(2000));
    expect(screen.getByRole('button', { name: 'Region: Russia' })).toHaveAttribute('aria-expanded', 'false');
  });

  it("'Ok' stores the country for 180 days", async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const t = renderWithHost(<LocationControl />, { country: { ...RUSSIA, fromCookie: false } });
    act(() => jest.advanceTimersByTime(500));
    const written = jest.spyOn(document, 'cookie', 'set');
    await user.click(screen.getByRole('button', { name: 'Ok' }));
    expect(written).toHaveBeenCalledWith(`current_country=${encodeURIComponent(JSON.stringify(RUSSIA))}; Max-Age=15552000; Path=/; SameSite=Lax`);
    written.mockRestore();
    expect(t.store.get(countryAtom)).toEqual({ ...RUSSIA, fromCookie: true });
    expect(screen.getByRole('button', { name: 'Region: Russia' })).toHaveAttribute('aria-expanded', 'false');
  });

  it("'Change region' opens the settings modal: country, language and currency", async () => {
    const user = userEvent.setup();
    const t = renderWithHost(<LocationControl />, { country: { ...RUSSIA, fromCookie: true } });
    await user.click(screen.getByRole('button', { name: 'Region: Russia' }));
    await user.click(screen.getByRole('button', { name: 'Change region' }));
    const dialog = screen.getByRole('dialog', { name: 'Region settings' });
    await within(dialog).findByRole('option', { name: 'United States' });
    await user.selectOptions(within(dialog).getByLabelText('Country'), 'United States');
    await user.selectOptions(within(dialog).getByLabelText('Language'), 'Deutsch');
    await user.selectOptions(within(dialog).getByLabelText('Currency'), 'EUR');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(t.store.get(countryAtom)).toEqual({ id: 31, name: 'United States', iso_code: 'US', fromCookie: true });
    expect(t.store.get(currencyAtom)).toBe('EUR');
    expect(t.navigate).toHaveBeenCalledWith('/de/visum');
    expect(document.cookie).toContain('i18n_redirected=de');
    expect(screen.queryByRole('dialog', { name: 'Region settings' })).not.toBeInTheDocument();
  });
});
