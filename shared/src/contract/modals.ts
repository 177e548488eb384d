import type { ComponentType } from 'react';
import type { MfeName } from './names';

/**
 * The modals one area opens for another, by key: `{area}/{modal}` → its props. A wrong key or wrong props fail the
 * type check. The owning microfrontend (`mfe-{area}`) exposes the modal's parcel as `./modal/{modal}` and declares
 * its width and label there (`ModalSpec`, through `createMfeParcel`), so no caller knows another area's sizes or DOM
 * ids. Adding one: a line here and in MODAL_KEYS (a contract change) and the exposed parcel in the owner;
 * `modals.test.ts` checks every key is exposed.
 */
export interface ModalRegistry {
  /** The variant list of a tour known by id (§2.7, §2.8, §4.9). navigate: a date goes to the order page; selection: the date is chosen and the modal closes with it. */
  'tour/variants': { tourId: number; mode: 'navigate' | 'selection' };
  /** Private tour request (§2.7 'Private tour modal'). Dates are ISO (YYYY-MM-DD) or null. */
  'booking/private-tour': { tourId: number; tourTitle: string; requestPeriodStart: string | null; requestPeriodEnd: string | null };
  /** Cost calculation request (§2.7); `tourType` is the tour's type id. */
  'booking/cost-calculation': { tourId: number; tourTitle: string; tourType: number };
  /** Program PDF request (§2.7 'PDF request'). */
  'booking/program-pdf': { tourId: number; tourTitle: string };
  /** Login / sign-up (accounts-and-comms §2). `reason` says what asked for it. */
  'account/login': { reason?: 'header' | 'forbidden' | 'call' | 'login-required' };
  /**
   * The captcha modal (accounts-and-comms §2, §4): `type` says which key to use, `action` is the call's action name
   * (`captchaAction`). It closes with the solved token (a string), or with nothing when dismissed.
   */
  'account/captcha': { type: 'captcha' | 'hard_captcha'; action: string };
  /** The internet call panel (accounts-and-comms §2). */
  'comms/call': {
    /** An organizer's line (webCalls.canCallToOrganizer); a call to support when absent. */
    organizerId?: number;
    /** The organizer's name as the page shows it (the panel's callee). */
    calleeName?: string;
    /** The chat the call belongs to. */
    chatId?: number;
  };
}

export type ModalKey = keyof ModalRegistry;
export type ModalProps<K extends ModalKey> = ModalRegistry[K];

/** Every key of the registry at run time (the compiler checks the list is complete and exact). */
export const MODAL_KEYS = ['tour/variants', 'booking/private-tour', 'booking/cost-calculation', 'booking/program-pdf', 'account/login', 'account/captcha', 'comms/call'] as const satisfies readonly ModalKey[];
type Missing = Exclude<ModalKey, (typeof MODAL_KEYS)[number]>;
const complete: [Missing] extends [never] ? true : Missing = true;
void complete;

/** What a registered modal's parcel declares about itself (exported next to its lifecycles as `modal`). */
export interface ModalSpec {
  /** Dialog width in px (the outlet's width classes: 445, 489, 495, 500, 800). */
  width: number;
  /** Id of the element inside the parcel that names the dialog (its title); without it the dialog is named 'Dialog'. */
  labelId?: string;
  /** Persistent modals do not close on an overlay click (§4.13); Escape and × still close them. */
  persistent?: boolean;
}

/** Where a registered modal lives: the owner's remote and its exposed module. */
export function modalAddress(key: ModalKey): { remote: MfeName; module: string } {
  const slash = key.indexOf('/');
  return { remote: `mfe-${key.slice(0, slash)}` as MfeName, module: `./modal/${key.slice(slash + 1)}` };
}

/** What a modal's content receives from the outlet. */
export interface ModalContentProps {
  /** Close this modal; `result` reaches `ModalHandle.closed`. */
  close: (result?: unknown) => void;
}

/** One of an area's own components shown as a modal (same outlet, focus trap, Escape and overlay rules). */
export interface ComponentModal<P extends object> {
  component: ComponentType<P & ModalContentProps>;
  props: P;
  width?: number;
  labelId?: string;
  persistent?: boolean;
}

/** A modal as the outlet (and the test kit) receive it. */
export type ModalRequest =
  | { kind: 'registered'; key: ModalKey; props: ModalProps<ModalKey> }
  | { kind: 'component'; component: ComponentType<ModalContentProps>; props: object; width?: number; labelId?: string; persistent?: boolean };

export interface ModalHandle {
  id: string;
  close: (result?: unknown) => void;
  closed: Promise<unknown>;
}
