import { createContext, useContext, type ReactNode } from 'react';
import { Provider, useAtomValue } from 'jotai';
import { IntlProvider } from 'react-intl';
import type { HostContext } from '../contract/host';
import { localeAtom, messagesAtom } from '../state/atoms';
import { LOCALE_INFO } from '../i18n/locales';

const HostReactContext = createContext<HostContext | null>(null);

/** The host contract inside React: navigate, href, openModal, toast, emit, api. */
export function useHost(): HostContext {
  const host = useContext(HostReactContext);
  if (!host) throw new Error('useHost must be used inside HostProvider');
  return host;
}

/**
 * Missing keys during a catalogue switch are expected; anything else is a bug worth seeing. Module-level: a new
 * function on every render would make IntlProvider build a new intl object and re-render every text under it.
 */
function onIntlError(err: { code: string }) {
  if (err.code !== 'MISSING_TRANSLATION') console.error(err);
}

function IntlFromStore({ children }: { children: ReactNode }) {
  const locale = useAtomValue(localeAtom);
  const messages = useAtomValue(messagesAtom);
  return (
    <IntlProvider
      locale={LOCALE_INFO[locale].iso}
      defaultLocale="en-US"
      messages={messages}
      onError={onIntlError}
    >
      {children}
    </IntlProvider>
  );
}

/** Wraps a microfrontend (or the host) in the one store, the host contract and the locale's messages. */
export function HostProvider({ host, children }: { host: HostContext; children: ReactNode }) {
  return (
    <HostReactContext.Provider value={host}>
      <Provider store={host.store}>
        <IntlFromStore>{children}</IntlFromStore>
      </Provider>
    </HostReactContext.Provider>
  );
}
