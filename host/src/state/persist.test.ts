import { createStore } from 'jotai';
import { ApiError, currencyAtom, sessionAtom, type Session } from '@tours/shared/core';
import { BASE_CONFIG, type HostStore, type ToastInput } from '@tours/shared/contract';
import { createTestHost, type FakeRoutes } from '@tours/shared/src/testing';
import { initPersistentState, restoreSession } from './persist';

const user = (currency: string | null) => ({
  id: 7, first_name: 'Anna', last_name: 'Petrova', email: 'anna@example.com', is_email_set: true, phone: null, country: null, language: 'en', currency, is_admin_auth: false,
});
const session: Session = { token: 'cookie.token-of-anna-0123456789', profile: { id: 7, first_name: 'Anna', last_name: 'Petrova', currency: 'USD' } };

function setup(routes: FakeRoutes, signedIn: Session | null) {
  localStorage.clear();
  if (signedIn) localStorage.setItem('session', JSON.stringify(signedIn));
  const { store, host, calls, toast } = createTestHost({ routes });
  const toasts: ToastInput[] = [];
  toast.mockImplementation((t: ToastInput) => void toasts.push(t));
  initPersistentState(store, host);
  restoreSession(store);
  return { store, calls, toasts };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the session kept on the device', () => {
  it('is restored as it was, without switching the currency to the stored profile\'s (the cookie holds this device\'s choice)', async () => {
    const { store, calls } = setup({}, { ...session, profile: { ...session.profile, currency: 'RUB' } });
    expect(store.get(sessionAtom)).toEqual({ ...session, profile: { ...session.profile, currency: 'RUB' } });
    expect(store.get(currencyAtom)).toBe(BASE_CONFIG.defaultCurrency);
    await settle();
    expect(calls).toEqual([]);
  });

  it('a malformed one is ignored', () => {
    for (const stored of ['{"token":1}', '{"token":"cookie.abc"}', 'not json', '[]']) {
      localStorage.setItem('session', stored);
      const store = createStore() as HostStore;
      restoreSession(store);
      expect(store.get(sessionAtom)).toBeNull();
    }
  });

  it('a token kept in storage before the session cookie (issue 28) is removed, not restored', () => {
    localStorage.setItem('session', JSON.stringify({ ...session, token: 'a-real-token-readable-by-scripts-0123' }));
    const store = createStore() as HostStore;
    restoreSession(store);
    expect(store.get(sessionAtom)).toBeNull();
    expect(localStorage.getItem('session')).toBeNull();
  });
});

describe('currency and the profile (public-site §9)', () => {
  it('a guest: the cookie only, no call', async () => {
    const { store, calls } = setup({}, null);
    store.set(currencyAtom, 'EUR');
    await settle();
    expect(document.cookie).toContain('currency=EUR');
    expect(calls).toEqual([]);
  });

  it('logged in: the currency is saved to the profile and the session takes the updated user', async () => {
    const { store, calls, toasts } = setup({ 'POST /crm/api/user/set-currency': ({ body }: { body?: unknown }) => ({ user: user((body as { currency_code: string }).currency_code) }) }, session);
    store.set(currencyAtom, 'EUR');
    await settle();
    expect(calls).toEqual([{ method: 'POST', path: '/crm/api/user/set-currency', body: { currency_code: 'EUR' }, query: undefined }]);
    expect(store.get(sessionAtom)?.profile).toMatchObject({ id: 7, currency: 'EUR', email: 'anna@example.com' });
    expect(JSON.parse(localStorage.getItem('session')!).profile.currency).toBe('EUR');
    expect(store.get(currencyAtom)).toBe('EUR');
    expect(toasts).toEqual([]);
  });

  it('a failed save keeps the choice on the device and says so', async () => {
    const { store, toasts } = setup({ 'POST /crm/api/user/set-currency': new ApiError(503, '/crm/api/user/set-currency', 'The service is temporarily unavailable') }, session);
    store.set(currencyAtom, 'RUB');
    await settle();
    expect(store.get(currencyAtom)).toBe('RUB');
    expect(document.cookie).toContain('currency=RUB');
    expect(toasts).toEqual([{ kind: 'error', messageId: 'layout.currency.saveFailed' }]);
    expect(store.get(sessionAtom)?.profile.currency).toBe('USD');
  });

  it('a token the server no longer knows (401) ends the session', async () => {
    const { store, toasts } = setup({ 'POST /crm/api/user/set-currency': new ApiError(401, '/crm/api/user/set-currency', 'Unauthorized') }, session);
    store.set(currencyAtom, 'EUR');
    await settle();
    expect(store.get(sessionAtom)).toBeNull();
    expect(localStorage.getItem('session')).toBeNull();
    expect(toasts).toHaveLength(1);
    expect(store.get(currencyAtom)).toBe('EUR');
  });

  it("signing in adopts the profile's currency (without saving it back); one the site does not offer is ignored", async () => {
    const { store, calls } = setup({}, null);
    store.set(sessionAtom, { ...session, profile: { ...session.profile, currency: 'KZT' } });
    expect(store.get(currencyAtom)).toBe('KZT');
    store.set(sessionAtom, null);
    store.set(sessionAtom, { ...session, profile: { ...session.profile, currency: 'JPY' } });
    expect(store.get(currencyAtom)).toBe('KZT');
    await settle();
    expect(calls).toEqual([]);
  });
});

describe('one session for every tab (accounts issue: logout clears the session everywhere)', () => {
  const storageEvent = (newValue: string | null) => new StorageEvent('storage', { key: 'session', newValue });

  it('a logout in another tab ends the session here; a sign-in there starts it here', () => {
    const { store } = setup({}, session);
    expect(store.get(sessionAtom)?.token).toBe(session.token);
    window.dispatchEvent(storageEvent(null));
    expect(store.get(sessionAtom)).toBeNull();
    const other: Session = { token: 'cookie.token-of-boris-0123456789', profile: { id: 8, first_name: 'Boris', last_name: 'Ivanov' } };
    window.dispatchEvent(storageEvent(JSON.stringify(other)));
    expect(store.get(sessionAtom)).toEqual(other);
  });

  it('another key, or a malformed session, changes nothing', () => {
    const { store } = setup({}, session);
    window.dispatchEvent(new StorageEvent('storage', { key: 'favourites', newValue: '[1]' }));
    expect(store.get(sessionAtom)?.token).toBe(session.token);
    window.dispatchEvent(storageEvent('{"token":1}'));
    expect(store.get(sessionAtom)).toBeNull();
  });
});
