/**
 * Site settings through the documented command (issue 32): `npm run settings -w @tours/api -- set <key> <value>`
 * checks the value against the setting's allowed values and writes site_settings; GET /spa/site-tokens serves it
 * after the API's restart (a new server on the same database). SQLite, and PostgreSQL with DATABASE_URL.
 */
import type { FastifyInstance } from 'fastify';
import { runSettingsCommand } from '../src/cli/site-settings';
import { createTestDb, get, testServer, type TestDb } from './helpers';

let t: TestDb;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  t = await createTestDb({ seed: false });
});
afterAll(async () => {
  for (const a of apps) await a.close();
  await t.cleanup();
});

async function run(...args: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runSettingsCommand(t.db, args, (l) => out.push(l), (l) => err.push(l));
  return { code, out, err };
}

/** A fresh API on the database, as after a restart. */
async function siteTokens(): Promise<Record<string, unknown>> {
  const app = testServer(t.db);
  apps.push(app);
  await app.ready();
  return (await get(app, '/spa/site-tokens')).body as Record<string, unknown>;
}

describe('settings command', () => {
  it('set writes a valid value that /spa/site-tokens then serves; unset returns to the default', async () => {
    expect((await siteTokens()).captcha_provider).toBe('altcha');
    expect(await run('set', 'captcha_provider', 'Turnstile')).toEqual({ code: 0, out: ['captcha_provider=turnstile'], err: [] });
    expect(await run('set', 'captcha_key', '0x4AAAAAAAB')).toMatchObject({ code: 0 });
    expect(await run('set', 'main_auth_method', 'email')).toEqual({ code: 0, out: ['main_auth_method=2'], err: [] });
    expect(await run('set', 'send_tour_program_in_pdf_via_whatsapp', 'false')).toMatchObject({ code: 0, out: ['send_tour_program_in_pdf_via_whatsapp=0'] });
    expect(await siteTokens()).toMatchObject({ captcha_provider: 'turnstile', captcha_key: '0x4AAAAAAAB', main_auth_method: 2, send_tour_program_in_pdf_via_whatsapp: false });

    expect(await run('unset', 'captcha_provider')).toMatchObject({ code: 0 });
    expect((await siteTokens()).captcha_provider).toBe('altcha');
  });

  it.each([
    [['set', 'captcha_provider', 'local'], /captcha_provider: must be one of altcha, yandex, turnstile, hcaptcha/],
    [['set', 'main_auth_method', '3'], /main_auth_method: must be 1 \(phone\) or 2 \(email\)/],
    [['set', 'maps_provider', 'google'], /maps_provider: must be one of yandex/],
    [['set', 'send_tour_program_in_pdf_via_whatsapp', 'maybe'], /must be true or false/],
    [['set', 'maps_token', 'two words'], /maps_token: must be up to 500 printable characters/],
    [['set', 'captcha_providr', 'altcha'], /unknown setting captcha_providr/],
    [['unset', 'email'], /unknown setting email/],
    [['set', 'captcha_provider'], /npm run settings/],
  ])('%j is refused, nothing written', async (args, message) => {
    const before = (await t.db.kysely.selectFrom('site_settings').selectAll().orderBy('key').execute());
    const r = await run(...args);
    expect(r.code).toBe(2);
    expect(r.err.join('\n')).toMatch(message);
    expect(await t.db.kysely.selectFrom('site_settings').selectAll().orderBy('key').execute()).toEqual(before);
  });

  it('list shows every setting with its value or that the default applies', async () => {
    await run('set', 'maps_provider', 'yandex');
    const { code, out } = await run('list');
    expect(code).toBe(0);
    expect(out).toHaveLength(10);
    expect(out).toContainEqual(expect.stringMatching(/^maps_provider=yandex {2}# maps provider/));
    expect(out).toContainEqual(expect.stringMatching(/^hard_captcha_key= \(not set: default\)/));
  });
});
