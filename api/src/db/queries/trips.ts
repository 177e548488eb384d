/**
 * My trips (issue 29): a traveller's bookings with what the list shows of each, read in a few batched queries (not the
 * five per request of the full request answer), and a guest's requests joining the account that proves their contact.
 */
import { PAYMENT_STATUS } from '@tours/shared/src/api/schemas/payments';
import { TRIP_TYPES } from '@tours/shared/src/domain/trips';
import type { Login } from '../../domain/logins';
import type { Db } from '../index';
import { prepared, type Arg } from '../prepared';
import type { RequestRow } from '../schema';
import { bookingDb, type BookingDb } from './booking';
import { paymentsDb } from './payments';

export interface TripRows {
  rows: RequestRow[];
  total: number;
  tours: Map<number, Record<string, unknown> & { id: number }>;
  variants: Map<number, { start: string; end: string }>;
  tourists: Map<number, number>;
  /** The first open invoice of each request. */
  due: Map<number, { id: number; amount: number; currency: string }>;
}

/** A page of the traveller's orders and private tours, newest first (ids are random: by when they were sent). */
export async function tripsOf(db: Db, travellerId: number, page: { limit: number; offset: number }): Promise<TripRows> {
  const k = bookingDb(db);
  const mine = k.selectFrom('help_requests').where('traveller_id', '=', travellerId).where('type', 'in', [...TRIP_TYPES]);
  const [rows, count] = await Promise.all([
    mine.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute(),
    mine.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const ids = rows.map((r) => Number(r.id));
  const tourIds = [...new Set(rows.map((r) => r.tour_id).filter((x): x is number => x !== null))];
  const variantIds = [...new Set(rows.map((r) => r.variant_id).filter((x): x is number => x !== null))];
  const [tours, variants, tourists, invoices] = ids.length
    ? await Promise.all([
      tourIds.length
        ? k.selectFrom('tours').select(['id', 'title_en', 'title_cn', 'title_de', 'title_ru', 'slug_en', 'slug_cn', 'slug_de', 'slug_ru']).where('id', 'in', tourIds).execute()
        : [],
      variantIds.length ? k.selectFrom('tour_variants').select(['id', 'start', 'end']).where('id', 'in', variantIds).execute() : [],
      k.selectFrom('request_tourists').select(['request_id', (eb) => eb.fn.countAll<number | string>().as('n')]).where('request_id', 'in', ids).groupBy('request_id').execute(),
      paymentsDb(db).selectFrom('invoices').select(['id', 'request_id', 'amount', 'currency']).where('request_id', 'in', ids)
        .where('status', '=', PAYMENT_STATUS.NEW).orderBy('id').execute(),
    ])
    : [[], [], [], []];
  const due = new Map<number, { id: number; amount: number; currency: string }>();
  for (const x of invoices) if (!due.has(x.request_id)) due.set(x.request_id, { id: Number(x.id), amount: x.amount, currency: x.currency });
  return {
    rows, total: Number(count.n),
    tours: new Map(tours.map((x) => [Number(x.id), { ...x, id: Number(x.id) }])),
    variants: new Map(variants.map((x) => [Number(x.id), { start: x.start, end: x.end }])),
    tourists: new Map(tourists.map((x) => [Number(x.request_id), Number(x.n)])),
    due,
  };
}

/**
 * A guest's requests sent with a contact the traveller has just proved (a code or link sign-in, a confirmed address)
 * become the traveller's: requests without a traveller whose e-mail (or phone) is that login. One indexed update
 * (migration 0022). Answers how many joined. No history entry: the arrival page shows the history to whoever holds the
 * link, and a request typed with someone else's address would tell its sender when that person signed in.
 */
export async function joinGuestRequests(db: Db, travellerId: number, login: Login): Promise<number> {
  const res = await joinQueries[login.kind].run(bookingDb(db), { travellerId, login: login.value });
  return Number(res.numAffectedRows ?? 0);
}

// Prepared (db/prepared.ts): every code sign-in runs one; one query per login kind (the column is in the SQL).
const joinQuery = (column: 'email_login' | 'phone_login') => prepared((k: BookingDb, arg: Arg<{ travellerId: number; login: string }>) => k
  .updateTable('help_requests').set({ traveller_id: arg('travellerId') }).where(column, '=', arg('login')).where('traveller_id', 'is', null));
const joinQueries = { email: joinQuery('email_login'), phone: joinQuery('phone_login') };
