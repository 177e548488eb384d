/**
 * The outbox's deliveries claimed in the database (issue 31), so several API processes on one PostgreSQL database
 * send each message once, and a message whose process died on the way is sent by another:
 * - the process that writes a message claims it (`claimed_until` = now + LEASE_MS, written with the row: nobody else
 *   takes an unclaimed row before GRACE_MS) and delivers it, as before;
 * - every process looks for stranded messages every POLL_MS: queued rows whose claim lapsed, or that nobody claimed
 *   GRACE_MS after they were written; it claims them with `for update skip locked` (two processes polling at once
 *   take different rows) and delivers them;
 * - messages written more than a day ago are never taken over (MAX_AGE_MS);
 * - LEASE_MS outlasts a delivery with all its tries (30 s timeout × 4 + 2 + 15 + 60 s ≈ 3.3 min), so a live process is
 *   never overtaken; a dead one's messages go out within LEASE_MS + POLL_MS (a sign-in code lives 10 minutes).
 * A message taken over this way keeps the codes it carried in its stored text (only the writer knew which words were
 * secrets); they expire as any code does. On SQLite (one process) none of this runs.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db';
import { claimStrandedOutboxRows, type ClaimedOutboxRow } from '../db/queries/cluster';

export const LEASE_MS = 5 * 60_000;
const POLL_MS = 10_000;
const GRACE_MS = 30_000;
/** A message stranded longer than this (its process died a day ago) is left as it is, not sent late. */
const MAX_AGE_MS = 24 * 3_600_000;
const BATCH = 20;

export class OutboxClaims {
  private timer: NodeJS.Timeout | null = null;
  private polling: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Polls for stranded messages, handing each claimed one to `deliver` (the column is migration 0024's). */
  async start(deliver: (row: ClaimedOutboxRow) => void): Promise<void> {
    this.timer = setInterval(() => {
      this.polling ??= this.poll(deliver).then(() => {
        this.polling = null;
      });
    }, POLL_MS);
    this.timer.unref();
  }

  /** Until when the writer of a new row owns its delivery (written with the row: db/queries/outbox.ts). */
  writersClaim(): number {
    return this.now() + LEASE_MS;
  }

  /** One look for stranded messages (the timer's; tests call it). Resolves with the rows this process claimed. */
  async poll(deliver: (row: ClaimedOutboxRow) => void): Promise<ClaimedOutboxRow[]> {
    const now = this.now();
    try {
      const rows = await claimStrandedOutboxRows(this.db, now, now + LEASE_MS, GRACE_MS, BATCH, MAX_AGE_MS);
      for (const row of rows) deliver(row);
      if (rows.length) this.log.warn({ outboxIds: rows.map((r) => r.id) }, 'outbox: delivering messages another process left');
      return rows;
    } catch (err) {
      this.log.error({ err }, 'outbox: stranded messages not claimed');
      return [];
    }
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.polling;
  }
}
