/**
 * The travel guide of the e-book sheet (public-site §2.7 'E-book', §7.4 'the e-book subscription ({email})'; issue 29:
 * 'The guide has been sent to your email!' had sent nothing). A short guide made from what the marketplace knows, in
 * the traveller's language and currency: the destinations with the most published tours (time zone, tours and the
 * cheapest price, the months with the most departures in the next year, the ways to travel there, sights), month by
 * month where the departures are, winter holidays, the visa page's text, and the coordinators' contacts. Rendered by
 * lib/guide-pdf-render.ts in the PDF workers and cached like the programme (use-cases/pdf-cache.ts).
 */
import type { ApiLocale, CurrencyCode } from '@tours/shared/src/api/schemas/common';
import { buildHref } from '@tours/shared/src/routing/match';
import { infoPageRows } from '../db/queries/info-pages';
import {
  allRestKinds, departuresByRegionAndMonth, regionsByIds, restKindsOfRegions, showplacesOfRegions, topTourRegions,
} from '../db/queries/travel-guide';
import type { Services } from '../services';
import { priceIn } from '../lib/currency';
import { guideTitle, type GuideBlock, type GuideModel } from '../lib/guide-pdf-render';
import { pickText, t } from '../lib/i18n';
import { PdfCache, type PdfFile } from './pdf-cache';
import type { Payer } from '../lib/work-limits';
import { siteContacts, storedBlocks } from './info-pages';

export { guideTitle, type GuideModel } from '../lib/guide-pdf-render';

/** Destinations described, at most. */
const GUIDE_DESTINATIONS = 12;
/** Per destination: months, activities and sights named, at most; per month, destinations. */
const BEST_MONTHS = 3;
const ACTIVITIES = 3;
const SIGHTS = 5;
const PER_MONTH = 3;
/** The guides of the four locales in a few currencies: a few MB. */
const CACHE_BYTES = 16 * 1024 * 1024;

const TAGS: Record<ApiLocale, string> = { en: 'en-GB', de: 'de-DE', ru: 'ru-RU', cn: 'zh-CN' };
/** The guide is to Russia (public-site §9: country id 1), whatever else the catalogue holds. */
const RUSSIA = 1;

/**
 * How a region is called in a locale: its short name ('Baikal' for Irkutsk Oblast) where the locale has one, else its
 * name (German has no short names: an English one beside a German name would read as a mistake).
 */
function regionWords(region: object, locale: ApiLocale): { name: string; short: string | null } {
  const name = t(region, 'name', locale);
  const short = pickText(region, 'short', locale);
  return { name, short: !short.fellBack && short.text && short.text !== name ? short.text : null };
}

/** The month names of a locale, January first ('Juni', 'июнь', '六月'). */
function monthNames(locale: ApiLocale): string[] {
  const format = new Intl.DateTimeFormat(TAGS[locale], { month: 'long', timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, m) => format.format(new Date(Date.UTC(2000, m, 15))));
}

/** The keys of the `top` largest counts, largest first (ties: the smaller key first, so the guide reads the same every time). */
function topKeys<K extends string | number>(counts: ReadonlyMap<K, number>, top: number): K[] {
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).slice(0, top).map(([key]) => key);
}

/** The visa page's text blocks as the guide prints them (links and contacts are the site's, not the paper's). */
function guideBlocks(blocks: readonly { type: string; text?: string; items?: unknown }[]): GuideBlock[] {
  const out: GuideBlock[] = [];
  for (const b of blocks) {
    if (b.type === 'heading' && b.text) out.push({ type: 'heading', text: b.text });
    else if ((b.type === 'paragraph' || b.type === 'note') && b.text) out.push({ type: b.type, text: b.text });
    else if (b.type === 'list' && Array.isArray(b.items)) out.push({ type: 'list', items: b.items.filter((i): i is string => typeof i === 'string') });
  }
  return out;
}

