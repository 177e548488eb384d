import { atom } from 'jotai';
import { ROUTES, routeTable, type RouteDef } from '@tours/shared/contract';

/**
 * The route table of this page: the contract's routes plus those the deployed microfrontends declare (the server
 * puts them into the initial state from the runtime manifest). In the store, not a module variable: the server
 * render builds a store per request.
 */
export const routeTableAtom = atom<readonly RouteDef[]>(ROUTES);

export function tableFor(declared: readonly RouteDef[] | undefined): readonly RouteDef[] {
  return routeTable(declared ?? []);
}
