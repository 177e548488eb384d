/**
 * The organizer-meet contract pages' calls (issue 16; accounts-and-comms §2 'Organizer-meet contract pages', §3
 * 'Organizer-meet save', §6 'access is by key only', §7 'Organizer meet (contracts)'), on SQLite and PostgreSQL
 * (DATABASE_URL): the staff call that makes a key, the key's 404s (wrong, malformed, expired: one answer), the
 * save/load round trip with field errors and drafts, files (upload with the upload calls' limits, serving, delete,
 * another contract's file).
 */
import { randomBytes } from 'node:crypto';
import { ErrorBody } from '@tours/shared/src/api/schemas/common';
import { OrganizerMeetAnswer, OrganizerMeetFile, OrganizerMeetKeyAnswer, ORGANIZER_MEET_KEY_DAYS, ORGANIZER_MEET_KEY_RE } from '@tours/shared/src/api/schemas/organizer-meet';
import { UPLOAD_MAX_BYTES } from '@tours/shared/src/api/schemas/uploads';
import { ensureStaffAccounts } from '../src/db/seed/staff';
import { DEV_ORGANIZER_MEET_KEY, ensureDevOrganizerMeetKey } from '../src/db/seed/organizer-meet';
import { tokenHash } from '../src/db/queries/travellers';
import { uploadById } from '../src/db/queries/uploads';
import { expectShape, staffSignIn, withTestServer } from './helpers';

type Headers = Record<string, string>;
const DAY = 86_400_000;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const EXE = Buffer.concat([Buffer.from('MZ'), randomBytes(100)]);

let clock = Date.parse('2025-03-01T10:00:00Z');
let staff: Headers;
let organizerId: number;

function multipart(parts: ({ name: string; value: string } | { name: string; filename: string; data: Buffer })[]): { payload: Buffer; headers: Headers } {
  const boundary = `----meet-test-${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('data' in part) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`), part.data, Buffer.from('\r\n'));
    else chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const signIn = (login: string) => staffSignIn(app, login);

/** A new contract of the organizer and its key, through the staff call. */
async function newKey(): Promise<{ key: string; contractId: number }> {
  const res = await app.inject({ method: 'POST', url: '/crm/api/contract/organizer-meet-key', headers: staff, payload: { organizer_id: organizerId } });
  expect(res.statusCode).toBe(200);
  const body = expectShape(res.json(), OrganizerMeetKeyAnswer);
  return { key: body.key, contractId: body.contract_id };
}

const load = (key: string) => app.inject({ method: 'GET', url: `/spa/contract-organizer-meet-data?key=${encodeURIComponent(key)}` });
const save = (key: string, payload: object) => app.inject({ method: 'POST', url: `/spa/contract-organizer-meet-save?key=${encodeURIComponent(key)}`, payload });
const uploadFile = (key: string, data: Buffer, isPublic = false, filename = 'charter.pdf') => {
  const form = multipart([{ name: 'is_public', value: isPublic ? '1' : '0' }, { name: 'file', filename, data }]);
  return app.inject({ method: 'POST', url: `/spa/contract-organizer-meet-file-save?key=${encodeURIComponent(key)}`, payload: form.payload, headers: form.headers });
};
const deleteFile = (key: string, fileId: number) => app.inject({ method: 'POST', url: `/spa/contract-organizer-meet-delete-file?key=${encodeURIComponent(key)}`, payload: { file_id: fileId } });

// Sberbank's real numbers, and a settlement account made with the control key for its BIK.
const company = {
  legal_form: 1, full_name: 'Limited Liability Company "Baikal Trails"', short_name: 'LLC "Baikal Trails"', inn: '7707083893', ogrn: '1027700132195', kpp: '773601001',
  legal_address: '19 Vavilova St, Moscow, 117312', bank_name: 'Sberbank', bik: '044525225', settlement_account: '40702810938000000001',
  correspondent_account: '30101810400000000225', contact_name: 'Irina Petrova', contact_phone: '+7 916 123-45-67', contact_email: 'irina@baikal-trails.example',
  signatory_name: 'Pavel Sokolov', signatory_position: 'General Director', signatory_basis: 'charter',
};

