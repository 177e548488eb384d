import { favouritesAtom } from '@tours/shared/core';
import type { HostStore } from '@tours/shared/contract';

/** The most favourite ids a sign-in sends (the API's limit); the device's list is kept whole either way. */
export const MAX_FAVOURITES = 500;

/** The device's favourite tours, sent with every kind of sign-in so they join the account (accounts-and-comms §3). */
export function deviceFavourites(store: HostStore): number[] {
  return store.get(favouritesAtom).slice(0, MAX_FAVOURITES);
}
