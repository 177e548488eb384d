/**
 * The development organizer-meet contract (issue 16), made on start in DEV_MODE only: a contract of the first organizer
 * opened by a fixed, public key, so a maintainer can open the contract page locally without a staff call:
 * http://localhost:8080/ru/organizer-meet/dev-organizer-meet-key-00000000000000000000 (README 'Organizer-meet pages').
 * Its key is stored hashed like any other and is given 30 more days on every start. Never made outside DEV_MODE: a
 * published key would open the contract to anyone.
 */
import { ORGANIZER_MEET_KEY_DAYS } from '@tours/shared/src/api/schemas/organizer-meet';
import { contractByKey, insertContract, issueMeetKey } from '../queries/organizer-meet';
import type { Db } from '../index';

/** 43 characters of base64url, like a real key; public, so development only. */
export const DEV_ORGANIZER_MEET_KEY = 'dev-organizer-meet-key-00000000000000000000';

/** Makes the development contract and key when missing, renews the key; answers the key's contract id. */
export async function ensureDevOrganizerMeetKey(db: Db, now = new Date()): Promise<number> {
  const expiresAt = new Date(now.getTime() + ORGANIZER_MEET_KEY_DAYS * 86_400_000);
  const known = await contractByKey(db, DEV_ORGANIZER_MEET_KEY, new Date(0));
  let contractId = known ? Number(known.contract.id) : null;
  if (contractId === null) {
    const first = await db.kysely.selectFrom('organizers').select('id').orderBy('id').limit(1).executeTakeFirst();
    contractId = Number((await insertContract(db, { organizerId: first ? Number(first.id) : null, staffId: null }, now)).id);
  }
  await issueMeetKey(db, contractId, DEV_ORGANIZER_MEET_KEY, expiresAt, null, now);
  return contractId;
}
