import { useMemo, type ReactNode } from 'react';
import { useIntl, type PrimitiveType } from 'react-intl';
import type { SharedMessageId } from './message-ids';

/** Values of a plain text: the result is a string. */
export type TextValues = Record<string, PrimitiveType>;
/** Values with rich parts (`<b>…</b>` chunks, elements): the result is a node. */
export type RichValues = Record<string, PrimitiveType | ReactNode | ((chunks: ReactNode[]) => ReactNode)>;

/**
 * A message formatter over typed ids: a string for plain values, a node when a value is rich. `Id` is the ids the
 * caller may use (shared's, plus a microfrontend's own: see mfe-…/src/i18n/t.ts), so an id missing from the English
 * catalogue is a type error at the call; scripts/i18n-catalogues.test.ts checks that each id written in the source is in
 * all four locales. Written as a method (the `bivarianceHack` idiom React's own types use) so a typed `t` can still be
 * handed to the kit's components and helpers that take any formatter (PhoneInput, HelpCard, errorText): they format
 * ids that come with data (validation messages), which no type can list.
 */
export type Translate<Id extends string = SharedMessageId> = {
  bivarianceHack(id: Id, values?: TextValues): string;
  bivarianceHack(id: Id, values?: RichValues): ReactNode;
}['bivarianceHack'];

/**
 * The one `t` of every component: react-intl's `formatMessage` over the messages the host put in the IntlProvider
 * (the atom `messagesAtom`, precompiled to ASTs by the host server). No catalogue of its own, no parser: one closure,
 * made again only when the locale's intl object changes.
 */
export function useT<Id extends string = SharedMessageId>(): Translate<Id> {
  const intl = useIntl();
  return useMemo(() => ((id: string, values?: RichValues) => intl.formatMessage({ id }, values as TextValues)) as Translate<Id>, [intl]);
}
