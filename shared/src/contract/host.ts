import type { ComponentType } from 'react';
import type { createStore } from 'jotai';
import type { RouteName } from '../routing/routes';
import type { ApiClient } from '../api/client';
import type { MfeName } from './names';

export type HostStore = ReturnType<typeof createStore>;

export type ToastKind = 'success' | 'error' | 'warning' | 'info';
export interface ToastInput {
  kind: ToastKind;
  /** Already translated text; use `messageId` to let the host translate. */
  text?: string;
  messageId?: string;
  values?: Record<string, string | number>;
  /** Defaults to 7000 ms (§9). 0 keeps it until closed. */
  timeoutMs?: number;
}

/** A modal the host's outlet mounts on demand: a parcel exposed by a microfrontend, or a host-side component. */
export type ModalRequest =
  | { kind: 'parcel'; remote: MfeName; module: string; props?: Record<string, unknown>; persistent?: boolean; width?: number; labelId?: string }
  | { kind: 'component'; component: ComponentType<ModalContentProps>; props?: Record<string, unknown>; persistent?: boolean; width?: number; labelId?: string };

export interface ModalContentProps {
  /** Close this modal; `result` reaches `ModalHandle.closed`. */
  close: (result?: unknown) => void;
  [prop: string]: unknown;
}

export interface ModalHandle {
  id: string;
  close: (result?: unknown) => void;
  closed: Promise<unknown>;
}

export interface NavigateOptions { replace?: boolean }

/** Events a microfrontend may emit to the host. The host never imports a microfrontend, nor they each other. */
export interface HostEvents {
  /** The screen's document title and description, once its data is there. */
  'page:meta': { title: string; description?: string };
  /** The page cannot be shown: the host renders the error page of §2.8 in the slot. */
  'page:error': { status: number; data?: Record<string, unknown>; message?: string; kind?: 'validation' };
  /** Ask the host to open the login modal (the account area's parcel). */
  'auth:login-required': { reason?: string };
}

export interface HostContext {
  store: HostStore;
  api: ApiClient;
  navigate(to: string, options?: NavigateOptions): void;
  /** Localized URL of a route for the current locale, with an optional query. */
  href(name: RouteName, params?: Record<string, string | number | undefined>, query?: Record<string, string | number | undefined>): string;
  openModal(request: ModalRequest): ModalHandle;
  toast(toast: ToastInput): void;
  emit<K extends keyof HostEvents>(event: K, payload: HostEvents[K]): void;
}

/** What single-spa passes to every microfrontend lifecycle as custom props. */
export interface MfeCustomProps {
  host: HostContext;
  /** For parcels: the modal's own props and close function. */
  modal?: ModalContentProps;
}
