/** GET /spa/info-page (issue 17 'Content a traveller expects'; migration 0018, db/seed/pages) on SQLite, and on PostgreSQL with DATABASE_URL. */
import type { Kysely } from 'kysely';
import { ErrorBody } from '@tours/shared/src/api/schemas/common';
import { INFO_PAGE_KEYS, InfoPageAnswer, type InfoBlock } from '@tours/shared/src/api/schemas/info-pages';
import type { InfoPagesSchema } from '../src/db/schema';
import { contentHash } from '../src/db/queries/info-pages';
import { ensureInfoPages, PAGE_TEXTS, PAGE_VERSIONS } from '../src/db/seed/pages';
import { storedBlocks } from '../src/use-cases/info-pages';
import { expectShape, get, testServer, withTestServer } from './helpers';

const pages = () => t.db.kysely as unknown as Kysely<InfoPagesSchema>;

const { t, app } = withTestServer();

const page = async (key: string, headers: Record<string, string> = {}) => expectShape((await get(app, `/spa/info-page?page=${key}`, headers)).body, InfoPageAnswer);
const text = (blocks: InfoBlock[]) => JSON.stringify(blocks);

describe('GET /spa/info-page', () => {
  test.each(INFO_PAGE_KEYS.map((k) => [k]))('%s: its English blocks, version and date', async (key) => {
    const body = await page(key);
    expect(body).toMatchObject({ page: key, locale: 'en', ...PAGE_VERSIONS[key] });
    expect(body.fallback_locale).toBeUndefined();
    expect(body.blocks.length).toBeGreaterThanOrEqual(3);
  });

  /** What each locale's own text is written in (an English fallback has none of it). */
  const SCRIPT: Record<'cn' | 'de' | 'ru', RegExp> = { cn: /[\u4e00-\u9fff]/, de: /[äöüßÄÖÜ]/, ru: /[а-яё]/i };
  test.each(INFO_PAGE_KEYS.flatMap((k) => (['cn', 'de', 'ru'] as const).map((l) => [k, l] as const)))(
    '%s in %s: its own text (not the English fallback), the same version and date', async (key, locale) => {
      const body = await page(key, { 'x-language': locale === 'cn' ? 'zh-CN' : locale });
      expect(body).toMatchObject({ page: key, locale, ...PAGE_VERSIONS[key] });
      expect(body.fallback_locale).toBeUndefined();
      expect(body.blocks.length).toBeGreaterThanOrEqual(3);
      expect(text(body.blocks)).toMatch(SCRIPT[locale]);
    },
  );

  test.each([
    ['x-language', 'zh-CN', 'cn', /[\u4e00-\u9fff]/],
    ['x-language', 'de', 'de', /[äöüß]/],
    ['x-language', 'ru', 'ru', /[а-яё]/],
  ])('%s %s answers the %s text', async (header, value, locale, script) => {
    const body = await page('about', { [header]: value });
    expect(body.locale).toBe(locale);
    expect(body.fallback_locale).toBeUndefined();
    expect(text(body.blocks)).toMatch(script);
  });

  test('the privacy policy: its version and date, 152-FZ, a link to the cookie policy', async () => {
    const body = await page('privacy');
    expect(body.version).toBe('2.4');
    expect(body.updated_at).toBe('2025-03-01');
    expect(text(body.blocks)).toContain('152-FZ');
    expect(body.blocks).toContainEqual({ type: 'link', route: 'cookies', text: 'Cookie Policy' });
  });

  test('the FAQ: at least four titled groups of three to five questions', async () => {
    const groups = (await page('faq')).blocks.filter((b) => b.type === 'faq');
    expect(groups.length).toBeGreaterThanOrEqual(4);
    for (const g of groups) {
      expect(g.items.length).toBeGreaterThanOrEqual(3);
      expect(g.items.length).toBeLessThanOrEqual(5);
    }
    expect(groups.map((g) => g.title)).toEqual(expect.arrayContaining(['Payment', 'Cancellations and refunds']));
  });

  test('for agencies: the requisites rows, the same numbers in every locale', async () => {
    const rows = async (lang: string) => (await page('for-agencies', { 'x-language': lang })).blocks.find((b) => b.type === 'requisites');
    const en = await rows('en');
    const ru = await rows('ru');
    expect(en?.rows).toContainEqual({ label: 'INN (taxpayer number)', value: '7701483528' });
    expect(ru?.rows).toContainEqual({ label: 'ИНН', value: '7701483528' });
    expect(ru?.rows).toContainEqual({ label: 'Наименование', value: 'ООО «Туры по России»' });
    // INN, KPP, OGRN, BIK and the accounts; the name, address and bank are written in the locale's letters.
    const numbers = (rows: { value: string }[] | undefined) => [1, 2, 3, 6, 7, 8].map((i) => rows?.[i]?.value);
    expect(numbers(ru?.rows)).toEqual(numbers(en?.rows));
    expect(numbers(en?.rows)).toEqual(['7701483528', '770101001', '1197746352187', '044525711', '40702810100000351874', '30101810845250000711']);
  });

  test("the contacts block is the site's contacts at answer time: phones, e-mail, schedule; the Chinese site's own", async () => {
    const contacts = (await page('contacts')).blocks.find((b) => b.type === 'contacts');
    expect(contacts).toMatchObject({
      email: 'help@tours.example',
      schedule: { weekdays: { start: '09:00', end: '21:00' }, weekend: { start: '10:00', end: '19:00' }, timezone: 'MSK', utc_offset: '+03:00' },
    });
    expect(contacts?.phones[0]).toMatchObject({ type: 'main', formatted_phone: '+7 800 201-45-67', text: 'Free call within Russia' });
    expect(contacts?.phones.map((p) => p.text)).toContain('Saint Petersburg office');
    const cn = (await page('contacts', { 'x-language': 'zh-CN', 'x-localization': '12' })).blocks.find((b) => b.type === 'contacts');
    expect(cn).toMatchObject({ email: 'china@tours.example' });
    expect(cn?.phones[0]).toMatchObject({ formatted_phone: '+86 400 820-4567', text: '中文客服热线' });
  });

  test('a locale without the text falls back to English and says so', async () => {
    await pages().deleteFrom('info_pages').where('page', '=', 'press').where('locale', '=', 'de').execute();
    // A server of its own: the shared one may hold the German page in its 60 s answer cache from the tests above.
    const fresh = testServer(t.db);
    try {
      const body = expectShape((await get(fresh, '/spa/info-page?page=press', { 'x-language': 'de' })).body, InfoPageAnswer);
      expect(body).toMatchObject({ page: 'press', locale: 'en', fallback_locale: 'en' });
      expect(text(body.blocks)).toContain('Press kit');
    } finally {
      await fresh.close();
    }
  });

  test.each(['nope', 'About', 'faq%20', '__proto__', 'constructor'])('page=%s is a 404 in the error shape', async (key) => {
    const res = await get(app, `/spa/info-page?page=${key}`);
    expect(res.status).toBe(404);
    expect(expectShape(res.body, ErrorBody).message).toBe('Page not found');
  });

  test('no page or a 41-character key is a 422 on `page`', async () => {
    for (const qs of ['', 'page=', `page=${'a'.repeat(41)}`]) {
      const res = await get(app, `/spa/info-page?${qs}`);
      expect(res.status).toBe(422);
      expect(Object.keys(expectShape(res.body, ErrorBody).errors ?? {})).toEqual(['page']);
    }
  });
});

