/**
 * The agent console's development accounts (issue 15), made on start in DEV_MODE when missing (never changed once
 * there, so a changed password stays changed). Their passwords are public: they are for this machine only.
 *
 * - support@tours.example / support-dev-password: support (every support chat);
 * - organizer@tours.example / organizer-dev-password: the staff of the first organizer (its chats).
 *
 * With them, while there is no chat at all, a demo traveller (demo.traveller@tours.example: sign in with a code from
 * the outbox page) with a support chat and a chat with that organizer, a few messages each, so the console shows
 * something on a fresh machine.
 */
import { chatDb, findOrCreateChat, insertMessage, insertStaff, staffByLogin } from '../queries/chat';
import { insertTraveller, travellerByLogin } from '../queries/travellers';
import { hashPassword } from '../../lib/passwords';
import type { Db } from '../index';

export const DEV_STAFF = [
  { login: 'support@tours.example', password: 'support-dev-password', name: 'Anna (Support)', kind: 'support' },
  { login: 'organizer@tours.example', password: 'organizer-dev-password', name: 'Oleg (Organizer)', kind: 'organizer' },
] as const;

/** Makes the development staff accounts that are missing; answers the logins made. */
export async function ensureStaffAccounts(db: Db, now = new Date()): Promise<string[]> {
  const made: string[] = [];
  const firstOrganizer = await db.kysely.selectFrom('organizers').select('id').orderBy('id').limit(1).executeTakeFirst();
  for (const staff of DEV_STAFF) {
    if (await staffByLogin(db, staff.login)) continue;
    const organizerId = staff.kind === 'organizer' ? firstOrganizer?.id ?? null : null;
    if (staff.kind === 'organizer' && organizerId === null) continue;
    try {
      await insertStaff(db, { login: staff.login, name: staff.name, kind: staff.kind, organizer_id: organizerId, password_hash: await hashPassword(staff.password) }, now);
      made.push(staff.login);
    } catch {
      // Another process made it meanwhile (the login is unique).
    }
  }
  return made;
}

export const DEMO_TRAVELLER_EMAIL = 'demo.traveller@tours.example';

/** The demo chats, made only while no chat exists (answers whether they were made). */
export async function ensureDemoChats(db: Db, now = new Date()): Promise<boolean> {
  const k = chatDb(db);
  if (await k.selectFrom('chats').select('id').limit(1).executeTakeFirst()) return false;
  const support = await staffByLogin(db, DEV_STAFF[0].login);
  const organizerStaff = await staffByLogin(db, DEV_STAFF[1].login);
  if (!support) return false;
  const travellerId = Number((await travellerByLogin(db, { kind: 'email', value: DEMO_TRAVELLER_EMAIL }))?.id
    ?? await insertTraveller(db, { first_name: 'Demo', last_name: 'Traveller', email: DEMO_TRAVELLER_EMAIL, language: 'en' }, now));
  const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000);
  const { chat } = await findOrCreateChat(db, { traveller_id: travellerId, kind: 'support', organizer_id: null, site_id: 1, tour_id: null }, at(60));
  const text = (author: 'traveller' | 'staff', body: string, minutesAgo: number, staffId: number | null) =>
    insertMessage(db, { chat_id: Number(chat.id), author, staff_id: staffId, text: body, file_id: null, client_id: null }, at(minutesAgo));
  await text('traveller', 'Hello! Are there places left on the Baikal ice tour in March?', 50, null);
  await text('staff', 'Hello! Yes, there are six places left on the March 8 departure. Shall I hold two for you?', 45, Number(support.id));
  await text('traveller', 'Yes, please: two adults.', 40, null);
  if (organizerStaff?.organizer_id) {
    const tour = await db.kysely.selectFrom('tours').select('id').where('organizer_id', '=', organizerStaff.organizer_id).orderBy('id').limit(1).executeTakeFirst();
    const org = await findOrCreateChat(db, { traveller_id: travellerId, kind: 'organizer', organizer_id: organizerStaff.organizer_id, site_id: 1, tour_id: tour?.id ?? null }, at(30));
    await insertMessage(db, { chat_id: Number(org.chat.id), author: 'traveller', staff_id: null, text: 'Is hotel pick-up included?', file_id: null, client_id: null }, at(30));
  }
  return true;
}
