/**
 * After the request (issue 29, items 1 and 8): the traveller is told, in their language, through the outbox — the
 * request received with the booking's link (an SMS when only a phone was given), confirmed with the invoice and a link to
 * pay it, each payment's receipt, the cancellation with what was paid and what happens to it — a changed e-mail's old
 * address is told, sign-in codes follow the account's language; My trips lists the traveller's bookings, and a guest's
 * requests join the account that proves the same e-mail or phone. Messages are read from the outbox page, as a
 * developer reads them.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { SubmitOrderAnswer } from '@tours/shared/src/api/schemas/booking';
import { MyTripsAnswer } from '@tours/shared/src/api/schemas/trips';
import { formatPrice } from '@tours/shared/src/domain/price';
import { daysBefore } from '@tours/shared/src/domain/cancellation';
import { bookingDb, requestById } from '../src/db/queries/booking';
import { insertTraveller, issueToken, updateTraveller } from '../src/db/queries/travellers';
import { expectShape, get, lastCode, outboxTo, TODAY, type OutboxEntry, postJson, withTestServer } from './helpers';

let tour: { id: number; variant: number; start: string; price: number };
const SITE = 'https://site.example';

type Json = Record<string, unknown>;
type Mail = OutboxEntry & { html: string | null };

const post = (url: string, body: unknown, headers: Record<string, string> = {}) => postJson(app, url, body, headers);

/** The messages to a recipient, newest first (with their HTML). */
const mailTo = async (to: string): Promise<Mail[]> => (await outboxTo(app, to)) as Mail[];

const order = (extra: Json = {}) => ({
  data: { tour_id: tour.id, dates: tour.variant, adults: 2, children: 1, name: 'Anna Petrova', phone: '+7 916 123-45-67', email: 'anna@example.com', agree: true, currency: 'EUR', ...extra },
});

/** An order sent as the site sends it (one key per submit); answers what the API answered. */
async function submit(extra: Json = {}, headers: Record<string, string> = {}) {
  const res = await post('/spa/submit-order', order(extra), { 'idempotency-key': `ar-${randomUUID()}`, ...headers });
  expect(res.status).toBe(200);
  return expectShape(res.body, SubmitOrderAnswer);
}

/** A signed-in traveller: an account with a profile language and proved contacts. */
async function traveller(fields: { email?: string; phone?: string; language?: string; first_name?: string }) {
  const id = await insertTraveller(t.db, { first_name: fields.first_name ?? 'Greta', last_name: 'Test', email: fields.email ?? null, phone: fields.phone ?? null, language: fields.language ?? null });
  const now = new Date().toISOString();
  await updateTraveller(t.db, id, { ...(fields.email ? { email_confirmed_at: now } : {}), ...(fields.phone ? { phone_confirmed_at: now } : {}) }, new Date());
  return { id, auth: { 'x-authorization': `Bearer ${await issueToken(t.db, id)}` } };
}

/** Signs a login in by its one-time code (read from the outbox) as the login modal does; answers the session header. */
async function signInByCode(login: string, headers: Record<string, string> = {}): Promise<Record<string, string>> {
  expect((await post('/crm/api/user/send-auth-code', { login }, headers)).status).toBe(200);
  const res = await post('/crm/api/user/auth-via-code', { login, code: await lastCode(app, login) }, headers);
  expect(res.status).toBe(200);
  return { 'x-authorization': `Bearer ${res.body.token as string}` };
}

const confirm = (id: number) => post(`/internal/requests/${id}/confirm`, {});