const { t, app } = withTestServer({}, { now: () => clock });
beforeAll(async () => {
  await ensureStaffAccounts(t.db);
  staff = await signIn('staff.commission@tours.example');
  organizerId = Number((await t.db.kysely.selectFrom('organizers').select('id').orderBy('id').executeTakeFirstOrThrow()).id);
}, 60_000);

describe('the staff call that makes a key', () => {
  test('answers the key and the link once; only its hash is kept; 30 days', async () => {
    const res = await app.inject({ method: 'POST', url: '/crm/api/contract/organizer-meet-key', headers: { ...staff, 'x-language': 'ru' }, payload: { organizer_id: organizerId } });
    expect(res.statusCode).toBe(200);
    const body = expectShape(res.json(), OrganizerMeetKeyAnswer);
    expect(body.key).toMatch(ORGANIZER_MEET_KEY_RE);
    expect(body.url).toBe(`http://localhost:8080/ru/organizer-meet/${body.key}`);
    expect(Date.parse(body.expires_at) - clock).toBe(ORGANIZER_MEET_KEY_DAYS * DAY);
    const rows = await t.db.kysely.selectFrom('organizer_meet_keys' as never).selectAll().execute() as { key_hash: string }[];
    expect(rows.some((r) => r.key_hash === tokenHash(body.key))).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(body.key);
  });

  test('no session, a traveller, staff without can_view_commission: 401/403; an unknown organizer 422, contract 404', async () => {
    const call = (headers: Headers, payload: object) => app.inject({ method: 'POST', url: '/crm/api/contract/organizer-meet-key', headers, payload });
    expect((await call({}, { organizer_id: organizerId })).statusCode).toBe(401);
    expect((await call(await signIn('staff.knowledge@tours.example'), { organizer_id: organizerId })).statusCode).toBe(403);
    const unknown = await call(staff, { organizer_id: 2_000_000 });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ organizer_id: 'No such organizer' });
    expect((await call(staff, { contract_id: 2_000_000 })).statusCode).toBe(404);
  });

  test('a new key of a contract ends the older one', async () => {
    const { key, contractId } = await newKey();
    const again = await app.inject({ method: 'POST', url: '/crm/api/contract/organizer-meet-key', headers: staff, payload: { contract_id: contractId } });
    expect(again.statusCode).toBe(200);
    expect((await load(key)).statusCode).toBe(404);
    expect((await load(again.json().key as string)).statusCode).toBe(200);
  });
});

describe('the key is the only access', () => {
  test('wrong, malformed and expired keys get one and the same 404', async () => {
    const { key } = await newKey();
    const wrong = randomBytes(32).toString('base64url');
    const answers = [];
    for (const url of [
      `/spa/contract-organizer-meet-data?key=${wrong}`,
      '/spa/contract-organizer-meet-data?key=short',
      '/spa/contract-organizer-meet-data?key[a]=1',
      '/spa/contract-organizer-meet-data',
      `/spa/contract-organizer-meet-data?key=${'x'.repeat(5000)}`,
    ]) answers.push(await app.inject({ method: 'GET', url }));
    // A wrong key is 404 before the input is looked at: nothing tells a bad body's 422.
    answers.push(await app.inject({ method: 'POST', url: `/spa/contract-organizer-meet-save?key=${wrong}`, payload: { organizer_meet_data: 5 } }));
    clock += (ORGANIZER_MEET_KEY_DAYS * DAY) + 1;
    try {
      answers.push(await load(key));
      answers.push(await save(key, { contract_id: 1, organizer_meet_data: {} }));
      answers.push(await deleteFile(key, 1));
      answers.push(await uploadFile(key, PDF));
    } finally {
      clock -= (ORGANIZER_MEET_KEY_DAYS * DAY) + 1;
    }
    for (const res of answers) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found' });
    }
    // Live again once the clock is back: the expiry, not anything else, closed it.
    expect((await load(key)).statusCode).toBe(200);
  });

  test('a contract_id that is not the key\'s contract is 404', async () => {
    const mine = await newKey();
    const other = await newKey();
    const res = await save(mine.key, { contract_id: other.contractId, organizer_meet_data: company });
    expect(res.statusCode).toBe(404);
    expectShape(res.json(), ErrorBody);
  });
});