/** What the guide prints in a locale and currency, read from the database. */
async function guideModel(s: Services, locale: ApiLocale, currency: CurrencyCode): Promise<GuideModel> {
  const now = s.date();
  const today = now.toISOString().slice(0, 10);
  const yearLater = new Date(now.getTime() + 365 * 86_400_000).toISOString().slice(0, 10);
  const [top, departures, restKinds, visaRows, contacts, rates] = await Promise.all([
    topTourRegions(s.db, RUSSIA, GUIDE_DESTINATIONS),
    departuresByRegionAndMonth(s.db, RUSSIA, today, yearLater),
    allRestKinds(s.db),
    infoPageRows(s.db, 'visa', locale),
    siteContacts(s, locale, 1),
    s.rates(),
  ]);
  const ids = top.map((r) => r.main_region_id);
  const [regions, activities, sights] = ids.length
    ? await Promise.all([
      regionsByIds(s.db, ids),
      restKindsOfRegions(s.db, ids),
      showplacesOfRegions(s.db, ids),
    ])
    : [[], [], []];

  const months = monthNames(locale);
  const calledIn = (r: object) => {
    const words = regionWords(r, locale);
    return words.short ?? words.name;
  };
  const regionName = new Map(regions.map((r) => [r.id, calledIn(r)]));
  const allRegionNames = new Map<number, string>();
  const byRegionMonth = new Map<number, Map<number, number>>();
  const byMonthRegion = new Map<number, Map<number, number>>();
  for (const d of departures) {
    const m = Number(d.month) - 1;
    if (!(m >= 0 && m < 12)) continue;
    const n = Number(d.n);
    if (!byRegionMonth.has(d.region)) byRegionMonth.set(d.region, new Map());
    byRegionMonth.get(d.region)!.set(m, n);
    if (!byMonthRegion.has(m)) byMonthRegion.set(m, new Map());
    byMonthRegion.get(m)!.set(d.region, n);
  }
  // The month table may name destinations beyond the described ones.
  const monthRegionIds = [...new Set([...byMonthRegion.values()].flatMap((counts) => topKeys(counts, PER_MONTH)))].filter((id) => !regionName.has(id));
  if (monthRegionIds.length) {
    for (const r of await regionsByIds(s.db, monthRegionIds)) allRegionNames.set(r.id, calledIn(r));
  }
  const nameOf = (id: number) => regionName.get(id) ?? allRegionNames.get(id) ?? '';
  const kindName = new Map(restKinds.map((r) => [r.id, t(r, 'name', locale)]));
  const prefix = (path: string) => `${s.config.siteOrigin}${path}`;
  const visaRow = visaRows.find((r) => r.locale === locale) ?? visaRows.find((r) => r.locale === 'en');
  const mainPhone = contacts.phones.find((p) => p.type === 'main');

  return {
    locale, currency,
    editionText: new Intl.DateTimeFormat(TAGS[locale], { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(now),
    destinations: top.flatMap((row) => {
      const region = regions.find((r) => r.id === row.main_region_id);
      if (!region) return [];
      const { name, short } = regionWords(region, locale);
      const kinds = new Map(activities.filter((a) => a.region === region.id).map((a) => [a.kind, Number(a.n)]));
      return [{
        name,
        short,
        utcOffsetMinutes: region.utc_offset_minutes,
        tours: Number(row.tours),
        priceFrom: priceIn(Number(row.price), currency, rates).price,
        bestMonths: topKeys(byRegionMonth.get(region.id) ?? new Map<number, number>(), BEST_MONTHS).map((m) => months[m]!),
        activities: topKeys(kinds, ACTIVITIES).map((id) => kindName.get(id) ?? '').filter(Boolean),
        sights: sights.filter((p) => p.region_id === region.id).slice(0, SIGHTS).map((p) => t(p, 'name', locale)),
        url: prefix(buildHref('tours', { slug: region.slug }, locale)),
      }];
    }),
    months: months.map((name, m) => ({ month: name, destinations: topKeys(byMonthRegion.get(m) ?? new Map<number, number>(), PER_MONTH).map(nameOf).filter(Boolean) }))
      .filter((m) => m.destinations.length > 0),
    winterActivities: restKinds.filter((r) => r.is_winter === 1).map((r) => t(r, 'name', locale)),
    visa: visaRow ? guideBlocks(storedBlocks(visaRow)) : [],
    contacts: {
      email: contacts.email,
      phones: (mainPhone ? [mainPhone] : contacts.phones.slice(0, 1)).map((p) => ({ phone: p.formatted_phone, text: p.text })),
      weekdays: `${contacts.schedule.weekdays.start}–${contacts.schedule.weekdays.end}`,
      weekend: `${contacts.schedule.weekend.start}–${contacts.schedule.weekend.end}`,
      zone: `${contacts.schedule.timezone}, UTC${contacts.schedule.utc_offset}`,
    },
    siteUrl: prefix(buildHref('index', {}, locale)),
    visaUrl: prefix(buildHref('visa-page', {}, locale)),
  };
}

/**
 * The guide's model through the answer cache (60 s, like the programme's; built one at a time with the programme
 * models: `s.work.pdfModels`), so a PDF served from the cache does not read the catalogue again.
 */
export function cachedGuideModel(s: Services, locale: ApiLocale, currency: CurrencyCode): Promise<GuideModel> {
  return s.cached(`guide-model:${locale}:${currency}`, () => s.work.pdfModels.run(() => guideModel(s, locale, currency)));
}

export type GuidePdf = PdfFile;

/** Makes the guide's PDF once per locale, currency and data version (use-cases/pdf-cache.ts, in the PDF workers). */
export class GuidePdfs {
  private readonly pdfs: PdfCache<{ locale: ApiLocale; currency: CurrencyCode }, GuideModel>;

  constructor(s: Services) {
    this.pdfs = new PdfCache(s, {
      name: (r) => `guide:${r.locale}:${r.currency}`,
      model: (r) => cachedGuideModel(s, r.locale, r.currency),
      document: (model) => ({ kind: 'guide', model }),
      filename: (r) => `travel-guide-russia-${r.locale}.pdf`,
      title: (model) => guideTitle(model.locale),
    }, CACHE_BYTES);
  }

  get generated(): number {
    return this.pdfs.generated;
  }

  /** The guide's PDF; `payer` pays for one this call makes (PdfCache.get: the captcha 429 when it cannot). */
  async get(locale: ApiLocale, currency: CurrencyCode, payer?: Payer): Promise<GuidePdf> {
    return (await this.pdfs.get({ locale, currency }, payer))!;
  }
}
