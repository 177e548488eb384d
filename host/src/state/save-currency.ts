import { ApiError, currencyAtom, sessionAtom } from '@tours/shared/core';
import type { HostContext, HostStore } from '@tours/shared/contract';
import { SetCurrencyAnswer, isAbortError } from '@tours/shared/api';

/**
 * Saves the currency to the profile. The choice stays in use on this device either way; a failure says so, and a
 * token the server no longer knows (401) ends the session, so the traveller signs in again.
 */
export async function saveCurrency(store: HostStore, host: HostContext, token: string, currency: string): Promise<void> {
  try {
    // A newer choice cancels the save still running (request kind).
    const { user } = await host.api.post('/crm/api/user/set-currency', { currency_code: currency }, { schema: SetCurrencyAnswer, kind: 'set-currency' });
    const now = store.get(sessionAtom);
    // Only the session that asked takes the answer (not one signed in meanwhile), and only the latest choice.
    if (now?.token === token && store.get(currencyAtom) === currency) store.set(sessionAtom, { ...now, profile: { ...now.profile, ...user } });
  } catch (error) {
    if (isAbortError(error)) return;
    host.toast({ kind: 'error', messageId: 'layout.currency.saveFailed' });
    if (error instanceof ApiError && error.status === 401 && store.get(sessionAtom)?.token === token) store.set(sessionAtom, null);
  }
}
