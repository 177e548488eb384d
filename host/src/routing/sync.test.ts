import { createStore } from 'jotai';
import { appConfigAtom, queryAtom, routeAtom } from '@tours/shared/core';
import { CHINA_CONFIG, type HostStore } from '@tours/shared/contract';
import { pageErrorAtom, routeChangesAtom, syncRoute } from './sync';

const at = (href: string) => new URL(href, 'http://localhost') as unknown as Location;
const opts = { russianIsAvailable: true, onLocale: () => undefined };

describe('syncRoute', () => {
  it('on the Chinese-region site a de or ru page is not a route (issue 32); en is', () => {
    const store = createStore() as HostStore;
    store.set(appConfigAtom, CHINA_CONFIG);
    syncRoute(store, opts, at('/en/tours'));
    expect(store.get(routeAtom)).toMatchObject({ name: 'tours', locale: 'en' });
    syncRoute(store, opts, at('/de/tours'));
    expect(store.get(routeAtom)).toBeNull();
    expect(store.get(pageErrorAtom)).toMatchObject({ status: 404, kind: 'unmatched' });
  });

  it('puts the route and the query of the URL into the store', () => {
    const store = createStore() as HostStore;
    syncRoute(store, opts, at('/en/tours?comfort=3&comfort=4&sort=price'));
    expect(store.get(routeAtom)).toMatchObject({ name: 'tours', locale: 'en', params: { slug: 'tours' } });
    expect(store.get(queryAtom)).toEqual({ comfort: ['3', '4'], sort: 'price' });
  });

  it('a change of the query alone keeps the route object, so readers of the route do not re-render', () => {
    const store = createStore() as HostStore;
    syncRoute(store, opts, at('/en/tours'));
    const route = store.get(routeAtom);
    let routeChanges = 0;
    store.sub(routeAtom, () => { routeChanges += 1; });
    syncRoute(store, opts, at('/en/tours?sort=price'));
    expect(store.get(routeAtom)).toBe(route);
    expect(store.get(queryAtom)).toEqual({ sort: 'price' });
    expect(routeChanges).toBe(0);
    expect(store.get(routeChangesAtom)).toBe(0);
    syncRoute(store, opts, at('/en/altai-republic?sort=price'));
    expect(store.get(routeAtom)).toMatchObject({ params: { slug: 'altai-republic' } });
    expect(routeChanges).toBe(1);
    expect(store.get(routeChangesAtom)).toBe(1);
  });

  it('an unknown path is the 404 of the platform; a known one clears it', () => {
    const store = createStore() as HostStore;
    syncRoute(store, opts, at('/en/tours'));
    syncRoute(store, opts, at('/xx/nothing/here/at/all'));
    expect(store.get(routeAtom)).toBeNull();
    expect(store.get(pageErrorAtom)).toMatchObject({ status: 404, kind: 'unmatched' });
    syncRoute(store, opts, at('/en/tours'));
    expect(store.get(pageErrorAtom)).toBeNull();
  });
});
