import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { testCatalogue } from '../testing';
import { ErrorState } from './ErrorState';

describe('ErrorState', () => {
  test.each(['en', 'cn', 'de', 'ru'] as const)('%s: an alert named by its catalogue text, with a focusable Retry from the catalogue', async (locale) => {
    const messages = testCatalogue(locale);
    const onRetry = jest.fn();
    render(<IntlProvider locale={locale} messages={messages}><ErrorState onRetry={onRetry} /></IntlProvider>);
    const alert = screen.getByRole('alert', { name: messages['common.loadFailed'] });
    expect(alert).not.toHaveAttribute('aria-busy');
    const button = screen.getByRole('button', { name: messages['common.retry'] });
    expect(alert).toContainElement(button);
    await userEvent.tab();
    expect(button).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  test('the English texts the browser tests rely on; a screen may name its own message; busy while a retry runs', () => {
    const messages = testCatalogue('en');
    expect(messages['common.loadFailed']).toBe("We couldn't load this. We'll keep trying, or you can retry now.");
    expect(messages['main.partFailed']).toBe("Some sections of this page couldn't be loaded. We'll keep trying, or you can retry now.");
    expect(messages['common.retry']).toBe('Retry');
    render(<IntlProvider locale="en" messages={messages}><ErrorState messageId="main.reviews.failed" busy onRetry={() => undefined} /></IntlProvider>);
    const alert = screen.getByRole('alert', { name: 'Reviews could not be loaded.' });
    expect(alert).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeEnabled();
  });
});
