/**
 * Data layer of the staff organizer calls (migration 0016): organizers with their main expert, listed, created,
 * changed and published. Every write bumps the organizer's revision (the public answers' cache keys carry it).
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Db } from '../index';
import type { OrganizerAdminColumns, Schema } from '../schema';

type OrganizerRow = Schema['organizers'] & OrganizerAdminColumns;
type AdminSchema = Omit<Schema, 'organizers'> & { organizers: OrganizerRow };
type AdminKysely = Kysely<AdminSchema>;
type ExpertRow = Schema['experts'];

const adminDb = (db: Db) => db.kysely as unknown as AdminKysely;

/** The organizer's own stored fields a staff write may set (the counts, rating and marks are not theirs to set). */
export type OrganizerWritable = Pick<OrganizerRow,
  'kind' | 'legal_form' | 'region_id' | 'name_en' | 'name_cn' | 'description_en' | 'description_cn' | 'phone' | 'email' | 'since_year' | 'marketplace_requests_with_direct_sale'>;
/** The main expert's names. */
export type MainExpertWritable = Pick<ExpertRow, 'first_name_en' | 'last_name_en' | 'first_name_cn' | 'last_name_cn' | 'first_name_ru' | 'last_name_ru'>;

export interface AdminOrganizer {
  organizer: OrganizerRow;
  /** Its main expert (is_main, else the first), or undefined for an organizer without experts. */
  expert: ExpertRow | undefined;
}

/** The main expert of each organizer of `ids`, by organizer id. */
async function mainExperts(k: AdminKysely | Transaction<AdminSchema>, ids: number[]): Promise<Map<number, ExpertRow>> {
  if (ids.length === 0) return new Map();
  const rows = await k.selectFrom('experts').selectAll().where('organizer_id', 'in', ids).orderBy('organizer_id').orderBy('is_main', 'desc').orderBy('position').orderBy('id').execute();
  const out = new Map<number, ExpertRow>();
  for (const row of rows) if (!out.has(row.organizer_id)) out.set(row.organizer_id, row);
  return out;
}

/** Any organizer, published or not, with its main expert. */
export async function adminOrganizerById(db: Db, id: number): Promise<AdminOrganizer | undefined> {
  const k = adminDb(db);
  const organizer = await k.selectFrom('organizers').selectAll().where('id', '=', id).executeTakeFirst();
  if (!organizer) return undefined;
  return { organizer, expert: (await mainExperts(k, [id])).get(id) };
}

/** '%text%' for LIKE, with the pattern characters of the text taken literally (escape '\'). */
function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface OrganizerListFilter {
  limit: number;
  offset: number;
  published?: boolean;
  /** A text in the organizer's or its experts' names (case-insensitive), or its id. */
  query?: string;
}

/** A page of organizers, newest first, with the count of all that match. */
export async function listOrganizers(db: Db, f: OrganizerListFilter): Promise<{ rows: AdminOrganizer[]; total: number }> {
  const k = adminDb(db);
  const text = f.query?.trim() ?? '';
  let base = k.selectFrom('organizers');
  if (f.published !== undefined) base = base.where('published_on_site', '=', f.published ? 1 : 0);
  if (text) {
    const pattern = likePattern(text);
    // lower() on both sides: PostgreSQL's LIKE is case-sensitive (SQLite's only for non-ASCII letters).
    const like = (column: string) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
    const id = /^\d{1,9}$/.test(text) ? Number(text) : null;
    base = base.where((eb) => eb.or([
      like('organizers.name_en'),
      like('organizers.name_cn'),
      ...(id !== null ? [eb('organizers.id', '=', id)] : []),
      eb.exists(eb.selectFrom('experts').select('experts.id').whereRef('experts.organizer_id', '=', 'organizers.id').where((x) => x.or(
        ['experts.first_name_en', 'experts.last_name_en', 'experts.first_name_cn', 'experts.last_name_cn', 'experts.first_name_ru', 'experts.last_name_ru'].map(like),
      ))),
    ]));
  }
  const [count, organizers] = await Promise.all([
    base.select(sql<number>`cast(count(*) as integer)`.as('n')).executeTakeFirstOrThrow(),
    base.selectAll('organizers').orderBy('organizers.id', 'desc').limit(f.limit).offset(f.offset).execute(),
  ]);
  const experts = await mainExperts(k, organizers.map((o) => o.id));
  return { rows: organizers.map((organizer) => ({ organizer, expert: experts.get(organizer.id) })), total: Number(count.n) };
}

function isUniqueViolation(err: unknown): boolean {
  const code = String((err as { code?: unknown } | null)?.code ?? '');
  return code === '23505' || code.startsWith('SQLITE_CONSTRAINT');
}

/** The PostgreSQL advisory lock that queues creates (any number unique to this use). */
const CREATE_LOCK = 160_016;

/**
 * Creates an organizer and its main expert; answers its id. Catalogue ids are given, not generated (migration 0001):
 * the next one is max + 1. On PostgreSQL creates queue on an advisory lock held to the commit (SQLite has one
 * writer anyway); should another writer still take the id first, the create tries again.
 */
export async function insertOrganizer(db: Db, fields: OrganizerWritable & { published_on_site: number }, expert: MainExpertWritable, now: Date): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await adminDb(db).transaction().execute(async (trx) => {
        if (db.dialect === 'postgres') await sql`select pg_advisory_xact_lock(${CREATE_LOCK})`.execute(trx);
        const next = async (table: 'organizers' | 'experts') =>
          Number((await trx.selectFrom(table).select(sql<number>`coalesce(max(id), 0) + 1`.as('id')).executeTakeFirstOrThrow()).id);
        const id = await next('organizers');
        await trx.insertInto('organizers').values({
          id, ...fields, is_email_verified: 0, is_phone_verified: 0, is_passport_verified: 0,
          rating: 0, reviews_count: 0, tours_count: 0, revision: 1, updated_at: now.toISOString(),
        }).execute();
        await trx.insertInto('experts').values({ id: await next('experts'), organizer_id: id, position: 1, is_main: 1, has_photo: 0, ...expert }).execute();
        return id;
      });
    } catch (err) {
      if (attempt < 5 && isUniqueViolation(err)) continue;
      throw err;
    }
  }
}

/** Changes the fields given (and the main expert's names given); false when there is no such organizer. */
export async function updateOrganizer(db: Db, id: number, fields: Partial<OrganizerWritable>, expert: Partial<MainExpertWritable>, now: Date): Promise<boolean> {
  return adminDb(db).transaction().execute(async (trx) => {
    const res = await trx.updateTable('organizers')
      .set({ ...fields, revision: sql<number>`revision + 1`, updated_at: now.toISOString() })
      .where('id', '=', id).executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) return false;
    if (Object.keys(expert).length > 0) {
      const main = (await mainExperts(trx, [id])).get(id);
      if (main) await trx.updateTable('experts').set(expert).where('id', '=', main.id).execute();
    }
    return true;
  });
}

/** Publishes or hides an organizer; false when there is no such organizer. */
export async function setOrganizerPublished(db: Db, id: number, published: boolean, now: Date): Promise<boolean> {
  const res = await adminDb(db).updateTable('organizers')
    .set({ published_on_site: published ? 1 : 0, revision: sql<number>`revision + 1`, updated_at: now.toISOString() })
    .where('id', '=', id).executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Regions by id (with their names in every language). */
export function regionsByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return adminDb(db).selectFrom('regions').select(['id', 'name_en', 'name_cn', 'name_de', 'name_ru']).where('id', 'in', ids).execute();
}
