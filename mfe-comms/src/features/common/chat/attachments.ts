/**
 * An attachment's load state (accounts-and-comms §3 'Attachment load status', §4 'Chat'): WAITING → LOADING →
 * FAILED or SUCCESS. The numbers are the API's. The client moves an attachment it uploads itself through the same
 * states; the server's attachment_download_status_was_changed event moves one it fetches. Any other move is ignored,
 * so a late or repeated event never takes a finished attachment back.
 */
import { ATTACHMENT_STATUS, type AttachmentStatus } from '@tours/shared/api';

export { ATTACHMENT_STATUS, type AttachmentStatus };
export type AttachmentStatusName = keyof typeof ATTACHMENT_STATUS;

const NEXT: Readonly<Record<AttachmentStatus, readonly AttachmentStatus[]>> = {
  0: [1, 2, 3],
  1: [2, 3],
  // A failed upload may be tried again: it waits, then loads.
  2: [0, 1],
  3: [],
};

export function isAttachmentStatus(value: unknown): value is AttachmentStatus {
  return value === 0 || value === 1 || value === 2 || value === 3;
}

/** Whether `from` may move to `to`. WAITING may jump straight to an end (an event may have been missed). */
export function canMove(from: AttachmentStatus, to: AttachmentStatus): boolean {
  return NEXT[from].includes(to);
}

/** The state after an attempted move: the new one when allowed, else the old one. */
export function moveAttachment(from: AttachmentStatus, to: AttachmentStatus): AttachmentStatus {
  return canMove(from, to) ? to : from;
}

export function attachmentStatusName(status: AttachmentStatus): AttachmentStatusName {
  return (Object.keys(ATTACHMENT_STATUS) as AttachmentStatusName[]).find((k) => ATTACHMENT_STATUS[k] === status)!;
}

/** Whether the attachment is done (nothing more will happen without the traveller). */
export function isSettled(status: AttachmentStatus): boolean {
  return status === ATTACHMENT_STATUS.FAILED || status === ATTACHMENT_STATUS.SUCCESS;
}
