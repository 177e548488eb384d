/** Data layer of the outbox (migration 0008): every message the service sends, and what became of it. */
import type { Kysely, Selectable } from 'kysely';
import type { Db } from '../index';
import type { OutboxStatus, OutboxTable } from '../schema';
import { prepared, type Arg } from '../prepared';
import { accountsDb } from './travellers';

export type OutboxRow = Selectable<OutboxTable>;

export interface NewOutboxRow {
  channel: string;
  recipient: string;
  subject: string;
  text: string;
  html: string | null;
  attachments: string | null;
  status: OutboxStatus;
}

/** The outbox with migration 0024's claim column (OutboxTable is 0008's). */
type ClaimedOutboxKysely = Kysely<{ outbox: OutboxTable & { claimed_until: number | null } }>;

const insertRow = prepared((k: ClaimedOutboxKysely, arg: Arg<NewOutboxRow & { created_at: string; claimed_until: number | null }>) => k.insertInto('outbox').values({
  channel: arg('channel'), recipient: arg('recipient'), subject: arg('subject'), text: arg('text'), html: arg('html'), attachments: arg('attachments'),
  status: arg('status'), error: null, created_at: arg('created_at'), sent_at: null, claimed_until: arg('claimed_until'),
}).returning('id'));

/**
 * Writes a message; `claimedUntil`: its writer's claim on the delivery (the cluster's, api/src/cluster/outbox-claims.ts),
 * written with the row rather than by an update after it (issue 31: a statement fewer a message).
 */
export async function insertOutboxRow(db: Db, row: NewOutboxRow, now: Date, claimedUntil: number | null = null): Promise<number> {
  const inserted = await insertRow.executeTakeFirst(accountsDb(db) as unknown as ClaimedOutboxKysely, { ...row, created_at: now.toISOString(), claimed_until: claimedUntil });
  return Number(inserted!.id);
}

export interface OutboxOutcome {
  status: OutboxStatus;
  error: string | null;
  sentAt: Date | null;
  /** The texts as kept from now on (the secrets they carried taken out). */
  text: string;
  html: string | null;
}

export async function setOutboxOutcome(db: Db, id: number, outcome: OutboxOutcome): Promise<void> {
  await accountsDb(db).updateTable('outbox')
    .set({ status: outcome.status, error: outcome.error, sent_at: outcome.sentAt?.toISOString() ?? null, text: outcome.text, html: outcome.html })
    .where('id', '=', id).execute();
}

/** The newest messages first, optionally only those to one recipient. */
export async function outboxRows(db: Db, options: { to?: string; limit: number }): Promise<OutboxRow[]> {
  let q = accountsDb(db).selectFrom('outbox').selectAll();
  if (options.to) q = q.where('recipient', '=', options.to);
  return q.orderBy('id', 'desc').limit(options.limit).execute();
}

/** Deletes the messages written before `before`. */
export async function sweepOutbox(db: Db, before: Date): Promise<void> {
  await accountsDb(db).deleteFrom('outbox').where('created_at', '<', before.toISOString()).execute();
}