describe('editing and re-seeding', () => {
  test("an editor's change survives the seed; a row the seed wrote takes the seed's new text", async () => {
    const edited = JSON.stringify([{ type: 'paragraph', text: 'Edited by the content team.' }]);
    await pages().updateTable('info_pages').set({ blocks: edited, version: '9.9' }).where('page', '=', 'cookies').where('locale', '=', 'en').execute();
    // A row as an older seed left it: its own text, its hash recorded.
    const old = { version: '0.1', updated_at: '2020-01-01', blocks: '[]' };
    await pages().updateTable('info_pages').set({ ...old, seed_hash: contentHash(old) }).where('page', '=', 'visa').where('locale', '=', 'ru').execute();
    expect(await ensureInfoPages(t.db)).toBe(2); // the ru visa page and the de press page deleted above
    const rows = await pages().selectFrom('info_pages').selectAll().where('page', 'in', ['cookies', 'visa']).execute();
    expect(rows.find((r) => r.page === 'cookies' && r.locale === 'en')).toMatchObject({ blocks: edited, version: '9.9' });
    const visa = rows.find((r) => r.page === 'visa' && r.locale === 'ru')!;
    expect(visa.version).toBe(PAGE_VERSIONS.visa.version);
    expect(JSON.parse(visa.blocks)).toEqual(PAGE_TEXTS.ru.visa);
    expect(await ensureInfoPages(t.db)).toBe(0);
  });

  test('a broken block is left out, not the page', () => {
    const blocks = JSON.stringify([{ type: 'paragraph', text: 'Kept' }, { type: 'link', route: 'nowhere', text: 'x' }, { type: 'heading', level: 7, text: 'x' }, 'x', null]);
    expect(storedBlocks({ blocks })).toEqual([{ type: 'paragraph', text: 'Kept' }]);
    expect(storedBlocks({ blocks: '{not json' })).toEqual([]);
  });
});

describe('the seeded texts', () => {
  const SCRIPT = { cn: /[\u4e00-\u9fff]/, de: /\b(und|der|die|Sie)\b/, ru: /[а-яё]{3}/i, en: /\b(the|and|you)\b/ } as const;
  test.each(INFO_PAGE_KEYS.flatMap((k) => (['en', 'cn', 'de', 'ru'] as const).map((l) => [k, l] as const)))('%s in %s: its own language, a few hundred words at most', (key, locale) => {
    const blocks = PAGE_TEXTS[locale][key];
    const all = JSON.stringify(blocks);
    expect(all).toMatch(SCRIPT[locale]);
    expect(all.length).toBeLessThan(9000);
    // The same structure in every locale: translations, not different pages.
    // The Chinese visa page adds the group visa-free section (heading and paragraph) the others do not need.
    const extra = locale === 'cn' && key === 'visa' ? 2 : 0;
    expect(blocks.filter((b) => b.type === 'heading')).toHaveLength(PAGE_TEXTS.en[key].filter((b) => b.type === 'heading').length + extra / 2);
    expect(blocks).toHaveLength(PAGE_TEXTS.en[key].length + extra);
  });
});
