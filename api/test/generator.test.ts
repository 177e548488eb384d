/** The deterministic catalogue generator. */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_CATALOGUE_SIZE, FIRST_TOUR_ID, generateCatalogue, HOSTILE_TOUR_IDS, type Catalogue } from '../src/db/seed';
import { HOSTILE_PAYLOADS } from '../src/db/seed/hostile';
import { addDays } from '../src/db/seed/text';
import { createTestDb, TODAY } from './helpers';
import { ensureSeeded } from '../src/db/seed/ensure';
import { distanceKm, NEIGHBOUR_KM } from '../src/db/seed/tours';

const hash = (c: Catalogue): string => createHash('sha256').update(JSON.stringify(c.rows)).digest('hex');
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

let small: Catalogue;
beforeAll(() => {
  small = generateCatalogue({ seed: 42, size: 300, today: TODAY });
});

test('same seed, size and date give the same data; another seed other data', () => {
  expect(hash(generateCatalogue({ seed: 42, size: 300, today: TODAY }))).toBe(hash(small));
  expect(hash(generateCatalogue({ seed: 43, size: 300, today: TODAY }))).not.toBe(hash(small));
});

test('the seed code never uses Math.random', () => {
  const dir = path.resolve(__dirname, '..', 'src', 'db', 'seed');
  const files = fs.readdirSync(dir, { recursive: true }).map(String).filter((f) => f.endsWith('.ts'));
  for (const f of files) expect(fs.readFileSync(path.join(dir, f), 'utf8')).not.toMatch(/Math\.random\s*\(/);
});

test('real geography: 60+ Russian regions plus Belarus and Kazakhstan, real names', () => {
  const { regions, cities, countries } = small.rows;
  expect(regions.filter((r) => r.country_id === 1).length).toBeGreaterThanOrEqual(60);
  expect(regions.some((r) => r.country_id === 20)).toBe(true);
  expect(regions.some((r) => r.country_id === 110)).toBe(true);
  const names = regions.map((r) => r.name_en);
  for (const n of ['Altai Republic', 'Irkutsk Oblast', 'Republic of Karelia', 'Kamchatka Krai', 'Murmansk Oblast', 'Republic of Dagestan', 'Krasnodar Krai', 'Kaliningrad Oblast', 'Republic of Tatarstan', 'Moscow', 'Saint Petersburg']) {
    expect(names).toContain(n);
  }
  expect(cities.map((c) => c.name_cn)).toEqual(expect.arrayContaining(['伊尔库茨克', '索契', '喀山']));
  expect(countries.find((c) => c.id === 1)?.iso_code).toBe('RU');
  expect(small.rows.water_objects.map((w) => w.name_en)).toEqual(expect.arrayContaining(['Lake Baikal', 'Volga', 'Black Sea']));
  expect(small.rows.ships.length).toBeGreaterThan(5);
});

test('slugs are ASCII kebab-case; tour slugs end in -{id} in every locale; page slugs are unique', () => {
  for (const t of small.rows.tours) {
    for (const s of [t.slug_en, t.slug_cn, t.slug_de, t.slug_ru]) {
      expect(s).toMatch(SLUG);
      expect(s.endsWith(`-${t.id}`)).toBe(true);
    }
  }
  const all = small.rows.slug_index.map((s) => s.slug);
  expect(new Set(all).size).toBe(all.length);
  expect(all.every((s) => SLUG.test(s))).toBe(true);
  expect(small.rows.tours[0]?.id).toBe(FIRST_TOUR_ID);
});

test('texts in en and readable cn; de/ru titles may be null (fall back to en)', () => {
  const cjk = /[\u4e00-\u9fff]/;
  for (const t of small.rows.tours) {
    expect(t.title_en).toMatch(/[A-Za-z]/);
    expect(t.title_cn).toMatch(cjk);
    expect(t.description_cn).toMatch(cjk);
  }
  expect(small.rows.tours.some((t) => t.title_de === null)).toBe(true);
  expect(small.rows.tours.some((t) => t.title_ru && /[а-я]/.test(t.title_ru))).toBe(true);
});

test('tours, excursions and cruises with the data a tour page needs', () => {
  const { tours, tour_variants, excursion_times, discounts, program_days, tour_options, ticket_routes, reviews } = small.rows;
  expect(tours.some((t) => t.type === 2)).toBe(true);
  expect(tours.some((t) => t.is_cruise === 1 && t.ship_id !== null && t.cruise_type_id !== null)).toBe(true);
  const horizon = addDays(TODAY, 366);
  expect(tour_variants.every((v) => v.start > TODAY && v.end <= horizon && v.price > 0)).toBe(true);
  expect(tour_variants.some((v) => v.is_busy === 1)).toBe(true);
  expect(tour_variants.some((v) => v.not_guaranteed === 1)).toBe(true);
  expect(excursion_times.length).toBeGreaterThan(0);
  expect(new Set(discounts.map((d) => d.kind))).toEqual(new Set(['early_booking_dates', 'early_booking_days', 'seasonal', 'on_tour_date']));
  expect(new Set(discounts.map((d) => d.format_id))).toEqual(new Set([1, 2]));
  expect(program_days.length).toBeGreaterThan(tours.length);
  expect(tour_options.length).toBeGreaterThan(0);
  expect(new Set(ticket_routes.map((r) => r.transport))).toEqual(new Set(['plane', 'train', 'other']));
  expect(new Set(reviews.map((r) => r.target))).toEqual(new Set(['tour', 'organizer']));
  expect(reviews.some((r) => r.reply_title) && reviews.some((r) => r.site_reply_title)).toBe(true);
  const rates = small.rows.currency_rates.map((r) => r.code);
  expect(rates).toEqual(expect.arrayContaining(['EUR', 'USD', 'RUB', 'BYN', 'KZT', 'CNY', 'AED', 'CAD', 'AUD', 'SGD', 'NZD', 'GBP', 'SHF', 'TRY', 'JPY', 'KRW', 'INR']));
});

test("a tour's title, regions and places agree: the title's place is in the main region, every place named in one of its regions, a second region next door", () => {
  const { tours, tour_regions, regions, cities, showplaces, water_objects, water_object_regions } = small.rows;
  const regionOf = new Map(regions.map((r) => [r.id, r]));
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // Every place a title may name, with its region: regions (full and short names), cities, showplaces, waters.
  const named = [
    ...regions.flatMap((r) => [{ name: r.name_en, region: r.id }, { name: r.short_en, region: r.id }]),
    ...showplaces.map((p) => ({ name: p.name_en, region: p.region_id })),
    ...cities.map((c) => ({ name: c.name_en, region: c.region_id })),
    ...water_objects.flatMap((w) => water_object_regions.filter((x) => x.water_object_id === w.id).map((x) => ({ name: w.name_en, region: x.region_id }))),
  ]
    // Longest first: 'Big Almaty Lake' is found before 'Almaty', whose match inside it is then masked (same names together).
    .sort((a, b) => b.name.length - a.name.length || a.name.localeCompare(b.name))
    .map((p) => ({ ...p, re: new RegExp(`(?<![\\p{L}])${escape(p.name)}(?![\\p{L}])`, 'u') }));
  const problems: string[] = [];
  let secondRegions = 0;
  for (const tour of tours.filter((t) => t.is_cruise !== 1 && !(HOSTILE_TOUR_IDS as readonly number[]).includes(t.id))) {
    const main = regionOf.get(tour.main_region_id)!;
    const own = new Set([tour.main_region_id, ...tour_regions.filter((x) => x.tour_id === tour.id).map((x) => x.region_id)]);
    let title = tour.title_en;
    const found: { name: string; region: number; at: number }[] = [];
    for (const [i, p] of named.entries()) {
      const at = title.search(p.re);
      if (at < 0) continue;
      found.push({ name: p.name, region: p.region, at });
      // Masked for the shorter names once every place of this name has been found there.
      if (named[i + 1]?.name !== p.name) title = title.slice(0, at) + '_'.repeat(p.name.length) + title.slice(at + p.name.length);
    }
    // Several places share a name (two cities called the same): any of them in the right region will do.
    const inRegions = (name: string, allowed: (region: number) => boolean) => found.some((p) => p.name === name && allowed(p.region));
    for (const p of found) if (!inRegions(p.name, (r) => own.has(r))) problems.push(`${tour.id} '${tour.title_en}' (${main.name_en}): ${p.name} is elsewhere`);
    const first = [...found].sort((a, b) => a.at - b.at)[0];
    if (first && !inRegions(first.name, (r) => r === tour.main_region_id)) problems.push(`${tour.id} '${tour.title_en}' (${main.name_en}): named after ${first.name}`);
    for (const link of tour_regions.filter((x) => x.tour_id === tour.id && x.region_id !== tour.main_region_id)) {
      secondRegions++;
      const other = regionOf.get(link.region_id)!;
      if (distanceKm(main, other) > NEIGHBOUR_KM) problems.push(`${tour.id}: ${main.name_en} + ${other.name_en} are far apart`);
    }
  }
  expect(problems).toEqual([]);
  expect(secondRegions).toBeGreaterThan(5);
});

test('the hostile tours carry every payload and are published', () => {
  for (const id of HOSTILE_TOUR_IDS) {
    const tour = small.rows.tours.find((t) => t.id === id);
    expect(tour?.is_published).toBe(1);
    for (const p of HOSTILE_PAYLOADS) expect(tour?.description_en).toContain(p);
  }
  expect(HOSTILE_TOUR_IDS.length).toBeGreaterThanOrEqual(5);
});

test(`the full catalogue (${DEFAULT_CATALOGUE_SIZE} tours, 60+ regions) is generated and written within 30 s`, async () => {
  const t = await createTestDb({ seed: false });
  try {
    const started = performance.now();
    const report = await ensureSeeded(t.db, { size: DEFAULT_CATALOGUE_SIZE, seed: 42, today: TODAY });
    const seconds = (performance.now() - started) / 1000;
    console.log(`full seed on ${t.db.dialect}: generate ${report.generateMs} ms, write ${report.writeMs} ms, ${report.stats?.rows} rows`);
    expect(seconds).toBeLessThan(30);
    expect(report.stats?.tours).toBeGreaterThanOrEqual(3000);
    expect(report.stats?.russianRegions).toBeGreaterThanOrEqual(60);
    const count = await t.db.kysely.selectFrom('tours').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(DEFAULT_CATALOGUE_SIZE);
  } finally {
    await t.cleanup();
  }
});
