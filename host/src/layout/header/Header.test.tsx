import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currencyAtom } from '@tours/shared/core';
import { Header } from './Header';
import { clearCookies, mockMatchMedia, renderWithHost } from '../test-utils';

const renderHeader = (path: string, options: Parameters<typeof renderWithHost>[1] = {}) =>
  renderWithHost(<Header menuOpen={false} onOpenMenu={() => undefined} menuId="menu" />, { path, ...options });

afterEach(() => {
  clearCookies();
  jest.useRealTimers();
  Reflect.deleteProperty(window, 'matchMedia');
  window.scrollY = 0;
});

describe('Header variant (§2.3)', () => {
  it.each([
    ['/en', 'index'],
    ['/en/altai-trek-1234', 'tour-page'],
    ['/en/tours', 'tours'],
    ['/en/about', 'about-page'],
    ['/en/for-agencies', 'partnership-page'],
    ['/en/reviews', 'reviews-index'],
    ['/en/gift-cards', 'gift-cards-page'],
  ])('uses the full header on %s (%s)', (path) => {
    renderHeader(path);
    expect(screen.getByRole('banner')).toHaveAttribute('data-variant', 'full');
  });

  it.each([
    ['/en/visa'], ['/en/faq'], ['/en/contacts'], ['/en/destinations'], ['/en/press'], ['/en/blog'], ['/en/tour/5/order'], ['/en/agreement'], ['/en/chat/3'],
  ])('uses the simple (cover) header on %s', (path) => {
    renderHeader(path);
    expect(screen.getByRole('banner')).toHaveAttribute('data-variant', 'cover');
  });

  it('shows phones and the callback button only in the full header', () => {
    renderHeader('/en');
    expect(within(screen.getByRole('banner')).getByRole('button', { name: 'Request a call' })).toBeInTheDocument();
  });
});

describe('Header navigation', () => {
  it('links every item, Tours to the default search slug of the translations', () => {
    renderHeader('/en/visa');
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual(['Tours', 'Destinations', 'Visa', 'About us', 'Mass media', 'For agencies', 'Contact us', 'FAQ']);
    expect(within(nav).getByRole('link', { name: 'Tours' })).toHaveAttribute('href', '/en/tours');
    expect(within(nav).getByRole('link', { name: 'Visa' })).toHaveAttribute('aria-current', 'page');
  });

  it('uses the localized slug and paths of the catalogue locale', () => {
    renderHeader('/de/visum', { messagesLocale: 'de' });
    const nav = screen.getByRole('navigation', { name: 'Hauptnavigation' });
    expect(within(nav).getByRole('link', { name: 'Touren' })).toHaveAttribute('href', '/de/touren');
    expect(within(nav).getByRole('link', { name: 'Visum' })).toHaveAttribute('href', '/de/visum');
  });

  it("takes the search slug of the page's locale from the one table, whatever catalogue is loaded", () => {
    renderHeader('/de/visum');
    expect(within(screen.getByRole('navigation', { name: 'Main navigation' })).getByRole('link', { name: 'Tours' })).toHaveAttribute('href', '/de/touren');
  });

  it('navigates in-site without a page load', async () => {
    const user = userEvent.setup();
    const t = renderHeader('/en/visa');
    await user.click(screen.getByRole('link', { name: 'FAQ' }));
    expect(t.navigate).toHaveBeenCalledWith('/en/faq');
  });
});

describe('Language and currency', () => {
  it('switches to the same page in another language and remembers it for a year', async () => {
    const user = userEvent.setup();
    const t = renderHeader('/en/visa');
    await user.click(screen.getByRole('button', { name: 'EN Language: English' }));
    const german = screen.getByRole('link', { name: 'Deutsch' });
    expect(german).toHaveAttribute('href', '/de/visum');
    expect(screen.queryByRole('link', { name: 'Русский' })).toBeInTheDocument();
    await user.click(german);
    expect(t.navigate).toHaveBeenCalledWith('/de/visum');
    expect(document.cookie).toContain('i18n_redirected=de');
  });

  it('offers no Russian when russianIsAvailable is off', async () => {
    const user = userEvent.setup();
    renderHeader('/en/visa', { config: { russianIsAvailable: false } });
    await user.click(screen.getByRole('button', { name: 'EN Language: English' }));
    expect(screen.queryByRole('link', { name: 'Русский' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: '中文' })).toHaveAttribute('href', '/qianzheng');
  });

  it('Escape closes the language list and returns focus to its button', async () => {
    const user = userEvent.setup();
    renderHeader('/en/visa');
    const button = screen.getByRole('button', { name: 'EN Language: English' });
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });

  it('writes the chosen currency', async () => {
    const user = userEvent.setup();
    const t = renderHeader('/en/visa');
    await user.selectOptions(within(screen.getByRole('banner')).getByLabelText('Currency'), 'EUR');
    expect(t.store.get(currencyAtom)).toBe('EUR');
  });
});

describe('Fixed header on phones', () => {
  const scroll = async (y: number) => {
    await act(async () => {
      window.scrollY = y;
      window.dispatchEvent(new Event('scroll'));
      jest.advanceTimersByTime(300);
    });
  };

  it('becomes fixed when scrolled below md', async () => {
    jest.useFakeTimers();
    mockMatchMedia(true);
    renderHeader('/en/visa');
    expect(screen.getByRole('banner')).not.toHaveAttribute('data-fixed');
    await scroll(200);
    expect(screen.getByRole('banner')).toHaveAttribute('data-fixed', 'true');
    await scroll(0);
    expect(screen.getByRole('banner')).not.toHaveAttribute('data-fixed');
  });

  it('throttles the scroll checks to 300 ms', async () => {
    jest.useFakeTimers();
    mockMatchMedia(true);
    renderHeader('/en/visa');
    await act(async () => {
      jest.advanceTimersByTime(100);
      window.scrollY = 200;
      window.dispatchEvent(new Event('scroll'));
      jest.advanceTimersByTime(100);
    });
    expect(screen.getByRole('banner')).not.toHaveAttribute('data-fixed');
    await act(async () => {
      jest.advanceTimersByTime(100);
    });
    expect(screen.getByRole('banner')).toHaveAttribute('data-fixed', 'true');
  });

  it('stays in place from md up', async () => {
    jest.useFakeTimers();
    mockMatchMedia(false);
    renderHeader('/en/visa');
    await scroll(200);
    expect(screen.getByRole('banner')).not.toHaveAttribute('data-fixed');
  });

  it('never becomes fixed on the tour page', async () => {
    jest.useFakeTimers();
    mockMatchMedia(true);
    renderHeader('/en/altai-trek-1234');
    await scroll(200);
    expect(screen.getByRole('banner')).not.toHaveAttribute('data-fixed');
  });
});
