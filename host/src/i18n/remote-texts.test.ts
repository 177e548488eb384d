import { createStore } from 'jotai';
import { messagesAtom } from '@tours/shared/core';
import type { Locale, MfeName } from '@tours/shared/contract';
import { createRemoteTexts } from './remote-texts';

const URLS: Partial<Record<MfeName, Partial<Record<Locale, string>>>> = {
  'mfe-comms': { en: 'http://cdn/comms/en.1.json', de: 'http://cdn/comms/de.1.json' },
  'mfe-tour': { en: 'http://cdn/tour/en.1.json', de: 'http://cdn/tour/de.1.json' },
};
const FILES: Record<string, Record<string, string>> = {
  'http://cdn/comms/en.1.json': { 'comms.title': 'Chat' },
  'http://cdn/comms/de.1.json': { 'comms.title': 'Chat (de)' },
  'http://cdn/tour/en.1.json': { 'tour.title': 'Tour' },
  'http://cdn/tour/de.1.json': { 'tour.title': 'Reise' },
};

function setup(inlined: string[] = []) {
  const store = createStore();
  store.set(messagesAtom, { 'layout.home': 'Home' });
  let locale: Locale = 'en';
  const fetched: string[] = [];
  const fetchImpl = jest.fn(async (url: string) => {
    fetched.push(url);
    const body = FILES[url];
    return { ok: Boolean(body), json: async () => body } as Response;
  }) as unknown as typeof fetch;
  const texts = createRemoteTexts({ store, urlsOf: async (name) => URLS[name], currentLocale: () => locale, inlined, fetch: fetchImpl });
  return { store, texts, fetched, setLocale: (l: Locale) => void (locale = l) };
}

test("a microfrontend's texts are merged once, before it mounts; inlined ones are not fetched again", async () => {
  const t = setup(['http://cdn/tour/en.1.json']);
  await t.texts.ensure('mfe-comms');
  await t.texts.ensure('mfe-comms');
  await t.texts.ensure('mfe-tour');
  expect(t.fetched).toEqual(['http://cdn/comms/en.1.json']);
  expect(t.store.get(messagesAtom)).toEqual({ 'layout.home': 'Home', 'comms.title': 'Chat' });
});

test('a locale switch: the host catalogue and the texts of every microfrontend in use, in one catalogue', async () => {
  const t = setup();
  await t.texts.ensure('mfe-comms');
  await t.texts.ensure('mfe-tour');
  t.setLocale('de');
  expect(await t.texts.catalogueFor('de', { 'layout.home': 'Startseite' })).toEqual({ 'layout.home': 'Startseite', 'comms.title': 'Chat (de)', 'tour.title': 'Reise' });
});

test('a catalogue that fails is tried again next time, and fails nothing', async () => {
  const t = setup();
  FILES['http://cdn/comms/en.1.json'] = undefined as unknown as Record<string, string>;
  await expect(t.texts.ensure('mfe-comms')).resolves.toBeUndefined();
  FILES['http://cdn/comms/en.1.json'] = { 'comms.title': 'Chat' };
  await t.texts.ensure('mfe-comms');
  expect(t.fetched).toEqual(['http://cdn/comms/en.1.json', 'http://cdn/comms/en.1.json']);
  expect(t.store.get(messagesAtom)).toMatchObject({ 'comms.title': 'Chat' });
});
