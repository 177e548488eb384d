import { atom } from 'jotai';
import type { MfeName } from '@tours/shared/contract';

/** Host-only state (issue 12): no microfrontend reads it, so it lives here and not in @tours/shared/core. */
export type RemoteLoadState = 'idle' | 'loading' | 'mounted' | 'loaded' | 'failed';
export interface RemoteStatus {
  name: MfeName; url: string; version: string; state: RemoteLoadState; overridden: boolean; error?: string;
  /** The release the current one replaced (runtime manifest `previous`): what a rollback would bring back. */
  previous?: { url: string; version: string };
}
/** Load state of each microfrontend, written by the host's loader, read by its debug overlay and slots. */
export const remotesAtom = atom<Partial<Record<MfeName, RemoteStatus>>>({});
