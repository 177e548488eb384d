/**
 * Fuzzing every operation of the OpenAPI description (GET and POST, query, path and body), so a new call is covered
 * the day it is registered. Each operation gets at least ten kinds of bad input: missing required fields, wrong types
 * (number, string, object, array, null, boolean), 100 kB strings, 10,000-level nesting, unicode (emoji, RTL,
 * combining marks), NUL and other control characters, extreme numbers (1e308, -1, 2^53+1, NaN-like strings),
 * prototype keys (`__proto__`, `constructor`), unknown fields, wrong content types, empty bodies and malformed JSON.
 *
 * Whatever comes in: never a 5xx; every 4xx in the error shape (`{ message, errors?, data? }`) with `errors` keyed by
 * a field of the operation (never `_`, never a path like `regions.0`); no stack trace, no framework code, the input
 * never echoed; and a rejected POST writes nothing.
 */
import { ErrorBody } from '@tours/shared/src/api/schemas/common';
import type { InjectOptions } from 'fastify';
import { is } from 'superstruct';
import { individualTourUuidOf } from '../src/db/queries/individual-tours';
import { issueLinkToken } from '../src/db/queries/link-tokens';
import { insertTraveller, issueToken } from '../src/db/queries/travellers';
import { hashPassword } from '../src/lib/passwords';
import { DEV_STAFF, ensureStaffAccounts } from '../src/db/seed/staff';
import { lastCode, outboxTo, withTestServer } from './helpers';

interface Parameter { name: string; in: 'query' | 'path' | 'header'; required: boolean; schema?: JsonSchema }
interface JsonSchema { type?: string; format?: string; properties?: Record<string, JsonSchema>; required?: string[]; items?: JsonSchema; enum?: unknown[]; minimum?: number; maximum?: number; default?: unknown }
interface Operation {
  method: 'GET' | 'POST';
  path: string;
  params: Parameter[];
  body: JsonSchema | null;
  /** The multipart/form-data form the call takes (uploads), or null. */
  multipart: JsonSchema | null;
  /** Every field name a field error may be keyed by (query and path parameters, body fields and the form fields of `data`, multipart fields). */
  fields: Set<string>;
}

const operations: Operation[] = [];
let auth: Record<string, string> = {};
/** The X-Authorization of a call: the fuzz traveller's, or its own where a call ends or spends a token. */
let authFor: (op: Operation) => Promise<Record<string, string>>;
/** Valid values by parameter name (per path where they differ). */
let validQuery: (op: Operation) => Record<string, string>;
let validPath: Record<string, string> = {};
let validBody: (op: Operation) => Record<string, unknown>;
/** Kinds of bad input each operation got. */
const kinds = new Map<string, Set<string>>();
/** What went wrong, by operation and kind. */
const problems = new Map<string, string>();
let requests = 0;

const HUGE = 'FUZZ'.repeat(25_000); // 100 kB
const MARKER = 'FUZZFUZZFUZZ';
const DEPTH = 10_000;
const UNICODE = ['😀👩‍👩‍👧🏳️‍🌈', 'مرحبا بالعالم', 'שָׁלוֹם', 'Z̴̡̛̖͎̓a̷̢͎̒l̸̰̀g̶̣̈o̷̟͝', '\u202Eevil\u202C', '李白 Зоя Zoë', '\uFEFF\u200B\u200D', '\uD83D'];
const CONTROL = ['\u0000', 'a\u0000b', '\u0007', '\u001b[31m', '\r\n', '\t', '\u007f', '\u0085', '\u2028'];
const NUMBERS: unknown[] = [1e308, -1e308, -1, 0, -0, 2 ** 53 + 1, 2 ** 31, 1.5, 'NaN', 'Infinity', '-Infinity', '1e308', '9007199254740993', '0x1F', '-0', ' 1 '];
const WRONG_TYPES: [string, unknown][] = [['number', 12345], ['string', 'abc'], ['object', { a: 1 }], ['array', [1, 'a']], ['null', null], ['boolean', true], ['empty string', ''], ['empty object', {}], ['empty array', []]];

/** Counts the kind ('wrong type (null)' is of the kind 'wrong type'). */
function kind(op: Operation, name: string): void {
  const key = `${op.method} ${op.path}`;
  const set = kinds.get(key) ?? new Set<string>();
  set.add(name.replace(/ \(.*\)$/, ''));
  kinds.set(key, set);
}

