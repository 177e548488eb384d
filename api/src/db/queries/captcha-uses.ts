/** Data layer of used captcha challenges (migration 0008): a solved challenge passes once, in any process. */
import type { Db } from '../index';
import { accountsDb } from './travellers';

/**
 * Records a challenge as used; false when it was already (the primary key refuses the second insert, so two
 * processes racing on one token cannot both win).
 */
export async function spendCaptchaChallenge(db: Db, id: string, expiresAt: Date): Promise<boolean> {
  const result = await accountsDb(db).insertInto('captcha_uses').values({ id, expires_at: expiresAt.toISOString() })
    .onConflict((oc) => oc.column('id').doNothing()).executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Forgets challenges that have expired (an expired one is refused before its use is looked up). */
export async function sweepCaptchaUses(db: Db, now: Date): Promise<void> {
  await accountsDb(db).deleteFrom('captcha_uses').where('expires_at', '<', now.toISOString()).execute();
}