/** Pays a request's open invoice in the sandbox (Pay on the provider's page). */
async function pay(uuid: string): Promise<void> {
  const request = (await get(app, `/crm/api/request/get-by-uuid?uuid=${uuid}`)).body as { request: { invoices: { id: number; can_pay: boolean }[] } };
  const invoice = request.request.invoices.find((x) => x.can_pay)!;
  const created = await post('/crm/api/payment/create', { invoice_id: invoice.id, uuid });
  expect(created.status).toBe(200);
  const path = new URL(created.body.url as string).pathname;
  const res = await app.inject({ method: 'POST', url: `${path}/pay`, payload: '', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  expect(res.statusCode).toBe(303);
}

const myTrips = async (auth: Record<string, string>, query = '') => {
  const res = await get(app, `/crm/api/request/my-trips${query}`, auth);
  expect(res.status).toBe(200);
  return expectShape(res.body, MyTripsAnswer);
};

const { t, app } = withTestServer({ devMode: true, siteOrigin: SITE });
beforeAll(async () => {
  const k = t.db.kysely as unknown as Kysely<Record<string, Record<string, number | string>>>;
  const open = (await k.selectFrom('tour_variants as v').innerJoin('tours as t', 't.id', 'v.tour_id')
    .select(['v.id as variant', 'v.tour_id as tour', 'v.start as start', 'v.price as price']).where('t.is_published', '=', 1).where('v.is_busy', '=', 0)
    .where('v.start', '>', TODAY).orderBy('v.start').orderBy('v.id').execute()) as { variant: number; tour: number; start: string; price: number }[];
  tour = { id: open[0]!.tour, variant: open[0]!.variant, start: open[0]!.start, price: open[0]!.price };
  await k.updateTable('tour_variants').set({ number_of_free_seats: 10_000 }).where('id', '=', tour.variant).execute();
  // The tour's cancellation terms: free from a day after the start's distance on, half of what was paid from today on.
  const days = daysBefore(tour.start, TODAY);
  await k.deleteFrom('penalties').where('tour_id', '=', tour.id).execute();
  await k.insertInto('penalties').values([
    { id: 900_001, tour_id: tour.id, days_from: days + 1, days_to: null, percent: 0 },
    { id: 900_002, tour_id: tour.id, days_from: 0, days_to: days, percent: 50 },
  ] as never).execute();
}, 60_000);

describe('the request received', () => {
  test('a signed-in traveller with a German profile gets it in German from an English page, with the booking\'s link; the answer says where it went', async () => {
    const greta = await traveller({ email: 'greta@example.com', language: 'de' });
    const answer = await submit({ email: 'greta@example.com', name: 'Greta Test' }, { ...greta.auth, 'x-language': 'en' });
    expect(answer.confirmation).toEqual({ channel: 'email', to: 'g***a@example.com' });
    const [mail] = await mailTo('greta@example.com');
    expect(mail).toMatchObject({ channel: 'email', subject: expect.stringMatching(new RegExp(`^Anfrage Nr\\. ${answer.request_id} eingegangen: `)) });
    const link = `${SITE}/de/arrival/${answer.requestUUID}`;
    expect(mail!.links).toContain(link);
    expect(mail!.text).toContain('Guten Tag Greta Test,');
    expect(mail!.text).toContain('Reisende: 2 Erwachsene, 1 Kind');
    expect(mail!.text).toContain('Wartet auf Bestätigung');
    // Plain, accessible HTML beside the text: the language, a heading, the facts' row headers, a link with words.
    expect(mail!.html).toContain('<html lang="de-DE">');
    expect(mail!.html).toMatch(/<h1>Wir haben Ihre Anfrage Nr\. \d+ erhalten<\/h1>/);
    expect(mail!.html).toContain('<th scope="row" align="left">Reisende</th><td>2 Erwachsene, 1 Kind</td>');
    expect(mail!.html).toContain(`<a href="${link}">Ihre Buchung öffnen</a>`);
    // The link opens the booking for whoever holds it (the arrival page's call).
    expect((await get(app, `/crm/api/request/get-by-uuid?uuid=${answer.requestUUID}`)).status).toBe(200);
  });

  test('a guest gets it in the language of the page they sent it from; names and comments stay text in the HTML', async () => {
    const answer = await submit({ email: 'pyotr@example.com', name: 'Пётр <b>Иванов</b>' }, { 'x-language': 'ru' });
    const [mail] = await mailTo('pyotr@example.com');
    expect(mail!.subject).toMatch(new RegExp(`^Заявка №${answer.request_id} получена`));
    expect(mail!.text).toContain('Здравствуйте, Пётр <b>Иванов</b>!');
    expect(mail!.html).toContain('Пётр &#60;b&#62;Иванов&#60;/b&#62;');
    expect(mail!.links).toContain(`${SITE}/ru/arrival/${answer.requestUUID}`);
  });

  test('only a phone given: an SMS with the link, and the answer names the number masked', async () => {
    const answer = await submit({ email: '', phone: '+7 (912) 555-01-02' }, { 'x-language': 'en' });
    expect(answer.confirmation).toEqual({ channel: 'sms', to: '+7********02' });
    const [sms] = await mailTo('+79125550102');
    expect(sms).toMatchObject({ channel: 'sms', subject: '' });
    expect(sms!.text).toBe(`Request #${answer.request_id} received. Your booking (tourists, payment, cancellation): ${SITE}/en/arrival/${answer.requestUUID}`);
  });

  test('a resend of the same submit tells nobody again; a help request that is not a booking gets no confirmation', async () => {
    const key = `ar-${randomUUID()}`;
    const first = await post('/spa/submit-order', order({ email: 'once@example.com' }), { 'idempotency-key': key });
    const again = await post('/spa/submit-order', order({ email: 'once@example.com' }), { 'idempotency-key': key });
    // The resend's answer is the first one's, where its confirmation went included.
    expect(again.body).toEqual({ request_id: first.body.request_id, requestUUID: first.body.requestUUID, confirmation: { channel: 'email', to: 'o***e@example.com' } });
    expect(await mailTo('once@example.com')).toHaveLength(1);
    const callback = await post('/spa/submit-help-request', { data: { type: 'phone_call_request', name: 'Ann', phone: '+79990001122', email: 'callback@example.com' } }, { 'idempotency-key': `ar-${randomUUID()}` });
    expect(callback.status).toBe(200);
    expect(await mailTo('callback@example.com')).toEqual([]);
  });

  test('a private tour is a booking too: its traveller gets the confirmation', async () => {
    // Requested any day from today on (no request period), so the rule does not depend on what the seed drew.
    await bookingDb(t.db).updateTable('tours').set({ use_request_period: 0 }).where('id', '=', tour.id).execute();
    const day = (n: number) => new Date(Date.parse(`${TODAY}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10).replace(/-/g, '');
    const res = await post('/spa/submit-help-request', {
      data: { type: 'individual_tour', tour: tour.id, name: 'Lena', phone: '+79990002233', email: 'lena@example.com', individual: true, individual_dates: `${day(30)}-${day(37)}`, adults: 2 },
    }, { 'idempotency-key': `ar-${randomUUID()}`, 'x-language': 'en' });
    expect(res.status).toBe(200);
    const [mail] = await mailTo('lena@example.com');
    expect(mail!.subject).toMatch(new RegExp(`^Request #${String(res.body.request_id)} received`));
    expect(mail!.links).toContain(`${SITE}/en/arrival/${String(res.body.requestUUID)}`);
  });

  test('a stranger\'s typed address gets at most 3 a day; the traveller\'s own proved address is never capped', async () => {
    const sent = [];
    for (let i = 0; i < 4; i++) sent.push((await submit({ email: 'stranger@example.com' })).confirmation);
    expect(sent).toEqual([...Array(3).fill({ channel: 'email', to: 's***r@example.com' }), null]);
    expect(await mailTo('stranger@example.com')).toHaveLength(3);
    const own = await traveller({ email: 'frequent@example.com' });
    for (let i = 0; i < 4; i++) expect((await submit({ email: 'frequent@example.com' }, own.auth)).confirmation).toEqual({ channel: 'email', to: 'f***t@example.com' });
    expect(await mailTo('frequent@example.com')).toHaveLength(4);
  });
});

describe('confirmed, paid, cancelled', () => {
  test('confirmation: the invoice and a link to pay it, once; the receipt of the payment, once; in the profile\'s language', async () => {
    const hans = await traveller({ email: 'hans@example.com', language: 'de' });
    const { request_id: id, requestUUID: uuid } = await submit({ email: 'hans@example.com', name: 'Hans', currency: 'EUR' }, { ...hans.auth, 'x-language': 'en' });
    expect((await confirm(id)).status).toBe(200);
    expect((await confirm(id)).status).toBe(200);
    const confirmed = (await mailTo('hans@example.com')).filter((m) => m.subject.includes('bestätigt'));
    expect(confirmed).toHaveLength(1);
    const request = (await get(app, `/crm/api/request/get-by-uuid?uuid=${uuid}`)).body as { request: { agreement: { amount: number }; invoices: { id: number; amount: number; currency: string }[] } };
    const invoice = request.request.invoices[0]!;
    const due = formatPrice(invoice.amount, invoice.currency);
    expect(confirmed[0]!.subject).toBe(`Ihre Buchung Nr. ${id} ist bestätigt: Rechnung zu bezahlen`);
    expect(confirmed[0]!.text).toContain(`Reisevertrag: TA-${id}`);
    expect(confirmed[0]!.text).toContain(`Rechnung: Nr. ${invoice.id}, Anzahlung`);
    expect(confirmed[0]!.text).toContain(`Jetzt zu zahlen: ${due}`);
    expect(confirmed[0]!.text).toContain(`${due} bezahlen:\n${SITE}/de/arrival/${uuid}`);
    expect(confirmed[0]!.html).toContain(`<a href="${SITE}/de/arrival/${uuid}">${due} bezahlen</a>`);

    await pay(uuid);
    const receipts = (await mailTo('hans@example.com')).filter((m) => m.subject.startsWith('Zahlung für Buchung'));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.subject).toBe(`Zahlung für Buchung Nr. ${id} erhalten: ${due}`);
    expect(receipts[0]!.text).toContain(`Bezahlt: ${due}`);
    expect(receipts[0]!.text).toContain('Zahlungsart: Bankkarte');
    expect(receipts[0]!.text).toContain(`Insgesamt bezahlt: ${due}`);
    expect(receipts[0]!.text).toContain(`Noch offen: ${formatPrice(request.request.agreement.amount - invoice.amount, invoice.currency)}`);
  });

  test('a declined payment sends no receipt', async () => {
    const { request_id: id, requestUUID: uuid } = await submit({ email: 'declined@example.com' });
    await confirm(id);
    const request = (await get(app, `/crm/api/request/get-by-uuid?uuid=${uuid}`)).body as { request: { invoices: { id: number }[] } };
    const created = await post('/crm/api/payment/create', { invoice_id: request.request.invoices[0]!.id, uuid });
    await app.inject({ method: 'POST', url: `${new URL(created.body.url as string).pathname}/decline`, payload: '', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    const subjects = (await mailTo('declined@example.com')).map((m) => m.subject);
    expect(subjects).toEqual([`Your booking #${id} is confirmed: invoice to pay`, expect.stringMatching(new RegExp(`^Request #${id} received`))]);
  });

  test('the cancellation of a German profile is in German (it was English), with what was paid and what the tour\'s terms retain and refund', async () => {
    const greta = await traveller({ email: 'greta.paid@example.com', language: 'de' });
    const { request_id: id, requestUUID: uuid } = await submit({ email: 'greta.paid@example.com', currency: 'EUR' }, { ...greta.auth, 'x-language': 'en' });
    await confirm(id);
    await pay(uuid);
    // Before cancelling, the arrival page's answer says what cancelling now does to the money, by the same rule.
    const before = (await get(app, `/crm/api/request/get-by-uuid?uuid=${uuid}`)).body as { request: { invoices: { amount: number; currency: string; status: number }[]; cancellation: unknown } };
    const paidInvoice = before.request.invoices.find((x) => x.status === 2)!;
    expect(before.request.cancellation).toEqual({
      paid: paidInvoice.amount, currency: paidInvoice.currency, percent: 50, retained: Math.round(paidInvoice.amount / 2), refund: paidInvoice.amount - Math.round(paidInvoice.amount / 2),
    });
    const res = await post('/crm/api/request/cancel', { id, message: 'Krank', notify_client: true }, { ...greta.auth, 'x-language': 'en' });
    // Cancelled: nothing more to decide.
    expect((res.body.request as Json).cancellation).toBeNull();
    expect(res.status).toBe(200);
    const [mail] = await mailTo('greta.paid@example.com');
    expect(mail!.subject).toBe(`Ihre Anfrage Nr. ${id} wurde storniert`);
    const invoice = ((res.body.request as Json).invoices as { amount: number; currency: string; status: number }[]).find((x) => x.status === 2)!;
    const [paid, half] = [formatPrice(invoice.amount, invoice.currency), formatPrice(Math.round(invoice.amount / 2), invoice.currency)];
    const rest = formatPrice(invoice.amount - Math.round(invoice.amount / 2), invoice.currency);
    expect(mail!.text).toContain('Ihre Nachricht: „Krank“');
    expect(mail!.text).toContain(`Sie haben ${paid} bezahlt. Nach den Stornobedingungen der Tour werden bei einer Stornierung 0–${daysBefore(tour.start, TODAY)} Tage vor Beginn 50 % des bezahlten Betrags einbehalten: ${half} werden einbehalten, ${rest} werden auf dem Zahlungsweg erstattet.`);
    expect(mail!.text).toContain(`Einbehalten: ${half}`);
    expect(mail!.text).toContain(`Wird erstattet: ${rest}`);
  });

  test('cancelling an unpaid guest booking with only a phone: an SMS saying nothing was paid', async () => {
    const answer = await submit({ email: '', phone: '+7 912 555-77-88' }, { 'x-language': 'en' });
    // Nothing paid: the arrival page has nothing to say about money.
    expect(((await get(app, `/crm/api/request/get-by-uuid?uuid=${answer.requestUUID}`)).body as { request: Json }).request.cancellation).toBeNull();
    const res = await post('/crm/api/request/cancel', { id: answer.request_id, uuid: answer.requestUUID, notify_client: true }, { 'x-language': 'de' });
    expect(res.status).toBe(200);
    const [sms] = await mailTo('+79125557788');
    expect(sms).toMatchObject({ channel: 'sms', text: `Request #${answer.request_id} cancelled. Nothing was paid. ${SITE}/en/arrival/${answer.requestUUID}` });
  });
});

describe('messages to an account', () => {
  test('an e-mail change tells the old address, in the profile\'s language, with the new one masked and no link that undoes it', async () => {
    const greta = await traveller({ email: 'old.greta@example.com', language: 'de' });
    expect((await post('/crm/api/user/change-email', { email: 'neu.greta@example.com' }, { ...greta.auth, 'x-language': 'en' })).status).toBe(200);
    const [code] = await mailTo('neu.greta@example.com');
    // The code to the new address is in the traveller's language too.
    expect(code!.subject).toBe('Bestätigen Sie Ihre E-Mail-Adresse');
    expect((await post('/crm/api/user/confirm-email', { code: code!.code }, { ...greta.auth, 'x-language': 'en' })).status).toBe(200);
    const [notice] = await mailTo('old.greta@example.com');
    expect(notice!.subject).toBe('Die E-Mail-Adresse Ihres Kontos wurde geändert');
    expect(notice!.text).toContain('auf n***a@example.com geändert');
    expect(notice!.links).toEqual([`${SITE}/de/kontakt`]);
  });

  test('confirming the address the account already has tells nobody', async () => {
    const same = await traveller({ email: 'same@example.com' });
    await bookingDb(t.db).updateTable('travellers' as never).set({ email_confirmed_at: null } as never).where('id' as never, '=', same.id as never).execute();
    expect((await post('/crm/api/user/email-confirmation-request', {}, same.auth)).status).toBe(200);
    const [code] = await mailTo('same@example.com');
    expect((await post('/crm/api/user/confirm-email', { code: code!.code }, same.auth)).status).toBe(200);
    expect((await mailTo('same@example.com')).map((m) => m.subject)).toEqual(['Confirm your e-mail address']);
  });

  test('a sign-in code goes in the account\'s language, whatever page asks for it', async () => {
    await traveller({ email: 'codes.de@example.com', language: 'de' });
    expect((await post('/crm/api/user/send-auth-code', { login: 'codes.de@example.com' }, { 'x-language': 'en' })).status).toBe(200);
    const [mail] = await mailTo('codes.de@example.com');
    expect(mail!.subject).toBe('Ihr Anmeldecode');
    expect(mail!.links[0]).toMatch(`${SITE}/de/account?one_time_token=`);
  });
});

describe('My trips (GET /crm/api/request/my-trips)', () => {
  test('the traveller\'s bookings newest first, with status, dates, party and the next actions; nobody else\'s, and no other help requests', async () => {
    const mila = await traveller({ email: 'mila@example.com' });
    const first = await submit({ email: 'mila@example.com' }, mila.auth);
    const second = await submit({ email: 'mila@example.com', adults: 1, children: 0 }, mila.auth);
    await confirm(second.request_id);
    await post('/spa/submit-help-request', { data: { type: 'phone_call_request', name: 'Mila', phone: '+79990003344' } }, { ...mila.auth, 'idempotency-key': `ar-${randomUUID()}` });
    await submit({ email: 'someone@example.com' }, (await traveller({ email: 'someone@example.com' })).auth);
    // Ids are random: the order is by when they were sent.
    await bookingDb(t.db).updateTable('help_requests').set({ created_at: '2020-01-01T00:00:00.000Z' }).where('id', '=', first.request_id).execute();
    const list = await myTrips(mila.auth);
    expect(list.total).toBe(2);
    expect(list.trips.map((x) => x.id)).toEqual([second.request_id, first.request_id]);
    expect(list.trips[0]).toMatchObject({
      uuid: second.requestUUID, type: 'order', status: 2, status_name: 'pending_prepayment', adults: 1, children: 0, tourists: 0,
      tour: expect.objectContaining({ id: tour.id }), dates: expect.objectContaining({ kind: 'variant', start: tour.start }),
      due: expect.objectContaining({ currency: 'EUR' }), actions: ['pay', 'add_tourists', 'chat', 'cancel'],
    });
    expect(list.trips[1]).toMatchObject({ status: 1, due: null, actions: ['add_tourists', 'chat', 'cancel'] });
    // Tourists entered for the whole party: nothing more to add. Cancelled: nothing to do.
    await post(`/crm/api/request/add-tourists?uuid=${second.requestUUID}`, { tourists: [{ first_name: 'Mila', last_name: 'T' }] });
    await post('/crm/api/request/cancel', { id: first.request_id }, mila.auth);
    const after = await myTrips(mila.auth);
    expect(after.trips.map((x) => [x.tourists, x.actions])).toEqual([[1, ['pay', 'chat', 'cancel']], [0, []]]);
    expect((await myTrips(mila.auth, '?limit=1&offset=1')).trips.map((x) => x.id)).toEqual([first.request_id]);
    const res = await get(app, '/crm/api/request/my-trips');
    expect([res.status, res.headers['cache-control']]).toEqual([401, 'private, no-store']);
    expect((await get(app, '/crm/api/request/my-trips?limit=51', mila.auth)).body).toEqual({ errors: { limit: 'Maximum 50' }, message: expect.any(String) });
  });

  test('a guest\'s bookings join the account that signs in by a code to the same e-mail, or the same phone however it was typed', async () => {
    const byMail = await submit({ email: 'Guest.Join@Example.com', phone: '+7 900 000-00-01' });
    const byPhone = await submit({ email: '', phone: '+7 (900) 123-45-67' });
    const others = await submit({ email: 'not.me@example.com', phone: '+7 900 765-43-21' });
    const auth = await signInByCode('guest.join@example.com');
    expect((await myTrips(auth)).trips.map((x) => x.id)).toEqual([byMail.request_id]);
    // The booking is the account's now: by its id alone, as any signed-in traveller's.
    expect((await get(app, `/crm/api/request/get?id=${byMail.request_id}`, auth)).status).toBe(200);
    const phoneAuth = await signInByCode('+79001234567');
    expect((await myTrips(phoneAuth)).trips.map((x) => x.id)).toEqual([byPhone.request_id]);
    expect((await requestById(t.db, others.request_id))!.traveller_id).toBeNull();
  });

  test('a confirmed address brings its guest bookings too; another account\'s bookings never move', async () => {
    const owner = await traveller({ email: 'keeps@example.com' });
    const kept = await submit({ email: 'later@example.com' }, owner.auth);
    const guest = await submit({ email: 'later@example.com' });
    const vera = await traveller({ email: 'vera@example.com' });
    await post('/crm/api/user/change-email', { email: 'later@example.com' }, vera.auth);
    const [code] = (await mailTo('later@example.com')).filter((m) => m.code);
    expect((await post('/crm/api/user/confirm-email', { code: code!.code }, vera.auth)).status).toBe(200);
    expect((await myTrips(vera.auth)).trips.map((x) => x.id)).toEqual([guest.request_id]);
    expect((await requestById(t.db, kept.request_id))!.traveller_id).toBe(owner.id);
  });
});
