import type { RouteMatch } from '@tours/shared/contract';
import type { PageError } from '../routing/sync';

const ID = /^[1-9]\d{0,9}$/;
const asTourId = (raw: string | undefined): number | undefined => {
  if (!raw || !ID.test(raw)) return undefined;
  const id = Number(raw);
  return id <= 2147483647 ? id : undefined;
};

/**
 * The tour the page is about, for the layout's help requests (issue 29: a callback asked for on a tour page did not
 * record the tour, so the coordinator called back not knowing which): the tour page's id (the slug's trailing number)
 * and the order page's. None when the page is an error page, except a removed tour's (it is that tour's page, and the
 * API knows the tour): an unknown id would be refused as 'Incorrect value' and lose the traveller's request.
 */
export function tourOfPage(route: Pick<RouteMatch, 'name' | 'params'> | null, pageError: Pick<PageError, 'status' | 'data'> | null): number | undefined {
  if (!route) return undefined;
  if (pageError && pageError.data?.reason !== 'removed_from_publication') return undefined;
  if (route.name === 'tour-page') return asTourId(/-(\d+)$/.exec(route.params.slug ?? '')?.[1]);
  if (route.name === 'request-page') return asTourId(route.params.id);
  return undefined;
}
