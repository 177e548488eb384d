import { useT as useKitT, type SharedMessageId, type Translate } from '@tours/shared/kit';

/** Ids this microfrontend may use: shared's and its own catalogue's (types only: the JSON is not bundled here). */
export type MessageId = SharedMessageId | keyof typeof import('./en.json');
export type T = Translate<MessageId>;

/** The kit's `useT` over this microfrontend's ids. */
export const useT: () => T = useKitT;
