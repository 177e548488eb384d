import type { HostContext } from '@tours/shared/contract';

/**
 * The layout's modals load on first use: none of them is needed to paint the page, and together they
 * are a good part of the layout's code. Each opener keeps the signature of the one it wraps.
 */
export function openCallbackModal(host: HostContext, clickSource?: string): Promise<void> {
  return import(/* webpackChunkName: "layout-modals" */ './CallbackModal').then((m) => void m.openCallbackModal(host, clickSource));
}

export function openEmailRequestModal(host: HostContext, clickSource: string): Promise<void> {
  return import(/* webpackChunkName: "layout-modals" */ './EmailRequestModal').then((m) => void m.openEmailRequestModal(host, clickSource));
}

export function openPhoneContactsModal(host: HostContext): Promise<void> {
  return import(/* webpackChunkName: "layout-modals" */ './PhoneContactsModal').then((m) => void m.openPhoneContactsModal(host));
}

export function openSettingsModal(host: HostContext): Promise<void> {
  return import(/* webpackChunkName: "layout-modals" */ '../location/SettingsModal').then((m) => void m.openSettingsModal(host));
}

export function openEbookModal(host: HostContext, onSubscribed?: () => void): Promise<void> {
  return import(/* webpackChunkName: "layout-modals" */ '../sheets/EbookModal').then((m) => void m.openEbookModal(host, onSubscribed));
}
