/**
 * The agent console's development accounts (issue 15), made on start in DEV_MODE when missing (never changed once
 * there, so a changed password stays changed). Their passwords are public: they are for this machine only.
 *
 * - support@tours.example / support-dev-password: support (every support chat);
 * - organizer@tours.example / organizer-dev-password: the staff of the first organizer (its chats).
 *
 * The staff tools on the tour page (issue 16): support staff with each combination of the two permissions
 * (migration 0015; the two above have none): staff.none@, staff.knowledge@, staff.commission@ and staff.all@
 * tours.example, password staff-dev-password. With them, while no tour has any, back-office data of three published
 * tours (the first potentially dangerous, the second archived; commissions), so the panel's alerts show something.
 *
 * With them, while there is no chat at all, a demo traveller (demo.traveller@tours.example: sign in with a code from
 * the outbox page) with a support chat and a chat with that organizer, a few messages each, so the console shows
 * something on a fresh machine.
 */
import { chatDb, findOrCreateChat, insertMessage, insertStaff, staffByLogin } from '../queries/chat';
import { insertTraveller, travellerByLogin } from '../queries/travellers';
import { hasTourStaffData, saveTourStaffData, setStaffPermissions } from '../queries/staff';
import { hashPassword } from '../../lib/passwords';
import type { Db } from '../index';

export const DEV_STAFF = [
  { login: 'support@tours.example', password: 'support-dev-password', name: 'Anna (Support)', kind: 'support' },
  { login: 'organizer@tours.example', password: 'organizer-dev-password', name: 'Oleg (Organizer)', kind: 'organizer' },
  // Issue 16: each combination of the staff tools' permissions.
  { login: 'staff.none@tours.example', password: 'staff-dev-password', name: 'Nina (Staff, no permissions)', kind: 'support', can_use_knowledge: false, can_view_commission: false },
  { login: 'staff.knowledge@tours.example', password: 'staff-dev-password', name: 'Kirill (Staff, knowledge)', kind: 'support', can_use_knowledge: true, can_view_commission: false },
  { login: 'staff.commission@tours.example', password: 'staff-dev-password', name: 'Vera (Staff, private data)', kind: 'support', can_use_knowledge: false, can_view_commission: true },
  { login: 'staff.all@tours.example', password: 'staff-dev-password', name: 'Alla (Staff, all permissions)', kind: 'support', can_use_knowledge: true, can_view_commission: true },
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
      const id = await insertStaff(db, { login: staff.login, name: staff.name, kind: staff.kind, organizer_id: organizerId, password_hash: await hashPassword(staff.password) }, now);
      if ('can_use_knowledge' in staff) await setStaffPermissions(db, id, { can_use_knowledge: staff.can_use_knowledge, can_view_commission: staff.can_view_commission });
      made.push(staff.login);
    } catch {
      // Another process made it meanwhile (the login is unique).
    }
  }
  await ensureTourStaffData(db, now);
  return made;
}

/** The staff tools' development data (issue 16): written only while no tour has any. */
async function ensureTourStaffData(db: Db, now: Date): Promise<void> {
  if (await hasTourStaffData(db)) return;
  const tours = await db.kysely.selectFrom('tours').select('id').where('is_published', '=', 1).orderBy('id').limit(3).execute();
  const rows = [
    { is_archived: 0, is_potentially_dangerous: 1, danger_reason: 'Rafting on a category IV river', rejection_reason: 'Published with a certified instructor on every raft', commission_percent: 15 },
    { is_archived: 1, is_potentially_dangerous: 0, danger_reason: null, rejection_reason: null, commission_percent: 12 },
    { is_archived: 0, is_potentially_dangerous: 0, danger_reason: null, rejection_reason: null, commission_percent: 18 },
  ];
  try {
    for (const [i, tour] of tours.entries()) await saveTourStaffData(db, { tour_id: tour.id, ...rows[i]! }, now);
  } catch {
    // Another process wrote them meanwhile.
  }
}

const DEMO_TRAVELLER_EMAIL = 'demo.traveller@tours.example';

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
