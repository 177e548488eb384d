/** Data layer of the per-recipient mail counts (migration 0021); the limit and its window are lib/mail-limits.ts's. */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Db } from '../index';
import { prepared, type Arg } from '../prepared';
import type { MailLimitsSchema } from '../schema';

/** The database, or a caller's transaction (a request and its confirmation's count stand or fall together). */
export type MailCountsExecutor = Db | Transaction<MailLimitsSchema>;

const mailDb = (db: Db) => db.kysely as unknown as Kysely<MailLimitsSchema>;

/**
 * Counts one message of `kind` to `recipient` in one statement, so concurrent sends cannot pass the limit together: an
 * upsert that starts a new window (count 1) when the stored one began at or before `cutoff`, else counts up only below
 * `perDay`. Whether it counted.
 */
export async function countMailTo(db: MailCountsExecutor, recipient: string, kind: string, at: string, cutoff: string, perDay: number): Promise<boolean> {
  const k = 'kysely' in db ? mailDb(db) : db;
  return (await countQuery.executeTakeFirst(k, { recipient, kind, at, cutoff, perDay })) !== undefined;
}

// Prepared (db/prepared.ts): every order with a contact runs it, in its transaction.
const countQuery = prepared((k: Kysely<MailLimitsSchema>, arg: Arg<{ recipient: string; kind: string; at: string; cutoff: string; perDay: number }>) => {
  const windowStart = sql.ref('mail_recipient_counts.window_start');
  const count = sql.ref('mail_recipient_counts.count');
  return k.insertInto('mail_recipient_counts')
    .values({ recipient: arg('recipient'), kind: arg('kind'), window_start: arg('at'), count: 1 })
    .onConflict((oc) => oc.columns(['recipient', 'kind'])
      .doUpdateSet({
        count: sql<number>`case when ${windowStart} <= ${arg('cutoff')} then 1 else ${count} + 1 end`,
        window_start: sql<string>`case when ${windowStart} <= ${arg('cutoff')} then excluded.window_start else ${windowStart} end`,
      })
      .where(sql<boolean>`${windowStart} <= ${arg('cutoff')} or ${count} < ${arg('perDay')}`))
    .returning('count');
});

/** Deletes the counts whose window began at or before `cutoff` (they count nothing any more). */
export async function deleteMailCountsBefore(db: Db, cutoff: string): Promise<void> {
  await mailDb(db).deleteFrom('mail_recipient_counts').where('window_start', '<=', cutoff).execute();
}
