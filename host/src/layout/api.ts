import { startTransition } from 'react';
import { countryAtom } from '@tours/shared/core';
import type { HostContext } from '@tours/shared/contract';
import { logLoadFailure } from './log';
import { contactsAtom, countryResolvedAtom, serverLayoutAtom, siteInfoAtom, socialLinksAtom, workTimeAtom } from './state';
import { putSiteTokens } from './layout-data';
import { readCountryCookie } from './location/country-cookie';

/**
 * The layout's data arrives while the page is still starting: its re-render is a transition, so React paints
 * it in slices around the page's own work instead of one long task (the store itself is updated at once).
 */
const later = (update: () => void) => startTransition(update);

/** The calls and their schemas: a chunk of their own, fetched the first time the page must ask (layout-calls.ts). */
const calls = () => import(/* webpackChunkName: "layout-calls" */ './layout-calls').then((m) => m.layoutCalls);

/** Site tokens, social links and site statistics: loaded once per page (public-site §7.5), unless the server inlined them. */
export async function loadSiteData(host: HostContext): Promise<void> {
  const { api, store } = host;
  const inlined = store.get(serverLayoutAtom);
  await Promise.all([
    inlined.siteTokens ? null : calls()
      .then((c) => c.siteTokens(api))
      .then((tokens) => later(() => putSiteTokens(store, tokens)))
      .catch((e) => logLoadFailure('site tokens', e)),
    inlined.socialLinks ? null : calls()
      .then((c) => c.socialLinks(api))
      .then((links) => later(() => store.set(socialLinksAtom, links)))
      .catch((e) => logLoadFailure('social links', e)),
    inlined.info ? null : calls()
      .then((c) => c.info(api))
      .then((info) => later(() => store.set(siteInfoAtom, info)))
      .catch((e) => logLoadFailure('site statistics', e)),
  ]);
}

/**
 * The visitor's country: kept in the store when something set it already, else from the cookie
 * (fromCookie: true), else detected from the IP (fromCookie: false, so the location dropdown asks).
 */
export async function resolveCountry(host: HostContext): Promise<void> {
  const { api, store } = host;
  try {
    if (store.get(countryAtom)) return;
    const fromCookie = readCountryCookie();
    if (fromCookie) {
      store.set(countryAtom, { ...fromCookie, fromCookie: true });
      return;
    }
    const found = await (await calls()).countryByIp(api);
    if (!store.get(countryAtom)) store.set(countryAtom, { ...found, fromCookie: false });
  } catch (e) {
    logLoadFailure('visitor country', e);
  } finally {
    store.set(countryResolvedAtom, true);
  }
}

/** Contacts and support schedule for the visitor's country (a local phone is preferred, §2.3). */
export async function loadContacts(host: HostContext, countryId: number | undefined): Promise<void> {
  const { api, store } = host;
  await Promise.all([
    calls()
      .then((c) => c.contacts(api, countryId))
      .then((contacts) => later(() => store.set(contactsAtom, contacts)))
      .catch((e) => logLoadFailure('contacts', e)),
    calls()
      .then((c) => c.workTime(api, countryId))
      .then((time) => later(() => store.set(workTimeAtom, time)))
      .catch((e) => logLoadFailure('support schedule', e)),
  ]);
}
