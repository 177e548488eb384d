import { atom } from 'jotai';
import type { ComponentModal, HostStore, ModalContentProps, ModalHandle, ModalKey, ModalProps, ModalRequest, ToastInput } from '@tours/shared/contract';
import type { ComponentType } from 'react';

export interface OpenModal { id: string; request: ModalRequest; resolve: (result: unknown) => void }
export const modalsAtom = atom<OpenModal[]>([]);

export interface ToastItem extends ToastInput { id: string }
export const toastsAtom = atom<ToastItem[]>([]);

let seq = 0;
const nextId = (prefix: string) => `${prefix}-${++seq}`;

/** Host-side implementation of `openModal`: the outlet mounts whatever is in `modalsAtom`. */
export function createModalController(store: HostStore) {
  function close(id: string, result?: unknown) {
    const modal = store.get(modalsAtom).find((m) => m.id === id);
    if (!modal) return;
    store.set(modalsAtom, (list) => list.filter((m) => m.id !== id));
    modal.resolve(result);
  }
  function open(request: ModalRequest): ModalHandle {
    const id = nextId('modal');
    let resolve!: (r: unknown) => void;
    const closed = new Promise<unknown>((r) => (resolve = r));
    store.set(modalsAtom, (list) => [...list, { id, request, resolve }]);
    return { id, close: (result?: unknown) => close(id, result), closed };
  }
  return {
    open,
    close,
    /** host.openModal: a registered modal by key. */
    openRegistered: <K extends ModalKey>(key: K, props: ModalProps<K>) => open({ kind: 'registered', key, props }),
    /** host.showModal: one of the caller's components. */
    showComponent: <P extends object>({ component, ...rest }: ComponentModal<P>) =>
      open({ kind: 'component', component: component as ComponentType<ModalContentProps>, ...rest }),
  };
}

/** Host-side implementation of `toast`: 7000 ms by default (§9); 0 keeps it until closed. */
export function createToaster(store: HostStore, timers: Pick<typeof window, 'setTimeout'> = window) {
  function dismiss(id: string) {
    store.set(toastsAtom, (list) => list.filter((t) => t.id !== id));
  }
  function push(toast: ToastInput): string {
    const id = nextId('toast');
    store.set(toastsAtom, (list) => [...list, { ...toast, id }]);
    const timeout = toast.timeoutMs ?? 7000;
    if (timeout > 0) timers.setTimeout(() => dismiss(id), timeout);
    return id;
  }
  return { push, dismiss };
}
