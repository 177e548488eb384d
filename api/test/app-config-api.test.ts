/**
 * The API's part of the app configuration (public-site §3.8, issue 32): verificationService and webCalls come from
 * the same validated APP_CONFIG_FILE as excursionsEnabled (over the SITE_VARIANT preset; site settings still override
 * them), so an operator changes them with a restart: GET verification-data's provider and GET web-call-settings
 * follow the file. An invalid value stops the start naming the item.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { VerificationDataAnswer } from '@tours/shared/src/api/schemas/accounts';
import { WebCallSettingsAnswer } from '@tours/shared/src/api/schemas/web-calls';
import { BASE_CONFIG } from '@tours/shared/src/config/app-config';
import { readConfig } from '../src/config';
import { insertTraveller, issueToken } from '../src/db/queries/travellers';
import { createTestDb, expectShape, get, testServer, type TestDb } from './helpers';

const SIP = { sipWsUrl: 'ws://localhost:15999', sipDomain: 'tours.localhost', sipSecret: 'app-config-sip-secret' };
const FILE = {
  verificationService: { name: 'IdCheck', legalName: 'IdCheck Ltd', link: 'https://idcheck.example/about', linkText: 'About IdCheck' },
  webCalls: { canCallToSupport: false, canCallToOrganizer: true },
};

let dir: string;
let t: TestDb;
let preset: FastifyInstance;
let fromFile: FastifyInstance;
let token: string;
let orgId: number;

const write = (name: string, value: unknown) => {
  const file = path.join(dir, name);
  writeFileSync(file, JSON.stringify(value));
  return file;
};

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'api-app-config-'));
  t = await createTestDb();
  const file = readConfig({ APP_CONFIG_FILE: write('site.json', FILE) });
  preset = testServer(t.db, { ...SIP });
  fromFile = testServer(t.db, { ...SIP, verificationService: file.verificationService, webCalls: file.webCalls });
  token = await issueToken(t.db, await insertTraveller(t.db, { first_name: 'Vera', last_name: 'File', email: 'vera.file@example.com' }));
  orgId = Number((await t.db.kysely.selectFrom('organizers').select('id').orderBy('id').executeTakeFirstOrThrow()).id);
});
afterAll(async () => {
  await preset.close();
  await fromFile.close();
  await t.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

test('readConfig takes verificationService and webCalls from APP_CONFIG_FILE, over the preset', () => {
  expect(readConfig({})).toMatchObject({ verificationService: BASE_CONFIG.verificationService, webCalls: BASE_CONFIG.webCalls });
  // Objects merge item by item: an item the file leaves out keeps the preset's value.
  expect(readConfig({ APP_CONFIG_FILE: write('one.json', { webCalls: { canCallToOrganizer: true } }) }).webCalls).toEqual({ canCallToSupport: BASE_CONFIG.webCalls.canCallToSupport, canCallToOrganizer: true });
  expect(readConfig({ APP_CONFIG_FILE: write('full.json', FILE) })).toMatchObject({ ...FILE, verificationService: { ...FILE.verificationService, allowMessagesAboutUnverifiedIdentity: false } });
});

test.each([
  ['webCalls.canCallToSupport', { webCalls: { canCallToSupport: 'yes' } }],
  ['verificationService.name', { verificationService: { name: 7 } }],
])('an invalid %s stops the start naming the item', (item, value) => {
  expect(() => readConfig({ APP_CONFIG_FILE: write('bad.json', value) })).toThrow(item);
});

test("GET web-call-settings follows the file's webCalls", async () => {
  const answer = async (app: FastifyInstance) => expectShape((await get(app, '/crm/api/phone-code/web-call-settings')).body, WebCallSettingsAnswer);
  expect(await answer(preset)).toEqual({ available: true, can_call_to_support: true, can_call_to_organizer: false });
  expect(await answer(fromFile)).toEqual({ available: true, can_call_to_support: false, can_call_to_organizer: true });
});

test("GET verification-data's provider is the file's verificationService", async () => {
  const provider = async (app: FastifyInstance) => {
    const res = await get(app, `/crm/api/user/verification-data?orgId=${orgId}`, { 'x-authorization': `Bearer ${token}` });
    expect(res.status).toBe(200);
    return expectShape(res.body, VerificationDataAnswer).provider;
  };
  expect(await provider(preset)).toEqual(BASE_CONFIG.verificationService);
  expect(await provider(fromFile)).toEqual({ ...FILE.verificationService, allowMessagesAboutUnverifiedIdentity: false });
});
