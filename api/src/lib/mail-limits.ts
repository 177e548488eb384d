/**
 * Per-recipient limits of what the site sends to an address a visitor typed (issue 28: 25 of 25 programme e-mails
 * with PDFs reached one inbox from 25 visitor addresses, the write limit being per visitor). Every such message counts
 * against its address and kind in the database (mail_recipient_counts, migration 0021), across visitors and processes:
 * at most MAIL_PER_RECIPIENT_PER_DAY (3) in the 24 hours from the first. The count is taken in one statement (an upsert
 * that only counts up below the limit), so concurrent sends cannot pass it together. Over the limit the call answers
 * its error (a field error on the address, or the chat link's 409) and sends nothing.
 */
import type { Db } from '../db';
import { countMailTo, deleteMailCountsBefore, type MailCountsExecutor } from '../db/queries/mail-limits';

/**
 * What is sent to a typed address: programmes (e-mail, WhatsApp), subscriptions, cancellations, chat links, the
 * confirmation of a request received (issue 29: use-cases/booking-notices.ts; not counted for the traveller's own proved contact),
 * and the travel guide of the e-book sheet (issue 29: routes/travel-guide.ts).
 */
export type MailKind = 'programme' | 'programme_subscription' | 'request_cancelled' | 'chat_link' | 'request_received' | 'travel_guide';

const MAIL_WINDOW_MS = 86_400_000;
/** The field error of an address over its limit. */
export const MAIL_LIMIT_MESSAGE = 'Too many messages have been sent to this address today. Please try again tomorrow.';
/** Counts older than a window are deleted at most this often. */
const SWEEP_EVERY_MS = 3_600_000;

const lastSweep = new WeakMap<Db, number>();

/**
 * Counts one message of `kind` to `recipient` (lower case) when it is within `perDay`; false, counting nothing, when
 * the address has had `perDay` of them in the 24 hours from its first. perDay 0: no limit.
 */
export async function takeMailAllowance(db: MailCountsExecutor, recipient: string, kind: MailKind, perDay: number, now: number): Promise<boolean> {
  if (perDay === 0) return true;
  const counted = await countMailTo(db, recipient, kind, new Date(now).toISOString(), new Date(now - MAIL_WINDOW_MS).toISOString(), perDay);
  // In a caller's transaction: no sweep (the database's next count sweeps).
  if ('kysely' in db) await sweep(db, now);
  return counted;
}

/** Deletes expired counts, at most once an hour per database. */
async function sweep(db: Db, now: number): Promise<void> {
  if (now - (lastSweep.get(db) ?? 0) < SWEEP_EVERY_MS) return;
  lastSweep.set(db, now);
  await deleteMailCountsBefore(db, new Date(now - MAIL_WINDOW_MS).toISOString());
}
