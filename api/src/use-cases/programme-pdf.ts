/**
 * The tour programme as a PDF (public-site §2.7 'PDF request', §7.3; issue 14): title, region, duration, the
 * programme day by day, accommodation, what is included and not, and the dates with their prices in the asked
 * currency. This module makes the model (what is printed, read from the database) and keeps the cache; the
 * rendering (pdfkit and the fonts: lib/programme-pdf-render.ts) runs in the PDF worker threads (lib/pdf-workers.ts),
 * off the API's event loop (issue 28).
 *
 * PDFs are cached in memory (use-cases/pdf-cache.ts: LRU, at most CACHE_BYTES) by tour id, locale, currency and a SHA-256
 * of the data printed (the catalogue has no updated_at: any change of the tour, its dates, prices or the rates gives
 * another key); concurrent asks for the same PDF share one generation.
 */
import type { ApiLocale, CurrencyCode } from '@tours/shared/src/api/schemas/common';
import * as q from '../db/queries/tours';
import { isListedTour } from '../db/queries/listing';
import type { Services } from '../services';
import { t } from '../lib/i18n';
import { PdfCache, type PdfFile } from './pdf-cache';
import type { ProgrammeModel } from '../lib/programme-pdf-render';
import type { Payer } from '../lib/work-limits';
import { detail } from '../lib/tour-views';

export { programmeSubject, type ProgrammeModel } from '../lib/programme-pdf-render';

const CACHE_BYTES = 64 * 1024 * 1024;
/** Dates printed at most. */
const MAX_DATES = 40;

const ACCOMMODATION_WORDS: Record<string, Record<ApiLocale, string>> = {
  'camp-site': { en: 'Camp site', de: 'Campingplatz', ru: 'Кемпинг', cn: '营地' },
  'guest-house': { en: 'Guest house', de: 'Gästehaus', ru: 'Гостевой дом', cn: '民宿' },
  flat: { en: 'Flat', de: 'Wohnung', ru: 'Квартира', cn: '公寓' },
  cabin: { en: 'Cabin', de: 'Kabine', ru: 'Каюта', cn: '船舱' },
  hotel: { en: 'Hotel', de: 'Hotel', ru: 'Отель', cn: '酒店' },
  tent: { en: 'Tent', de: 'Zelt', ru: 'Палатка', cn: '帐篷' },
  train: { en: 'Train', de: 'Zug', ru: 'Поезд', cn: '火车' },
  'not-set': { en: 'Accommodation', de: 'Unterkunft', ru: 'Проживание', cn: '住宿' },
};

// Text ---------------------------------------------------------------------------------------------------------------

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', mdash: '—', ndash: '–', laquo: '«', raquo: '»', hellip: '…' };

/** The text of the catalogue's HTML fragments: paragraphs and line breaks kept, list items as bullets, tags gone. */
export function htmlToText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li[^>]*>/gi, '• ')
    .replace(/<\/(p|div|li|h[1-6]|tr)>/gi, '\n')
    .replace(/<\/(ul|ol)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, name: string) => {
      if (name[0] === '#') {
        const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
      }
      return ENTITIES[name.toLowerCase()] ?? all;
    })
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}


// The model ----------------------------------------------------------------------------------------------------------

/** The programme of a listed tour as printed, or null when there is no such tour. */
async function programmeModel(s: Services, tourId: number, locale: ApiLocale, currency: CurrencyCode): Promise<ProgrammeModel | null> {
  const tour = await q.tourById(s.db, tourId);
  if (!tour || !isListedTour(tour, s.config)) return null;
  const [parts, rates] = await Promise.all([q.tourParts(s.db, tour.id, tour.organizer_id, tour.main_region_id, 0, s.config), s.rates()]);
  const slug = t(tour, 'slug', locale);
  const d = detail(tour, parts, locale, currency, rates, { slug, expand_program: true });
  const today = s.date().toISOString().slice(0, 10);
  const prefix = locale === 'cn' ? '' : `/${locale}`;
  return {
    tourId: tour.id, locale, currency,
    title: d.title,
    region: [d.main_location_name, ...d.regions.map((r) => r.text)].filter((x, i, all) => x && all.indexOf(x) === i).join(', '),
    duration: { value: d.duration, unit: d.duration_unit === 'hours' ? 'hours' : 'days' },
    days: d.program.map((p) => ({ day: p.day, title: p.title, text: htmlToText(p.description) })),
    excursionProgram: d.excursion_program_description ? htmlToText(d.excursion_program_description) : null,
    accommodation: d.accommodation.map((a) => ({
      nights: a.nights,
      variants: a.variants.map((v) => ({ type: (ACCOMMODATION_WORDS[v.type] ?? ACCOMMODATION_WORDS['not-set']!)[locale], text: htmlToText(v.description) })),
    })),
    included: htmlToText(d.in_price.included),
    excluded: htmlToText(d.in_price.excluded),
    dates: d.variants.filter((v) => v.tour_id === tour.id && v.start >= today).slice(0, MAX_DATES)
      .map((v) => ({ start: v.start, end: v.end, price: v.price, busy: v.is_busy || v.number_of_free_seats <= 0 })),
    priceFrom: d.price,
    url: `${s.config.siteOrigin}${prefix}/${slug}`,
  };
}


/**
 * The model through the answer cache (60 s, like every catalogue answer), built one at a time (`s.work.pdfModels`):
 * a 14-day tour's model is up to ≈ 50 ms of the event loop, so a PDF served from the cache must not rebuild it, and a
 * flood of PDFs must not build many at once.
 */
export function cachedProgrammeModel(s: Services, tourId: number, locale: ApiLocale, currency: CurrencyCode): Promise<ProgrammeModel | null> {
  return s.cached(`programme-model:${tourId}:${locale}:${currency}`, () => s.work.pdfModels.run(() => programmeModel(s, tourId, locale, currency)));
}

// Cache --------------------------------------------------------------------------------------------------------------

export type ProgrammePdf = PdfFile;

/**
 * Makes programme PDFs once per tour, locale, currency and data version (use-cases/pdf-cache.ts, in the PDF workers); keeps
 * the latest within CACHE_BYTES.
 */
export class ProgrammePdfs {
  private readonly pdfs: PdfCache<{ tourId: number; locale: ApiLocale; currency: CurrencyCode }, ProgrammeModel>;

  constructor(s: Services) {
    this.pdfs = new PdfCache(s, {
      name: (r) => `${r.tourId}:${r.locale}:${r.currency}`,
      model: (r) => cachedProgrammeModel(s, r.tourId, r.locale, r.currency),
      document: (model) => ({ kind: 'programme', model }),
      filename: (r) => `tour-${r.tourId}-programme-${r.locale}.pdf`,
      title: (model) => model.title,
    }, CACHE_BYTES);
  }

  /** How many PDFs were made (tests: a cache hit makes none). */
  get generated(): number {
    return this.pdfs.generated;
  }

  /**
   * The PDF of a published tour, or null when there is none. `payer` pays for a PDF this call makes (PdfCache.get):
   * when it cannot pay, it throws (the captcha 429) and nothing is made.
   */
  get(tourId: number, locale: ApiLocale, currency: CurrencyCode, payer?: Payer): Promise<ProgrammePdf | null> {
    return this.pdfs.get({ tourId, locale, currency }, payer);
  }
}