describe('save and load', () => {
  test('a new contract: empty data, everything required missing', async () => {
    const { key, contractId } = await newKey();
    const body = expectShape((await load(key)).json(), OrganizerMeetAnswer);
    expect(body.contract_id).toBe(contractId);
    expect(body.contract_number).toBe(`OM-${contractId}`);
    expect(body.organizer_meet_data.inn).toBe('');
    expect(body.complete).toBe(false);
    expect(body.missing).toContain('legal_form');
    expect(body.updated_at).toBeNull();
  });

  test('round trip: what is saved is loaded, normalised; complete', async () => {
    const { key, contractId } = await newKey();
    const res = await save(key, { contract_id: contractId, organizer_meet_data: { ...company, settlement_account: '4070 2810 9380 0000 0001', kpp: ' 773601001 ' }, files: [] });
    expect(res.statusCode).toBe(200);
    const saved = expectShape(res.json(), OrganizerMeetAnswer);
    expect(saved.complete).toBe(true);
    expect(saved.missing).toEqual([]);
    const loaded = expectShape((await load(key)).json(), OrganizerMeetAnswer);
    expect(loaded.organizer_meet_data).toMatchObject({ ...company, postal_address: '', signatory_basis_details: '' });
    expect(loaded.updated_at).toBe(new Date(clock).toISOString());
  });

  test('a draft: only filled-in fields are checked, the rest is missing', async () => {
    const { key, contractId } = await newKey();
    const res = await save(key, { contract_id: contractId, organizer_meet_data: { legal_form: 2, full_name: 'Ivan Ivanov', inn: '500300123409' } });
    expect(res.statusCode).toBe(200);
    const body = expectShape(res.json(), OrganizerMeetAnswer);
    expect(body.complete).toBe(false);
    expect(body.missing).toEqual(['ogrn', 'legal_address', 'bank_name', 'bik', 'settlement_account', 'correspondent_account', 'contact_name', 'contact_phone', 'contact_email', 'signatory_name', 'signatory_basis']);
  });

  test('field errors keyed by the field, nothing written', async () => {
    const { key, contractId } = await newKey();
    const res = await save(key, {
      contract_id: contractId,
      organizer_meet_data: { ...company, inn: '7707083894', ogrn: '304770300000010', settlement_account: '40817810600000054321', contact_email: 'irina@', contact_phone: '8916' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      inn: 'The check digit does not match: check the number',
      ogrn: 'Must be 13 digits',
      settlement_account: 'The account does not match the BIK: check both',
      contact_phone: 'Please enter a valid phone number',
      contact_email: 'Please enter a valid e-mail',
    });
    expect(expectShape((await load(key)).json(), OrganizerMeetAnswer).updated_at).toBeNull();
  });

  test('malformed input: a legal form out of list 2, a missing contract_id', async () => {
    const { key, contractId } = await newKey();
    const res = await save(key, { contract_id: contractId, organizer_meet_data: { legal_form: 4 } });
    expect(res.statusCode).toBe(422);
    expect((await save(key, { organizer_meet_data: {} })).json().errors).toEqual({ contract_id: 'Required field' });
  });
});

describe('files', () => {
  test('upload, list, serve to the key holder only, save with it, delete', async () => {
    const { key, contractId } = await newKey();
    const res = await uploadFile(key, PDF, false, 'Charter 2024.pdf');
    expect(res.statusCode).toBe(200);
    const file = expectShape(res.json(), OrganizerMeetFile);
    expect(file).toMatchObject({ name: 'Charter 2024.pdf', mime: 'application/pdf', size: PDF.length, is_public: false });
    expect(file.url).toBe(`/spa/contract-organizer-meet-file?key=${key}&file_id=${file.id}`);

    const served = await app.inject({ method: 'GET', url: file.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['cache-control']).toBe('private, no-store');
    expect(served.rawPayload.equals(PDF)).toBe(true);
    // Not at /media/uploads: no traveller owns it.
    const row = await uploadById(t.db, file.id);
    expect((await app.inject({ method: 'GET', url: `/media/uploads/${row!.stored_name}` })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/spa/contract-organizer-meet-file?key=${randomBytes(32).toString('base64url')}&file_id=${file.id}` })).statusCode).toBe(404);

    const saved = expectShape((await save(key, { contract_id: contractId, organizer_meet_data: company, files: [file.id] })).json(), OrganizerMeetAnswer);
    expect(saved.files.map((f) => f.id)).toEqual([file.id]);
    expect(saved.saved_file_ids).toEqual([file.id]);

    expect((await deleteFile(key, file.id)).json()).toEqual({ success: true });
    const after = expectShape((await load(key)).json(), OrganizerMeetAnswer);
    expect(after.files).toEqual([]);
    expect(after.saved_file_ids).toEqual([]);
    expect((await app.inject({ method: 'GET', url: file.url })).statusCode).toBe(404);
    expect((await deleteFile(key, file.id)).statusCode).toBe(404);
  });

  test('a public file is at /media/uploads too', async () => {
    const { key } = await newKey();
    const file = expectShape((await uploadFile(key, PDF, true)).json(), OrganizerMeetFile);
    expect(file.url).toMatch(/^\/media\/uploads\/[0-9a-f]{32}\.pdf$/);
    expect((await app.inject({ method: 'GET', url: file.url })).statusCode).toBe(200);
  });

  test("another contract's file: 404 to delete and to serve, 422 to save with", async () => {
    const mine = await newKey();
    const other = await newKey();
    const theirs = expectShape((await uploadFile(other.key, PDF)).json(), OrganizerMeetFile);
    const del = await deleteFile(mine.key, theirs.id);
    expect(del.statusCode).toBe(404);
    expectShape(del.json(), ErrorBody);
    expect((await app.inject({ method: 'GET', url: `/spa/contract-organizer-meet-file?key=${mine.key}&file_id=${theirs.id}` })).statusCode).toBe(404);
    const saved = await save(mine.key, { contract_id: mine.contractId, organizer_meet_data: {}, files: [theirs.id] });
    expect(saved.statusCode).toBe(422);
    expect(saved.json().errors).toEqual({ files: 'No such file' });
    // Still theirs.
    expect(expectShape((await load(other.key)).json(), OrganizerMeetAnswer).files.map((f) => f.id)).toEqual([theirs.id]);
  });

  test("the upload calls' limits: the real type, the size", async () => {
    const { key } = await newKey();
    const renamed = await uploadFile(key, EXE, false, 'scan.pdf');
    expect(renamed.statusCode).toBe(422);
    expect(renamed.json().errors).toEqual({ file: 'The file must be a JPEG, PNG, WebP, GIF or PDF file' });
    const big = await uploadFile(key, Buffer.concat([PDF, Buffer.alloc(UPLOAD_MAX_BYTES.file)]));
    expect(big.statusCode).toBe(413);
    expect(big.json().errors).toEqual({ file: `The file is larger than ${UPLOAD_MAX_BYTES.file / 1024 / 1024} MB` });
    const missing = await app.inject({ method: 'POST', url: `/spa/contract-organizer-meet-file-save?key=${key}`, ...multipart([{ name: 'is_public', value: '0' }]) });
    expect(missing.statusCode).toBe(422);
    expect(expectShape((await load(key)).json(), OrganizerMeetAnswer).files).toEqual([]);
  });
});

test('the development key opens the development contract (DEV_MODE seed)', async () => {
  const contractId = await ensureDevOrganizerMeetKey(t.db, new Date(clock));
  expect(await ensureDevOrganizerMeetKey(t.db, new Date(clock))).toBe(contractId);
  expect(expectShape((await load(DEV_ORGANIZER_MEET_KEY)).json(), OrganizerMeetAnswer).contract_id).toBe(contractId);
});
