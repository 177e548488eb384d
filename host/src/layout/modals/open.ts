import type { ComponentType } from 'react';
import { LAYOUT, TIMING, type HostContext, type ModalContentProps, type ModalHandle } from '@tours/shared';

/** Host modal components take their own props besides `close`; the outlet passes them through. */
export function asModal<P extends { close: ModalContentProps['close'] }>(component: ComponentType<P>): ComponentType<ModalContentProps> {
  return component as unknown as ComponentType<ModalContentProps>;
}

/** Opens a host-side modal component with its props. */
export function openComponentModal<P extends { close: ModalContentProps['close'] }>(
  host: HostContext,
  component: ComponentType<P>,
  props: Omit<P, 'close'>,
  options: { width?: number; labelId?: string; persistent?: boolean } = {},
): ModalHandle {
  return host.openModal({ kind: 'component', component: asModal(component), props: props as Record<string, unknown>, ...options });
}

/** Success alerts open a moment after the form's modal has closed (§9 'Success alert delay', 400 ms). */
export function afterModalClose(run: () => void): void {
  window.setTimeout(run, TIMING.successAlertDelayMs);
}

export const SUCCESS_WIDTH = LAYOUT.successModalWidth;
