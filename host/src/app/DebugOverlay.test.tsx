import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, Provider } from 'jotai';
import { IntlProvider } from 'react-intl';
import { appConfigAtom } from '@tours/shared/core';
import { BASE_CONFIG } from '@tours/shared/contract';
import { testCatalogue } from '@tours/shared/src/testing';
import { DebugGate } from './App';
import { DebugOverlay, isDebugOn } from './DebugOverlay';
import type { RemoteLoader } from '../federation/loader';
import { browser } from '../layout/browser';

const at = (search: string) => ({ search }) as Location;
const LOCAL = ['http://localhost:*'];

describe('debug overlay flag (§2.3)', () => {
  beforeEach(() => localStorage.clear());
  test('?siteDebug turns it on and stores the flag; the flag alone keeps it on', () => {
    expect(isDebugOn(LOCAL, at(''))).toBe(false);
    expect(isDebugOn(LOCAL, at('?siteDebug'))).toBe(true);
    expect(localStorage.getItem('siteDebug')).toBe('1');
    expect(isDebugOn(LOCAL, at('?page=2'))).toBe(true);
  });
  test('?siteDebug=0 turns it off and forgets the flag', () => {
    localStorage.setItem('siteDebug', '1');
    expect(isDebugOn(LOCAL, at('?siteDebug=0'))).toBe(false);
    expect(localStorage.getItem('siteDebug')).toBeNull();
  });
  test('with no allowed origins (production) it never opens and stores nothing', () => {
    expect(isDebugOn([], at('?siteDebug'))).toBe(false);
    expect(localStorage.getItem('siteDebug')).toBeNull();
    localStorage.setItem('siteDebug', '1');
    expect(isDebugOn([], at(''))).toBe(false);
  });
});

function renderWith(debugOrigins: string[], ui: React.ReactElement) {
  const store = createStore();
  store.set(appConfigAtom, { ...BASE_CONFIG, debugOrigins });
  return render(
    <Provider store={store}>
      <IntlProvider locale="en" messages={testCatalogue('en')}>{ui}</IntlProvider>
    </Provider>,
  );
}
const loader = {} as RemoteLoader;

describe('debug overlay', () => {
  let reload: jest.SpyInstance;
  beforeEach(() => {
    localStorage.clear();
    reload = jest.spyOn(browser, 'reload').mockImplementation(() => undefined);
  });
  afterEach(() => {
    reload.mockRestore();
    window.history.replaceState(null, '', '/');
  });

  test('refuses to save a URL outside the allowed origins, with a visible message; saves an allowed one', async () => {
    renderWith(LOCAL, <DebugOverlay loader={loader} />);
    expect(screen.getByText('Allowed origins: http://localhost:*')).toBeInTheDocument();
    const input = screen.getByRole('textbox', { name: 'Override URL for mfe-tour' });
    await userEvent.type(input, 'https://evil.example/mf-manifest.json');
    await userEvent.click(screen.getAllByRole('button', { name: 'Save' })[1]!);
    expect(screen.getByRole('alert')).toHaveTextContent('Not saved: https://evil.example is not an allowed override origin.');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Not saved: https://evil.example is not an allowed override origin.');
    expect(localStorage.getItem('mfe-overrides')).toBeNull();
    expect(reload).not.toHaveBeenCalled();

    await userEvent.clear(input);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.type(input, 'http://localhost:9082/mf-manifest.json');
    await userEvent.click(screen.getAllByRole('button', { name: 'Save' })[1]!);
    expect(JSON.parse(localStorage.getItem('mfe-overrides')!)).toEqual({ 'mfe-tour': 'http://localhost:9082/mf-manifest.json' });
    expect(reload).toHaveBeenCalled();
  });

  test.each<[string[], string, boolean]>([
    [[], '?siteDebug', false],
    [LOCAL, '?siteDebug', true],
    [LOCAL, '', false],
  ])('the gate: allowed %j with %p → overlay shown %p', async (origins, search, shown) => {
    window.history.replaceState(null, '', `/en/visa${search}`);
    renderWith(origins, <DebugGate loader={loader} />);
    if (shown) expect(await screen.findByTestId('debug-overlay')).toBeInTheDocument();
    else {
      await waitFor(() => expect(screen.queryByTestId('debug-overlay')).not.toBeInTheDocument());
      await new Promise((r) => setTimeout(r, 50));
      expect(screen.queryByTestId('debug-overlay')).not.toBeInTheDocument();
    }
  });
});
