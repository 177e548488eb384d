import type { createStore } from 'jotai';
import type { RouteName } from '../routing/routes';
import type { ApiClient } from '../api/client';
import type { ComponentModal, ModalContentProps, ModalHandle, ModalKey, ModalProps } from './modals';

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

export interface NavigateOptions { replace?: boolean }

/** Events a microfrontend may emit to the host. The host never imports a microfrontend, nor they each other. */
export interface HostEvents {
  /** The screen's document title and description, once its data is there. */
  'page:meta': { title: string; description?: string };
  /** The page cannot be shown: the host renders the error page of §2.8 in the slot. */
  'page:error': { status: number; data?: Record<string, unknown>; message?: string; kind?: 'validation' };
  /** Ask the host to open the login modal (the account area's parcel). */
  'auth:login-required': ModalProps<'account/login'>;
  /**
   * A bar fixed to the bottom of the viewport that holds a primary action (the tour's mobile order bar) says how tall
   * it is (0 when hidden or gone; `useBottomBar` of the kit sends it): the host keeps its floating UI above it.
   */
  'layout:bottom-bar': { id: string; height: number };
  /**
   * The signed-in traveller's unread chat messages changed (mfe-comms, while its socket is open): the header's chat
   * badge shows `count` (issue 15). The host fetches the first value itself (GET /crm/api/chat/unread-count).
   */
  'chat:unread': { count: number };
  /**
   * Open one of the layout's own help forms (public-site §2.3 'Request a call', §2.7 the e-mail request), e.g. from
   * the contacts page: the host owns them (one implementation), `clickSource` says where they were opened from.
   */
  'layout:help-form': { form: 'callback' | 'email-request'; clickSource: string };
}

export interface HostContext {
  store: HostStore;
  api: ApiClient;
  navigate(to: string, options?: NavigateOptions): void;
  /** Localized URL of a route for the current locale, with an optional query. */
  href(name: RouteName, params?: Record<string, string | number | undefined>, query?: Record<string, string | number | undefined>): string;
  /** Opens a registered modal (contract/modals.ts), whichever area owns it. */
  openModal<K extends ModalKey>(key: K, props: ModalProps<K>): ModalHandle;
  /** Shows one of the caller's own components as a modal, in the same outlet. */
  showModal<P extends object>(modal: ComponentModal<P>): ModalHandle;
  toast(toast: ToastInput): void;
  emit<K extends keyof HostEvents>(event: K, payload: HostEvents[K]): void;
}

/** What single-spa passes to every microfrontend lifecycle as custom props. */
export interface MfeCustomProps {
  host: HostContext;
  /** For parcels: the modal's own props and close function. */
  modal?: ModalContentProps;
}
