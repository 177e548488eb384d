/**
 * Data layer of the sign-in guards (migration 0020): the service's own secrets, known devices, wrong-password
 * counts and the one-a-day notices of refused codes. The rules are lib/password-guard.ts's and lib/known-devices.ts's.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Db } from '../index';
import type { PasswordGuardTable, Schema, SignInGuardsSchema } from '../schema';
import { prepared, type Arg } from '../prepared';

type GuardsKysely = Kysely<Schema & SignInGuardsSchema>;
const guardsDb = (db: Db): GuardsKysely => db.kysely as unknown as GuardsKysely;

export type PasswordGuardRow = Selectable<PasswordGuardTable>;

/**
 * The secret kept under `name`, made (32 random bytes, hex) the first time it is asked for. Two processes starting at
 * once both read the one that was stored first (the primary key keeps the second insert out).
 */
export async function keptSecret(db: Db, name: string, now: Date): Promise<string> {
  const k = guardsDb(db);
  const read = () => k.selectFrom('service_secrets').select('value').where('name', '=', name).executeTakeFirst();
  const kept = await read();
  if (kept) return kept.value;
  await k.insertInto('service_secrets').values({ name, value: randomBytes(32).toString('hex'), created_at: now.toISOString() })
    .onConflict((oc) => oc.column('name').doNothing()).execute();
  return (await read())!.value;
}

/** Whether the account signed in from the device before. */
export async function isKnownDevice(db: Db, account: string, deviceHash: string): Promise<boolean> {
  return Boolean(await knownDevice.executeTakeFirst(guardsDb(db), { account, deviceHash }));
}

const knownDevice = prepared((k: GuardsKysely, arg: Arg<{ account: string; deviceHash: string }>) => k.selectFrom('known_devices').select('account')
  .where('account', '=', arg('account')).where('device_hash', '=', arg('deviceHash')));

/** Records a sign-in of the account from the device (a sign-in's one extra statement). */
export async function rememberDevice(db: Db, account: string, deviceHash: string, now: Date): Promise<void> {
  await upsertDevice.run(guardsDb(db), { account, deviceHash, now: now.toISOString() });
}

const upsertDevice = prepared((k: GuardsKysely, arg: Arg<{ account: string; deviceHash: string; now: string }>) => k.insertInto('known_devices')
  .values({ account: arg('account'), device_hash: arg('deviceHash'), created_at: arg('now'), last_seen_at: arg('now') })
  .onConflict((oc) => oc.columns(['account', 'device_hash']).doUpdateSet({ last_seen_at: arg('now') })));

/** Forgets devices not seen since `before`. */
export async function sweepKnownDevices(db: Db, before: Date): Promise<void> {
  await guardsDb(db).deleteFrom('known_devices').where('last_seen_at', '<', before.toISOString()).execute();
}

export async function passwordGuard(db: Db, subject: string): Promise<PasswordGuardRow | undefined> {
  return guardsDb(db).selectFrom('password_guards').selectAll().where('subject', '=', subject).executeTakeFirst();
}

/** The first failure of a subject; false when it has a row already (the caller reads it and tries again). */
export async function insertPasswordGuard(db: Db, row: PasswordGuardRow): Promise<boolean> {
  const result = await guardsDb(db).insertInto('password_guards').values(row).onConflict((oc) => oc.column('subject').doNothing()).executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * Moves a subject's row from `seen` (as it was read) to `next`, only while nobody changed it meanwhile: false when
 * another try got there first (the caller reads it again). Tries at once are so counted one by one.
 */
export async function replacePasswordGuard(db: Db, seen: PasswordGuardRow, next: Omit<PasswordGuardRow, 'subject'>): Promise<boolean> {
  const result = await guardsDb(db).updateTable('password_guards').set(next)
    .where('subject', '=', seen.subject).where('failures', '=', seen.failures).where('last_failure_at', '=', seen.last_failure_at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A subject starts afresh (its password was right). */
export async function clearPasswordGuard(db: Db, subject: string): Promise<void> {
  await guardsDb(db).deleteFrom('password_guards').where('subject', '=', subject).execute();
}

/** Forgets subjects whose last failure was before `before` and that refuse nothing any more. */
export async function sweepPasswordGuards(db: Db, before: Date, now: Date): Promise<void> {
  await guardsDb(db).deleteFrom('password_guards').where('last_failure_at', '<', before.toISOString())
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now.toISOString())])).execute();
}

/**
 * Claims the day's notice for a login: true when none went to it since `since` (and records this one), false when
 * one did. Atomic, so a burst of refused sends at once gives one notice.
 */
export async function claimCodeNotice(db: Db, login: string, since: Date, now: Date): Promise<boolean> {
  const result = await guardsDb(db).insertInto('code_notices').values({ login, sent_at: now.toISOString() })
    .onConflict((oc) => oc.column('login').doUpdateSet({ sent_at: now.toISOString() }).where('code_notices.sent_at', '<', since.toISOString()))
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Forgets notices sent before `before`. */
export async function sweepCodeNotices(db: Db, before: Date): Promise<void> {
  await guardsDb(db).deleteFrom('code_notices').where('sent_at', '<', before.toISOString()).execute();
}