/** The state a rejected POST must not change: the rows of every table a call may write. */
async function writtenState(): Promise<string> {
  const k = t.db.kysely as unknown as import('kysely').Kysely<Record<string, Record<string, unknown>>>;
  const [requestsRows, travellers, tokens, uploads, history, tourists, payments] = await Promise.all([
    k.selectFrom('help_requests').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    k.selectFrom('travellers').select(['id', 'currency', 'updated_at']).orderBy('id').execute(),
    k.selectFrom('traveller_tokens').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    k.selectFrom('uploads').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    k.selectFrom('request_history').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    k.selectFrom('request_tourists').select(['id', 'updated_at']).orderBy('id').execute(),
    k.selectFrom('payments').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  return JSON.stringify([requestsRows, travellers, tokens, uploads, history, tourists, payments]);
}

/** Sends one request and checks everything a bad input may never cause. */
async function send(op: Operation, kindName: string, options: InjectOptions, expect4xx = false): Promise<{ status: number; body: unknown }> {
  kind(op, kindName);
  const headers = await authFor(op);
  const before = op.method === 'POST' ? await writtenState() : '';
  const res = await app.inject({ ...options, headers: { ...headers, ...(options.headers ?? {}) } });
  requests++;
  const context = `${op.method} ${op.path} [${kindName}] ${String(options.url).slice(0, 120)} ${typeof options.payload === 'string' ? options.payload.slice(0, 80) : ''}`;
  try {
    return await check(op, res.statusCode, res.body, context, before, expect4xx);
  } catch (err) {
    // Every problem is collected (one per operation and kind), so one run shows them all.
    const key = `${op.method} ${op.path} [${kindName}]`;
    if (!problems.has(key)) problems.set(key, (err as Error).message.slice(0, 400));
    return { status: res.statusCode, body: null };
  }
}

async function check(op: Operation, status: number, raw: string, context: string, before: string, expect4xx: boolean): Promise<{ status: number; body: unknown }> {
  const res = { statusCode: status };
  if (res.statusCode >= 500) throw new Error(`${context} → ${res.statusCode}: ${raw.slice(0, 300)}`);
  if (/\n\s+at |node_modules|\.ts:\d+|\.js:\d+/.test(raw)) throw new Error(`${context} → a stack trace: ${raw.slice(0, 300)}`);
  if (raw.includes(HUGE.slice(0, 1000))) throw new Error(`${context} → the 100 kB input echoed`);
  if (expect4xx && res.statusCode < 400) throw new Error(`${context} → ${res.statusCode}, expected a 4xx`);
  let body: unknown = null;
  if (res.statusCode >= 400) {
    try {
      body = JSON.parse(raw);
    } catch {
      throw new Error(`${context} → ${res.statusCode} not JSON: ${raw.slice(0, 200)}`);
    }
    if (!is(body, ErrorBody)) throw new Error(`${context} → ${res.statusCode} without the error shape: ${raw.slice(0, 300)}`);
    const extra = Object.keys(body).filter((key) => !['message', 'errors', 'data'].includes(key));
    if (extra.length) throw new Error(`${context} → ${res.statusCode} with framework fields ${extra.join(', ')}: ${raw.slice(0, 200)}`);
    const { message, errors } = body;
    if (!message || /^FST_|ERR_|Expected |but received|SQLITE|syntax error|invalid input/i.test(message)) throw new Error(`${context} → message '${message.slice(0, 200)}'`);
    if (raw.includes(MARKER)) throw new Error(`${context} → the input echoed: ${raw.slice(0, 300)}`);
    for (const [field, text] of Object.entries(errors ?? {})) {
      if (!op.fields.has(field)) throw new Error(`${context} → error keyed '${field}', not a field of the call (${[...op.fields].join(', ')})`);
      if (/Expected |but received/.test(text)) throw new Error(`${context} → field message '${text.slice(0, 200)}'`);
    }
    if (errors && Object.keys(errors).length === 0) throw new Error(`${context} → an empty errors object`);
    if (op.method === 'POST' && (await writtenState()) !== before) throw new Error(`${context} → rejected with ${res.statusCode} but something was written`);
  }
  return { status: res.statusCode, body };
}

// URLs ----------------------------------------------------------------------------------------

/** encodeURIComponent that also takes lone surrogates (sent as the bytes of their invalid UTF-8 form). */
const enc = (v: string) => encodeURIComponent(v.replace(/[\ud800-\udfff]/gu, '\u0001SURROGATE\u0001')).replace(/%01SURROGATE%01/g, '%ED%A0%BD');

function urlOf(op: Operation, query: Record<string, string | string[]>, path: Record<string, string> = validPath, rawExtra = ''): string {
  const p = op.path.replace(/\{(\w+)\}/g, (_, name: string) => enc(path[name] ?? 'x'));
  const parts = Object.entries(query).flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((x) => `${enc(k)}=${enc(x)}`));
  const qs = [...parts, ...(rawExtra ? [rawExtra] : [])].join('&');
  return qs ? `${p}?${qs}` : p;
}

const queryParams = (op: Operation) => op.params.filter((p) => p.in === 'query');
/** The valid query of an operation, without `drop`. */
function baseQuery(op: Operation, drop?: string): Record<string, string> {
  const valid = validQuery(op);
  return Object.fromEntries(queryParams(op).filter((p) => p.name !== drop && (p.required || p.name in valid)).map((p) => [p.name, valid[p.name] ?? '1']));
}

// Bodies ----------------------------------------------------------------------------------------

/** A valid value of a JSON schema (the first enum member, the minimum, …). */
function sample(schema: JsonSchema | undefined): unknown {
  if (!schema) return 'x';
  if (schema.default !== undefined) return schema.default;
  if (schema.enum) return schema.enum[0];
  switch (schema.type) {
    case 'integer':
    case 'number': return schema.minimum ?? 1;
    case 'boolean': return true;
    case 'array': return [sample(schema.items)];
    case 'object': return Object.fromEntries(Object.entries(schema.properties ?? {}).filter(([k]) => schema.required?.includes(k)).map(([k, v]) => [k, sample(v)]));
    default: return 'x';
  }
}

interface BodyField { path: string[]; schema: JsonSchema; required: boolean }

/** Every field of a body schema as a path (`['tour_id']`, `['data', 'phone']`) with its schema. */
function fieldPaths(schema: JsonSchema | null, prefix: string[] = []): BodyField[] {
  if (!schema?.properties) return [];
  return Object.entries(schema.properties).flatMap(([name, sub]) => [
    { path: [...prefix, name], schema: sub, required: Boolean(schema.required?.includes(name)) },
    ...fieldPaths(sub, [...prefix, name]),
  ]);
}

/** Whether a number is outside what an integer field takes (so it must be refused). */
function outOfRange(value: unknown, schema: JsonSchema): boolean {
  return typeof value !== 'number' || !Number.isInteger(value) || value < (schema.minimum ?? -Infinity) || value > (schema.maximum ?? Infinity);
}

function withValue(body: Record<string, unknown>, path: string[], value: unknown, remove = false): Record<string, unknown> {
  const copy = structuredClone(body);
  let node: Record<string, unknown> = copy;
  for (const key of path.slice(0, -1)) {
    if (!node[key] || typeof node[key] !== 'object') node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  const last = path[path.length - 1]!;
  if (remove) delete node[last];
  else node[last] = value;
  return copy;
}

const json = { 'content-type': 'application/json' };

// Multipart forms (the uploads) ------------------------------------------------------------------

type FormPart = { name: string; value: string } | { name: string; filename: string; data: Buffer; type?: string };

/** A multipart/form-data body of these parts. */
function formBody(parts: FormPart[], boundary = 'fuzz-boundary-7MA4YWxkTrZu0gW'): { payload: Buffer; headers: Record<string, string> } {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = 'data' in p ? `form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.type ?? 'application/octet-stream'}` : `form-data; name="${p.name}"`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`), 'data' in p ? p.data : Buffer.from(p.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Files each upload takes, by their first bytes (lib/uploads.ts sniffMime). */
const PNG_BYTES = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const PDF_BYTES = Buffer.from('%PDF-1.4\n%%EOF\n');
const MP4_BYTES = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isommp41')]);
const FILE_OF: Record<string, Buffer> = { '/crm/api/image/upload': PNG_BYTES, '/crm/api/file/upload': PDF_BYTES, '/crm/api/file/upload-video': MP4_BYTES, '/spa/contract-organizer-meet-file-save': PDF_BYTES };
/** Valid values of the forms' text fields. */
const FORM_VALUES: Record<string, string> = { bucket: 'avatars', is_public: '1' };

/** The file field and the text fields of a multipart form. */
function formFields(op: Operation): { file: string; texts: string[] } {
  const props = Object.entries(op.multipart?.properties ?? {});
  return { file: props.find(([, p]) => p.format === 'binary')?.[0] ?? 'file', texts: props.filter(([, p]) => p.format !== 'binary').map(([name]) => name) };
}

/** A valid form of a multipart operation. */
function validForm(op: Operation): FormPart[] {
  const { file, texts } = formFields(op);
  return [...texts.map((name) => ({ name, value: FORM_VALUES[name] ?? '1' })), { name: file, filename: 'fuzz.bin', data: FILE_OF[op.path] ?? PNG_BYTES }];
}

// Setup -----------------------------------------------------------------------------------------

const { t, app } = withTestServer({ devMode: true, sipWsUrl: 'ws://localhost:5066', sipSecret: 'fuzz-sip-secret-0123456789' });
beforeAll(async () => {
  // DEV_MODE: the codes the sign-in calls need are read from the outbox page (not an operation of the description).
  // A registrar is configured (not running): the web-call calls answer credentials, not 503.
  const password = 'fuzz password';
  const fuzzer = await insertTraveller(t.db, { first_name: 'Fuzz', last_name: 'Tester', email: 'fuzz@example.com', phone: '+79160000000', password_hash: await hashPassword(password) });
  auth = { 'x-authorization': `Bearer ${await issueToken(t.db, fuzzer)}` };
  const doc = (await app.inject({ method: 'GET', url: '/api-docs/openapi.json' })).json() as {
    paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: JsonSchema }> } }>>;
  };
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, spec] of Object.entries(ops)) {
      const params = (spec.parameters ?? []).filter((p) => p.in === 'query' || p.in === 'path');
      const body = spec.requestBody?.content['application/json']?.schema ?? null;
      const multipart = spec.requestBody?.content['multipart/form-data']?.schema ?? null;
      const fields = new Set([...params.map((p) => p.name), ...fieldPaths(body).map((f) => f.path[f.path.length - 1]!), ...Object.keys(multipart?.properties ?? {})]);
      operations.push({ method: method.toUpperCase() as 'GET' | 'POST', path, params, body, multipart, fields });
    }
  }

  const k = t.db.kysely;
  const tour = await k.selectFrom('tours').select(['id', 'slug_en', 'organizer_id']).where('is_published', '=', 1).orderBy('id').executeTakeFirstOrThrow();
  const day = await k.selectFrom('program_days').select('id').where('tour_id', '=', tour.id).executeTakeFirstOrThrow();
  const faq = await k.selectFrom('tour_faq').select('id').where('tour_id', '=', tour.id).executeTakeFirstOrThrow();
  const post = await k.selectFrom('blog_posts').select('slug_en').where('is_published', '=', 1).executeTakeFirstOrThrow();
  const uuid = (await individualTourUuidOf(t.db, tour.id))!;
  const common: Record<string, string> = {
    from_currency: 'USD', to_currency: 'EUR', amount: '10', query: 'mos', uuid, ids: String(tour.id), program_id: String(day.id), tour_id: String(tour.id), action: 'user/auth',
  };
  const byPath: Record<string, Record<string, string>> = {
    '/spa/blog-posts': { slug: 'travel-tips' },
    '/spa/blog-post': { slug: post.slug_en },
    '/spa/info-page': { page: 'faq' },
    '/spa/tour': { slug: tour.slug_en },
    '/spa/tours': { slug: 'tours' },
    '/spa/tours-page': { slug: 'tours' },
    '/spa/validate-slug': { slug: tour.slug_en },
    '/spa/tour-reviews': { id: String(tour.id), slug: tour.slug_en },
    '/spa/tour-question': { question_id: String(faq.id) },
    '/spa/tour-for-request': { id: String(tour.id) },
    '/spa/organizer-reviews': { id: String(tour.organizer_id) },
    '/crm/api/organizer/info': { id: String(tour.organizer_id) },
    '/crm/api/user/get-verification-access-token': { orgId: String(tour.organizer_id) },
    '/crm/api/user/verification-data': { orgId: String(tour.organizer_id) },
  };
  // Booking requests (issue 14): one guest request per call that changes one, so no call's valid input depends on another's
  // (each its own comment: the same fields again without a key would answer the first request, issue 28).
  let requests = 0;
  const helpRequest = async () => {
    const data = { type: 'common_help', name: 'Fuzz', phone: '+79161234567', comment: `Fuzz request ${++requests}` };
    const res = await app.inject({ method: 'POST', url: '/spa/submit-help-request', payload: { data } });
    if (res.statusCode !== 200) throw new Error(`submit-help-request: ${res.statusCode} ${res.body}`);
    const { request_id: id, requestUUID: requestUuid } = res.json() as { request_id: number; requestUUID: string };
    return { id, uuid: requestUuid };
  };
  const [reading, cancelling, replacing, adding, answering] = [await helpRequest(), await helpRequest(), await helpRequest(), await helpRequest(), await helpRequest()];
  const added = await app.inject({ method: 'POST', url: `/crm/api/request/add-tourists?uuid=${answering.uuid}`, payload: { tourists: [{ first_name: 'Fuzz' }] } });
  const touristId = (added.json() as { tourists: { id: number }[] }).tourists[0]!.id;
  const variant = await k.selectFrom('tour_variants as v').innerJoin('tours as t', 't.id', 'v.tour_id').select(['v.id', 'v.tour_id'])
    .where('t.is_published', '=', 1).where('v.is_busy', '=', 0).where('v.number_of_free_seats', '>', 0).where('v.start', '>=', new Date().toISOString().slice(0, 10))
    .orderBy('v.id').executeTakeFirstOrThrow();
  Object.assign(byPath, {
    '/crm/api/request/get': { id: String(reading.id), uuid: reading.uuid },
    '/crm/api/request/get-by-uuid': { uuid: reading.uuid },
    '/spa/tourists-info': { uuid: reading.uuid },
    '/crm/api/request/update-tourists': { request_id: String(replacing.id), uuid: replacing.uuid },
    '/crm/api/request/add-tourists': { uuid: adding.uuid },
    '/crm/api/request/update-tourists-questionnaires': { id: String(answering.id), uuid: answering.uuid },
    '/crm/api/request/list-for-chat': { chat_id: '1' },
  });
  // Payments: a request confirmed by a coordinator (the development route) has its prepayment invoice to pay.
  const paying = await helpRequest();
  const confirmed = await app.inject({ method: 'POST', url: `/internal/requests/${paying.id}/confirm`, payload: { amount: 1000 } });
  if (confirmed.statusCode !== 200) throw new Error(`confirm: ${confirmed.statusCode} ${confirmed.body}`);
  const invoiceId = (confirmed.json() as { invoices: { id: number }[] }).invoices[0]!.id;
  validQuery = (op) => ({ ...common, ...(byPath[op.path] ?? {}) });
  // Uploads of the fuzz traveller: a public picture (served at /media/uploads/{name}, the profile photo, a URL the
  // image upload copies) and a video (the URL the video upload copies).
  const upload = async (url: string, parts: FormPart[]) => {
    const form = formBody(parts);
    const res = await app.inject({ method: 'POST', url, payload: form.payload, headers: { ...form.headers, ...auth } });
    if (res.statusCode !== 200) throw new Error(`upload ${url}: ${res.statusCode} ${res.body}`);
    return res.json() as { id: number; url: string };
  };
  const picture = await upload('/crm/api/image/upload', [{ name: 'bucket', value: 'avatars' }, { name: 'image', filename: 'fuzz.png', data: PNG_BYTES }]);
  const video = await upload('/crm/api/file/upload-video', [{ name: 'is_public', value: '1' }, { name: 'file', filename: 'fuzz.mp4', data: MP4_BYTES }]);
  // SVG: the PNG of the original size takes tens of milliseconds to draw, for every key the fuzzing makes up.
  validPath = { bucket: 'tours', key: `${tour.id}-1`, size: '140x140', file: 'image.svg', name: picture.url.split('/').pop()! };
  // Secrets of the sign-in calls: codes sent here and read back, links issued directly.
  const call = (url: string, payload: object, headers: Record<string, string> = {}) => app.inject({ method: 'POST', url, payload, headers });
  for (const login of ['fuzz.code@example.com', 'fuzz.redirect@example.com']) await call('/crm/api/user/send-auth-code', { login });
  const oneTimeLink = (await outboxTo(app, 'fuzz.code@example.com'))[0]!.links[0]!;
  const resetter = await insertTraveller(t.db, { first_name: 'Fuzz', last_name: 'Reset', email: 'fuzz.reset@example.com' });
  const confirmer = await insertTraveller(t.db, { first_name: 'Fuzz', last_name: 'Phone' });
  const confirmerAuth = { 'x-authorization': `Bearer ${await issueToken(t.db, confirmer)}` };
  await call('/crm/api/user/change-phone', { phone: '+79160000009' }, confirmerAuth);
  const link = (purpose: 'password_reset' | 'confirm_email', travellerId: number, login: string) =>
    issueLinkToken(t.db, { purpose, travellerId, login, lifetimeMs: 3_600_000 }, new Date());
  const bodies: Record<string, Record<string, unknown>> = {
    '/spa/submit-help-request': { data: { type: 'common_help', name: 'Anna', phone: '+79161234567', tour_id: tour.id, comment: 'Hello\nworld' } },
    '/spa/submit-order': { data: { tour_id: variant.tour_id, dates: variant.id, adults: 2, name: 'Anna', phone: '+79161234567', agree: true } },
    '/crm/api/request/cancel': { id: cancelling.id, uuid: cancelling.uuid, message: 'Fuzz' },
    '/crm/api/request/tour-dates': { request_id: reading.id, uuid: reading.uuid },
    '/crm/api/request/tour-selection': { token: `${reading.id}-${reading.uuid}`, tour_ids: [tour.id] },
    '/spa/send-chat-link-sms': { request_id: reading.id, requestUUID: reading.uuid },
    '/crm/api/payment/create': { invoice_id: invoiceId, uuid: paying.uuid },
    '/spa/tour-program-order-via-email': { email: 'fuzz.programme@example.com', tour_id: tour.id, phone: '+79161234567', currency: 'EUR' },
    '/spa/tour-program-order-via-whatsapp': { phone: '+79161234567', email: 'fuzz.programme@example.com', request_id: reading.id, tour_id: tour.id, currency: 'EUR' },
    '/spa/subscribe-tour-program': { email: 'fuzz.programme@example.com', tour_id: tour.id, subscriber_id: 'fuzz-1', currency: 'EUR', uuid: 'fuzz-uuid-1' },
    '/spa/subscribe-ebook': { email: 'fuzz.guide@example.com', currency: 'EUR' },
    '/crm/api/request/update-tourists': { tourists: [{ first_name: 'Fuzz', birthday: '1990-01-01' }] },
    '/crm/api/request/add-tourists': { tourists: [{ first_name: 'Fuzz' }] },
    '/crm/api/request/update-tourists-questionnaires': { tourists: [{ id: touristId, questionnaire: { diet: 'none' } }] },
    '/crm/api/user/set-currency': { currency_code: 'EUR' },
    '/crm/api/favourite-tour/create': { tour_id: tour.id },
    '/crm/api/favourite-tour/delete': { tour_id: tour.id },
    '/crm/api/user/register-without-password': { email: 'fuzz.quick@example.com', first_name: 'Fuzz' },
    '/crm/api/user/send-auth-code': { login: 'fuzz.send@example.com' },
    '/crm/api/user/auth-via-code': { login: 'fuzz.code@example.com', code: await lastCode(app, 'fuzz.code@example.com'), favourites_tours_ids: [tour.id] },
    '/crm/api/user/redirect-auth-via-code': { login: 'fuzz.redirect@example.com', code: await lastCode(app, 'fuzz.redirect@example.com') },
    '/crm/api/user/access-token-by-one-time-token': { token: new URL(oneTimeLink).searchParams.get('one_time_token') },
    '/crm/api/user/register': { first_name: 'Fuzz', email: 'fuzz.register@example.com', password, confirm_password: password },
    '/crm/api/user/auth': { login: 'fuzz@example.com', password },
    '/crm/api/user/password-recovery': { email: 'fuzz@example.com' },
    '/crm/api/user/password-reset': { token: await link('password_reset', resetter, 'fuzz.reset@example.com'), password: 'new fuzz password' },
    // The same password again: the auth call's stays right whichever runs first.
    '/crm/api/user/change-password': { old_password: password, password, confirm_password: password },
    '/crm/api/user/confirm-email': { token: await link('confirm_email', fuzzer, 'fuzz@example.com') },
    '/crm/api/user/change-email': { email: 'fuzz.new@example.com' },
    '/crm/api/user/change-phone': { phone: '+79160000001' },
    '/crm/api/user/confirm-phone': { code: await lastCode(app, '+79160000009') },
    '/crm/api/user/update-profile-photo': { avatar_id: picture.id },
    '/crm/api/image/upload': { url: picture.url, bucket: 'avatars' },
    '/crm/api/file/upload-video': { url: video.url },
  };
  // Chat (issue 15): the fuzz traveller's support chat; the agent calls as the seeded support staff, on messages of their own.
  await ensureStaffAccounts(t.db);
  const chatId = (await app.inject({ method: 'GET', url: '/crm/api/chat/get-chat-with-support?site_id=1', headers: auth })).json().id as number;
  const staffAuth = async () => ({
    'x-authorization': `Bearer ${(await call('/crm/api/agent/auth', { login: DEV_STAFF[0].login, password: DEV_STAFF[0].password })).json().token as string}`,
  });
  const staff = await staffAuth();
  // Staff tools (issue 16): the seeded staff with every permission, on the first published tour.
  const staffToolPaths = ['/crm/api/user/private-data', '/crm/api/user/admin-auth-cookie', '/spa/tour-private-data', '/spa/tour-private-variants-data', '/spa/private-generate-tour-program-pdf', '/spa/private-tour-program-pdf', '/crm/api/contract/organizer-meet-key'];
  const staffAll = DEV_STAFF.find((x) => x.login === 'staff.all@tours.example')!;
  const staffTools = { 'x-authorization': `Bearer ${(await call('/crm/api/agent/auth', { login: staffAll.login, password: staffAll.password })).json().token as string}` };
  for (const p of staffToolPaths.filter((x) => x.startsWith('/spa/'))) byPath[p] = { id: String(tour.id) };
  // Organizers' staff calls (issue 16): as the same staff, on the first tour's organizer, which stays published.
  staffToolPaths.push('/crm/api/organizer/list', '/crm/api/organizer/view', '/crm/api/organizer/create', '/crm/api/organizer/update', '/crm/api/organizer/set-published-on-site');
  for (const p of ['/crm/api/organizer/view', '/crm/api/organizer/update']) byPath[p] = { id: String(tour.organizer_id) };
  const organizerRegion = await k.selectFrom('regions').select('id').orderBy('id').executeTakeFirstOrThrow();
  Object.assign(bodies, {
    '/crm/api/organizer/create': {
      kind: 'author', legal_form: 1, region_id: organizerRegion.id, name_en: 'Fuzz Expert', name_cn: 'Fuzz', expert_first_name_en: 'Fuzz', expert_last_name_en: 'Expert',
      expert_first_name_cn: 'Fuzz', expert_last_name_cn: 'Expert', phone: '+79161234567', email: 'fuzz.organizer@example.com',
    },
    '/crm/api/organizer/update': { name_en: 'Fuzz Organizer', description_en: 'Hello\nworld' },
    '/crm/api/organizer/set-published-on-site': { id: tour.organizer_id, published_on_site: true },
  });
  const staffMessage = async () => (await call('/crm/api/agent/send-message', { chat_id: chatId, message: 'Fuzz' }, staff)).json().data.id as number;
  const chatQuery = { chat_id: String(chatId) };
  const withFile = (await call('/crm/api/chat/send-message', { chat_id: chatId, file_id: picture.id }, auth)).json().data.id as number;
  Object.assign(byPath, {
    '/crm/api/chat/get-chat': chatQuery, '/crm/api/chat/get-messages': chatQuery, '/crm/api/request/list-for-chat': chatQuery,
    '/crm/api/agent/get-chat': chatQuery, '/crm/api/agent/messages': chatQuery, '/crm/api/agent/file': { message_id: String(withFile) },
  });
  Object.assign(bodies, {
    '/crm/api/chat/send-message': { chat_id: chatId, message: 'Hello\nworld' },
    '/crm/api/chat/mark-as-read': { chat_id: chatId },
    '/crm/api/chat/disable-notifications': { chat_id: chatId },
    '/crm/api/chat/get-chat-with-organizer': { organizer_id: tour.organizer_id, tour_id: tour.id, message: 'Fuzz' },
    '/crm/api/phone-code/organizer': { tour_organizer_id: tour.organizer_id },
    '/crm/api/phone-code/user': { chat_id: chatId },
    '/crm/api/phone-code/web-call-data': { is_support_call: true },
    '/crm/api/agent/auth': { login: DEV_STAFF[0].login, password: DEV_STAFF[0].password },
    '/crm/api/agent/send-message': { chat_id: chatId, message: 'Fuzz' },
    '/crm/api/agent/mark-as-read': { chat_id: chatId },
    '/crm/api/agent/edit-message': { message_id: await staffMessage(), message: 'Edited' },
    '/crm/api/agent/delete-message': { message_id: await staffMessage() },
    '/crm/api/agent/moderate-message': { message_id: await staffMessage(), text: '' },
    '/crm/api/agent/freeze': { chat_id: chatId, is_frozen: false },
  });
  // Organizer-meet pages (issue 16): a contract's key from the staff call, and two files of it (one to delete, one to fetch).
  const meet = (await call('/crm/api/contract/organizer-meet-key', { organizer_id: tour.organizer_id }, staffTools)).json() as { key: string; contract_id: number };
  const meetFile = async () => {
    const form = formBody([{ name: 'file', filename: 'fuzz.pdf', data: PDF_BYTES }]);
    return (await app.inject({ method: 'POST', url: `/spa/contract-organizer-meet-file-save?key=${meet.key}`, payload: form.payload, headers: form.headers })).json().id as number;
  };
  const [meetDeleted, meetServed] = [await meetFile(), await meetFile()];
  for (const p of ['data', 'save', 'delete-file', 'file-save']) byPath[`/spa/contract-organizer-meet-${p}`] = { key: meet.key };
  byPath['/spa/contract-organizer-meet-file'] = { key: meet.key, file_id: String(meetServed) };
  Object.assign(bodies, {
    '/spa/contract-organizer-meet-save': { contract_id: meet.contract_id, organizer_meet_data: { legal_form: 1, inn: '7707083893', contact_name: 'Fuzz' }, files: [meetServed] },
    '/spa/contract-organizer-meet-delete-file': { file_id: meetDeleted },
    '/crm/api/contract/organizer-meet-key': { organizer_id: tour.organizer_id },
  });
  validBody = (op) => bodies[op.path] ?? (op.body ? sample(op.body) as Record<string, unknown> : {});
  // logout and refresh-token end the token they are sent: each request gets one of its own. confirm-phone's code is
  // its traveller's (the fuzz traveller's phone calls send codes of their own, which would end it).
  const spender = await insertTraveller(t.db, { first_name: 'Fuzz', last_name: 'Spender' });
  authFor = async (op) => {
    if (op.path === '/crm/api/agent/logout') return staffAuth();
    if (op.path.startsWith('/crm/api/agent/')) return staff;
    if (staffToolPaths.includes(op.path)) return staffTools;
    if (op.path === '/crm/api/user/logout' || op.path === '/crm/api/user/refresh-token') return { 'x-authorization': `Bearer ${await issueToken(t.db, spender)}` };
    return op.path === '/crm/api/user/confirm-phone' ? confirmerAuth : auth;
  };
}, 60_000);


// Tests -----------------------------------------------------------------------------------------

test('the description lists GET and POST operations, path parameters included', () => {
  expect(operations.filter((o) => o.method === 'GET').length).toBeGreaterThan(25);
  expect(operations.filter((o) => o.method === 'POST').map((o) => o.path)).toEqual(expect.arrayContaining([
    '/spa/submit-help-request', '/crm/api/user/set-currency', '/crm/api/favourite-tour/create', '/crm/api/user/register-without-password',
    '/crm/api/user/auth-via-code', '/crm/api/user/logout',
  ]));
  expect(operations.some((o) => o.params.some((p) => p.in === 'path'))).toBe(true);
});

test('every operation answers its valid input', async () => {
  for (const op of operations) {
    const headers = await authFor(op);
    const res = op.method === 'GET'
      ? await app.inject({ method: 'GET', url: urlOf(op, baseQuery(op)), headers })
      : await app.inject({ method: 'POST', url: urlOf(op, baseQuery(op)), headers: { ...headers, ...json }, payload: JSON.stringify(validBody(op)) });
    // A call that takes only a form answers it.
    const valid = op.multipart && !op.body
      ? await app.inject({ method: 'POST', url: urlOf(op, baseQuery(op)), ...((form) => ({ payload: form.payload, headers: { ...headers, ...form.headers } }))(formBody(validForm(op))) })
      : res;
    if (valid.statusCode !== 200) throw new Error(`${op.method} ${op.path} → ${valid.statusCode} ${valid.body.slice(0, 200)}`);
    // And one that takes a form as well as JSON answers both.
    if (op.multipart && op.body) {
      const form = formBody(validForm(op));
      const both = await app.inject({ method: 'POST', url: urlOf(op, baseQuery(op)), payload: form.payload, headers: { ...headers, ...form.headers } });
      if (both.statusCode !== 200) throw new Error(`${op.method} ${op.path} (multipart) → ${both.statusCode} ${both.body.slice(0, 200)}`);
    }
  }
});

test('bad input of every kind in every operation: never a 5xx, always the error shape, nothing echoed or written', async () => {
  const started = Date.now();
  for (const op of operations) {
    const base = baseQuery(op);
    const query = queryParams(op);
    const paths = op.params.filter((p) => p.in === 'path');

    // Missing required fields (query and path; the body ones below).
    await send(op, 'missing required', { method: op.method, url: urlOf(op, {}) }, query.some((p) => p.required));
    for (const p of query.filter((x) => x.required)) {
      const res = await send(op, 'missing required', { method: op.method, url: urlOf(op, baseQuery(op, p.name)), ...(op.method === 'POST' ? { headers: json, payload: JSON.stringify(validBody(op)) } : {}) }, true);
      expect(res.status).toBe(422);
      expect((res.body as ErrorBody).errors?.[p.name]).toBe('Required field');
    }

    // Bad values in every query parameter. A call with many parameters (the search: 45) gives each one a share of
    // the lists, every value still reaching at least three parameters; a call with few gets every value in each.
    const stride = Math.max(1, Math.floor(query.length / 3));
    const share = <V>(list: readonly V[], i: number) => list.filter((_, j) => (i + j) % stride === 0);
    for (const [i, p] of query.entries()) {
      const at = (value: string | string[], kindName: string) => send(op, kindName, { method: op.method, url: urlOf(op, { ...base, [p.name]: value }) });
      for (const [name, value] of share(WRONG_TYPES, i)) await at(typeof value === 'string' ? value : JSON.stringify(value), `wrong type (${name})`);
      await at(['1', '2'], 'wrong type (array: repeated key)');
      await send(op, 'wrong type (object: bracket key)', { method: op.method, url: urlOf(op, base, validPath, `${enc(p.name)}[a]=1&${enc(p.name)}[b][c]=2`) });
      await at(HUGE, 'huge string');
      for (const u of share(UNICODE, i)) await at(u, 'unicode');
      for (const c of share(CONTROL, i)) await at(c, 'control characters');
      for (const n of share(NUMBERS, i)) await at(String(n), 'extreme numbers');
      const res = await at(`${MARKER}\u0000`, 'control characters');
      if (res.status === 422) expect(Object.keys((res.body as ErrorBody).errors ?? {})).toEqual([p.name]);
    }
    // Query forms of deep nesting, prototype keys and unknown fields.
    await send(op, 'deep nesting', { method: op.method, url: urlOf(op, base, validPath, `${'a'}${'[x]'.repeat(DEPTH)}=1`) });
    await send(op, 'unicode', { method: op.method, url: urlOf(op, base, validPath, 'zz=%FF%FE%C0%80&%FF=1') });
    for (const raw of ['__proto__=1', '__proto__[polluted]=1', 'constructor=1', 'constructor[prototype][polluted]=1', 'prototype=1', 'hasOwnProperty=1', 'toString=1']) {
      await send(op, 'prototype keys', { method: op.method, url: urlOf(op, base, validPath, raw) });
    }
    await send(op, 'unknown fields', { method: op.method, url: urlOf(op, { ...base, zz_unknown: '1', [`${MARKER}`]: MARKER }) });
    // Hostile values in a parameter the call does not know (so calls without parameters get them too).
    for (const value of [HUGE, ...UNICODE, ...CONTROL, ...NUMBERS.map(String)]) {
      const name = value === HUGE ? 'huge string' : UNICODE.includes(value) ? 'unicode' : CONTROL.includes(value) ? 'control characters' : 'extreme numbers';
      await send(op, name, { method: op.method, url: urlOf(op, { ...base, zz_unknown: value }) });
    }

    // Path parameters.
    for (const p of paths) {
      for (const value of [HUGE.slice(0, 250), ...UNICODE, ...CONTROL, ...NUMBERS.map(String), '..', '../../etc/passwd', '%00', '__proto__', 'constructor', '', ' ']) {
        await send(op, 'path parameters', { method: op.method, url: urlOf(op, base, { ...validPath, [p.name]: value }) });
      }
      await send(op, 'huge string', { method: op.method, url: urlOf(op, base, { ...validPath, [p.name]: HUGE }) });
      // Broken percent-encoding in the path itself.
      for (const broken of [`${MARKER}%E0%A4%A`, `${MARKER}%`, '%ZZ', '%00', '%C0%AF']) {
        await send(op, 'path parameters', { method: op.method, url: urlOf(op, base, validPath).replace(enc(validPath[p.name]!), broken) });
      }
    }

    // Bodies: GET ignores them, but they must not hurt; POST bodies are fuzzed field by field.
    const url = urlOf(op, base);
    const valid = validBody(op);
    const raw = (kindName: string, payload: string, headers: Record<string, string> = json, expect4xx = op.method === 'POST') =>
      send(op, kindName, { method: op.method, url, headers, payload }, expect4xx);
    await raw('wrong content type', JSON.stringify(valid), { 'content-type': 'text/plain' });
    await raw('wrong content type', 'data=1', { 'content-type': 'application/x-www-form-urlencoded' });
    await raw('wrong content type', '--b\r\nContent-Disposition: form-data; name="data"\r\n\r\nx\r\n--b--', { 'content-type': 'multipart/form-data; boundary=b' });
    await raw('wrong content type', JSON.stringify(valid), { 'content-type': 'application/xml' });
    await raw('empty body', '');
    await raw('empty body', '', {}, false);
    for (const bad of ['{"data": ', '{data: 1}', "{'a': 1}", '{"a": 1,}', '[1, 2', '\u0000', 'undefined', `{"${MARKER}": }`, '{"a": 1}{"b": 2}', '\uFEFF{"a": 1']) {
      await raw('malformed JSON', bad);
    }
    await raw('deep nesting', `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`);
    await raw('deep nesting', `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`);
    await raw('deep nesting', `{"data":${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}}`);
    await raw('huge string', JSON.stringify({ ...valid, big: 'x'.repeat(2_000_000) }));
    for (const p of ['{"__proto__": {"polluted": 1}}', '{"constructor": {"prototype": {"polluted": 1}}}', `{"data": {"__proto__": {"polluted": 1}}}`]) {
      await raw('prototype keys', p, json, false);
    }
    // `null` is no body, the same as `{}`: refused where the call requires a field.
    const requiresField = Boolean(op.body?.required?.length);
    await raw('wrong type (whole body)', 'null', json, op.method === 'POST' && requiresField);
    for (const top of ['1e308', '"x"', 'true', '[]']) await raw('wrong type (whole body)', top);

    // Multipart forms (the uploads): each part missing, of the wrong kind, hostile, too big, too many; broken bodies.
    if (op.multipart) {
      const { file, texts } = formFields(op);
      const good = validForm(op);
      const form = (kindName: string, parts: FormPart[], expect4xx = true) =>
        send(op, kindName, { method: 'POST', url, ...((b) => ({ payload: b.payload, headers: b.headers }))(formBody(parts)) }, expect4xx);
      const withFile = (data: Buffer, filename = 'fuzz.bin') => [...good.filter((p) => p.name !== file), { name: file, filename, data }];
      await form('missing required', good.filter((p) => p.name !== file));
      await form('missing required', [{ name: file, filename: '', data: Buffer.alloc(0) }]);
      await form('wrong type (file bytes)', withFile(Buffer.from(`<svg onload="alert('${MARKER}')"></svg>`), 'fuzz.png'));
      await form('wrong type (file bytes)', withFile(Buffer.from('MZ\u0000\u0000')));
      await form('wrong type (file in a text field)', [...good, ...texts.map((name) => ({ name, filename: 'x.png', data: PNG_BYTES }))], false);
      await form('wrong type (text for the file)', [...good.filter((p) => p.name !== file), { name: file, value: MARKER }]);
      for (const name of texts) {
        await form('huge string', [...good.filter((p) => p.name !== name), { name, value: HUGE }]);
        await form('control characters', [...good.filter((p) => p.name !== name), { name, value: `${MARKER}\u0000` }]);
        for (const u of UNICODE.slice(0, 3)) await form('unicode', [...good.filter((p) => p.name !== name), { name, value: u }]);
      }
      // A hostile name is only a download name: the upload may well succeed.
      for (const filename of ['../../../etc/passwd', `${UNICODE[4]}.png`, 'a\u0000b.png', HUGE.slice(0, 5000)]) await form('unicode', withFile(FILE_OF[op.path] ?? PNG_BYTES, filename), false);
      await form('prototype keys', [{ name: '__proto__', value: 'x' }, ...good]);
      await form('prototype keys', [{ name: 'constructor', filename: 'x.png', data: PNG_BYTES }, ...good]);
      await form('unknown fields', [...good, { name: MARKER, value: MARKER }], false);
      await form('too many parts', [...good, { name: file, filename: 'again.bin', data: FILE_OF[op.path] ?? PNG_BYTES }]);
      await form('too many parts', [...Array.from({ length: 40 }, (_, i) => ({ name: `f${i}`, value: 'x' })), ...good]);
      const broken = (payload: string, contentType: string) => send(op, 'malformed multipart', { method: 'POST', url, payload, headers: { 'content-type': contentType } }, true);
      await broken('--b\r\nContent-Disposition: form-data; name="x"\r\n\r\nno end', 'multipart/form-data; boundary=b');
      await broken(`--b\r\nContent-Disposition: form-data; name="${file}"; filename="a"\r\n\r\n\u0089PNG`, 'multipart/form-data; boundary=b');
      await broken('x', 'multipart/form-data');
      await broken('', 'multipart/form-data; boundary=b');
      await broken('garbage without any boundary', 'multipart/form-data; boundary=b');
    }

    if (op.method === 'POST') {
      await send(op, 'missing required', { method: 'POST', url, headers: json, payload: '{}' }, requiresField);
      await send(op, 'unknown fields', { method: 'POST', url, headers: json, payload: JSON.stringify({ ...valid, zz_unknown: MARKER, [MARKER]: 1 }) });
      await send(op, 'prototype keys', { method: 'POST', url, headers: json, payload: JSON.stringify({ ...valid, prototype: { polluted: 1 }, hasOwnProperty: 1, toString: 'x', valueOf: null }) });
      const fields = fieldPaths(op.body);
      // As with query parameters: a body of many fields (the help request: 30) gives each a share of the lists.
      const stride = Math.max(1, Math.floor(fields.length / 3));
      const share = <V>(list: readonly V[], i: number) => list.filter((_, j) => (i + j) % stride === 0);
      for (const [i, { path, schema, required }] of fields.entries()) {
        const body = (value: unknown) => JSON.stringify(withValue(valid, path, value));
        const at = (value: unknown, kindName: string, expect4xx = false) => send(op, kindName, { method: 'POST', url, headers: json, payload: body(value) }, expect4xx);
        if (required) await send(op, 'missing required', { method: 'POST', url, headers: json, payload: JSON.stringify(withValue(valid, path, undefined, true)) }, true);
        for (const [name, value] of share(WRONG_TYPES, i)) await at(value, `wrong type (${name})`);
        await at(HUGE, 'huge string', true);
        for (const u of share(UNICODE, i)) await at(u, 'unicode');
        for (const c of share(CONTROL, i)) await at(c, 'control characters');
        await at(`${MARKER}\u0000`, 'control characters', true);
        // Numbers in full where they belong (ids, counts), a share elsewhere.
        for (const n of schema.type === 'integer' ? NUMBERS : share(NUMBERS, i)) await at(n, 'extreme numbers', schema.type === 'integer' && outOfRange(n, schema));
        for (const proto of ['{"__proto__":{"polluted":1}}', '{"constructor":{"prototype":{"polluted":1}}}']) {
          await send(op, 'prototype keys', { method: 'POST', url, headers: json, payload: body('@@HERE@@').replace('"@@HERE@@"', proto) });
        }
        // The field nested 10,000 levels deep.
        await send(op, 'deep nesting', { method: 'POST', url, headers: json, payload: body('@@HERE@@').replace('"@@HERE@@"', `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`) });
      }
    }
  }
  console.log(`fuzz: ${operations.length} operations, ${requests} requests in ${Math.round((Date.now() - started) / 100) / 10} s`);
  expect([...problems.values()]).toEqual([]);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(Object.prototype).not.toHaveProperty('polluted');
  for (const op of operations) {
    const got = kinds.get(`${op.method} ${op.path}`) ?? new Set();
    if (got.size < 10) throw new Error(`${op.method} ${op.path} got only ${got.size} kinds of bad input: ${[...got].join(', ')}`);
  }
}, 120_000);
