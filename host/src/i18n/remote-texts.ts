import { messagesAtom } from '@tours/shared/core';
import type { HostStore, Locale, Messages, MfeName } from '@tours/shared/contract';

/**
 * Each microfrontend's own texts in the one catalogue of the store. A microfrontend's catalogue (content-hashed,
 * per locale, named by its runtime manifest entry) is merged in before its first screen or modal mounts, so no
 * text shows as its id; the route owner's came inlined in the page. On a locale switch the host's catalogue and
 * those of the microfrontends in use are fetched together and set at once.
 */
export interface RemoteTexts {
  /** Merges `name`'s texts of the current locale (fetched once per URL); resolves when they are in. */
  ensure(name: MfeName): Promise<void>;
  /** The catalogue of `locale`: the host's `base`, plus the texts of every microfrontend in use. */
  catalogueFor(locale: Locale, base: Messages): Promise<Messages>;
}

export interface RemoteTextsOptions {
  store: HostStore;
  /** Each microfrontend's catalogue URLs (its manifest entry's `i18n`), once the manifest is read. */
  urlsOf: (name: MfeName) => Promise<Partial<Record<Locale, string>> | undefined>;
  currentLocale: () => Locale;
  /** URLs already in the store's catalogue (the server inlined them). */
  inlined?: readonly string[];
  fetch?: typeof fetch;
}

export function createRemoteTexts({ store, urlsOf, currentLocale, inlined = [], fetch: fetchImpl = fetch }: RemoteTextsOptions): RemoteTexts {
  const inUse = new Set<MfeName>();
  const merged = new Set<string>(inlined);
  const fetched = new Map<string, Promise<Messages | null>>();

  function texts(url: string): Promise<Messages | null> {
    let running = fetched.get(url);
    if (!running) {
      running = fetchImpl(url)
        .then((res) => (res.ok ? (res.json() as Promise<Messages>) : null))
        .catch(() => null)
        .then((messages) => {
          // A failure is tried again next time; the screen shows what the host has meanwhile.
          if (!messages) fetched.delete(url);
          return messages;
        });
      fetched.set(url, running);
    }
    return running;
  }

  return {
    async ensure(name) {
      inUse.add(name);
      const locale = currentLocale();
      const url = (await urlsOf(name))?.[locale];
      if (!url || merged.has(url)) return;
      const messages = await texts(url);
      if (!messages || currentLocale() !== locale) return;
      merged.add(url);
      store.set(messagesAtom, (all) => ({ ...all, ...messages }) as Messages);
    },
    async catalogueFor(locale, base) {
      const urls = await Promise.all([...inUse].map(async (name) => (await urlsOf(name))?.[locale]));
      const parts = await Promise.all(urls.map((url) => (url ? texts(url) : null)));
      merged.clear();
      urls.forEach((url, i) => url && parts[i] && merged.add(url));
      return Object.assign({}, base, ...parts.filter(Boolean)) as Messages;
    },
  };
}
