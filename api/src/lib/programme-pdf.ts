/**
 * The tour programme as a PDF (public-site §2.7 'PDF request', §7.3; issue 14): title, region, duration, the
 * programme day by day, accommodation, what is included and not, and the dates with their prices in the asked
 * currency. Made with pdfkit; the fonts come from npm packages and are embedded (subset) in every file:
 *
 * - Latin and Cyrillic (en, de, ru): DejaVu Sans (`dejavu-fonts-ttf`);
 * - Chinese (cn): Noto Sans Hans, the GB2312 subset (`@embedpdf/fonts-sc`, OTF/CFF, ≈ 8 MB a weight, read only
 *   when a Chinese PDF is first made). A character outside GB2312 (rare: traditional forms) has no glyph in it.
 *
 * PDFs are cached in memory (LRU, at most CACHE_BYTES) by tour id, locale, currency and a SHA-256 of the data
 * printed (the catalogue has no updated_at: any change of the tour, its dates, prices or the rates gives another
 * key); concurrent asks for the same PDF share one generation.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import { LRUCache } from 'lru-cache';
import type { ApiLocale, CurrencyCode } from '@tours/shared/src/api/schemas/common';
import * as q from '../db/queries/tours';
import { detail } from '../routes/tours';
import type { Services } from '../services';
import { t } from './i18n';

/** What the PDF prints: everything read from the database, nothing else (its hash is the cache version). */
export interface ProgrammeModel {
  tourId: number;
  locale: ApiLocale;
  currency: CurrencyCode;
  title: string;
  region: string;
  /** 'days' or 'hours' and how many. */
  duration: { value: number; unit: 'days' | 'hours' };
  days: { day: number; title: string; text: string }[];
  /** The excursion's programme (an excursion has no days). */
  excursionProgram: string | null;
  accommodation: { nights: number; variants: { type: string; text: string }[] }[];
  included: string;
  excluded: string;
  dates: { start: string; end: string; price: number; busy: boolean }[];
  priceFrom: number;
  /** Where the tour page is: printed as a link. */
  url: string;
}

const CACHE_BYTES = 64 * 1024 * 1024;
/** Dates printed at most. */
const MAX_DATES = 40;

type Labels = Record<'region' | 'duration' | 'days' | 'hours' | 'programme' | 'day' | 'accommodation' | 'nights' | 'included' | 'excluded' | 'dates' | 'noSeats' | 'priceFrom' | 'noDates' | 'page' | 'perPerson', string>;

const LABELS: Record<ApiLocale, Labels> = {
  en: {
    region: 'Region', duration: 'Duration', days: 'days', hours: 'hours', programme: 'Programme', day: 'Day', accommodation: 'Accommodation', nights: 'nights',
    included: 'Included in the price', excluded: 'Not included', dates: 'Dates and prices', noSeats: 'no seats left', priceFrom: 'Price from', noDates: 'Dates on request',
    page: 'Tour page', perPerson: 'per person',
  },
  de: {
    region: 'Region', duration: 'Dauer', days: 'Tage', hours: 'Stunden', programme: 'Programm', day: 'Tag', accommodation: 'Unterkunft', nights: 'Nächte',
    included: 'Im Preis inbegriffen', excluded: 'Nicht inbegriffen', dates: 'Termine und Preise', noSeats: 'ausgebucht', priceFrom: 'Preis ab', noDates: 'Termine auf Anfrage',
    page: 'Tourseite', perPerson: 'pro Person',
  },
  ru: {
    region: 'Регион', duration: 'Продолжительность', days: 'дн.', hours: 'ч.', programme: 'Программа', day: 'День', accommodation: 'Проживание', nights: 'ноч.',
    included: 'Включено в стоимость', excluded: 'Не включено', dates: 'Даты и цены', noSeats: 'мест нет', priceFrom: 'Цена от', noDates: 'Даты по запросу',
    page: 'Страница тура', perPerson: 'за человека',
  },
  cn: {
    region: '地区', duration: '时长', days: '天', hours: '小时', programme: '行程', day: '第', accommodation: '住宿', nights: '晚',
    included: '费用包含', excluded: '费用不含', dates: '日期和价格', noSeats: '已满', priceFrom: '起价', noDates: '日期可咨询',
    page: '旅游页面', perPerson: '每人',
  },
};

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

/** The subject of a message carrying the programme: 'Programme: {title}'. */
export function programmeSubject(locale: ApiLocale, title: string): string {
  return `${LABELS[locale].programme}: ${title}`;
}

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

/** 85000 → '85 000' (a thin grouping the fonts all have). */
function amount(value: number): string {
  return Math.round(value).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
}

// Fonts --------------------------------------------------------------------------------------------------------------

interface FontPair { regular: Buffer; bold: Buffer }
const fonts: Partial<Record<'latin' | 'cjk', FontPair>> = {};

/** A file of an installed package: from its package.json, or (a package that exports only its entry) next to its entry. */
function packageFile(pkg: string, ...parts: string[]): string {
  let root: string;
  try {
    root = path.dirname(require.resolve(`${pkg}/package.json`));
  } catch {
    // @embedpdf/fonts-sc exports only dist/index: the fonts are in ../fonts.
    root = path.dirname(path.dirname(require.resolve(pkg)));
  }
  return path.join(root, ...parts);
}

/** The font files, read once (the Chinese ones only when a Chinese PDF is made). */
function fontsFor(locale: ApiLocale): FontPair {
  const kind = locale === 'cn' ? 'cjk' : 'latin';
  const loaded = fonts[kind];
  if (loaded) return loaded;
  const pair = kind === 'cjk'
    ? { regular: fs.readFileSync(packageFile('@embedpdf/fonts-sc', 'fonts', 'NotoSansHans-Regular.otf')), bold: fs.readFileSync(packageFile('@embedpdf/fonts-sc', 'fonts', 'NotoSansHans-Bold.otf')) }
    : { regular: fs.readFileSync(packageFile('dejavu-fonts-ttf', 'ttf', 'DejaVuSans.ttf')), bold: fs.readFileSync(packageFile('dejavu-fonts-ttf', 'ttf', 'DejaVuSans-Bold.ttf')) };
  fonts[kind] = pair;
  return pair;
}

// The model ----------------------------------------------------------------------------------------------------------

/** The programme of a published tour as printed, or null when there is no such tour. */
export async function programmeModel(s: Services, tourId: number, locale: ApiLocale, currency: CurrencyCode): Promise<ProgrammeModel | null> {
  const tour = await q.tourById(s.db, tourId);
  if (!tour || tour.is_published !== 1) return null;
  const [parts, rates] = await Promise.all([q.tourParts(s.db, tour.id, tour.organizer_id, tour.main_region_id, 0), s.rates()]);
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

// Rendering ----------------------------------------------------------------------------------------------------------

/** Renders the model; resolves with the PDF's bytes. */
export function renderProgrammePdf(model: ProgrammeModel): Promise<Buffer> {
  const L = LABELS[model.locale];
  const font = fontsFor(model.locale);
  const doc = new PDFDocument({
    size: 'A4', margin: 50, bufferPages: false, lang: model.locale === 'cn' ? 'zh-CN' : model.locale,
    info: { Title: model.title, Subject: L.programme, Creator: 'tours API', Producer: 'pdfkit' },
    displayTitle: true,
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('body', font.regular);
  doc.registerFont('bold', font.bold);
  const width = doc.page.width - 100;
  const heading = (text: string) => {
    doc.moveDown(0.8).font('bold').fontSize(14).fillColor('#1f3a5f').text(text, { width }).moveDown(0.3).fillColor('#000000');
  };
  const para = (text: string) => {
    if (text) doc.font('body').fontSize(10).text(text, { width, lineGap: 2 });
  };

  doc.font('bold').fontSize(20).fillColor('#1f3a5f').text(model.title, { width });
  doc.moveDown(0.4).fillColor('#000000').font('body').fontSize(11);
  if (model.region) doc.text(`${L.region}: ${model.region}`, { width });
  const unit = model.duration.unit === 'hours' ? L.hours : L.days;
  doc.text(`${L.duration}: ${model.duration.value} ${unit}`, { width });
  doc.text(`${L.priceFrom} ${amount(model.priceFrom)} ${model.currency} (${L.perPerson})`, { width });
  doc.fillColor('#1f5fbf').text(`${L.page}: ${model.url}`, { width, link: model.url, underline: true }).fillColor('#000000');

  if (model.days.length || model.excursionProgram) {
    heading(L.programme);
    if (model.excursionProgram) para(model.excursionProgram);
    for (const day of model.days) {
      const label = model.locale === 'cn' ? `${L.day}${day.day}天` : `${L.day} ${day.day}`;
      doc.moveDown(0.4).font('bold').fontSize(11).text(`${label}. ${day.title}`, { width });
      para(day.text);
    }
  }

  if (model.accommodation.length) {
    heading(L.accommodation);
    for (const stay of model.accommodation) {
      for (const v of stay.variants) {
        doc.moveDown(0.2).font('bold').fontSize(10).text(`${v.type}, ${stay.nights} ${L.nights}`, { width });
        para(v.text);
      }
    }
  }

  if (model.included) {
    heading(L.included);
    para(model.included);
  }
  if (model.excluded) {
    heading(L.excluded);
    para(model.excluded);
  }

  heading(L.dates);
  if (!model.dates.length) para(L.noDates);
  for (const date of model.dates) {
    para(`${date.start} – ${date.end}: ${date.busy ? L.noSeats : `${amount(date.price)} ${model.currency}`}`);
  }
  doc.end();
  return done;
}

// Cache --------------------------------------------------------------------------------------------------------------

export interface ProgrammePdf {
  bytes: Buffer;
  /** The cache key (tour, locale, currency, data version). */
  key: string;
  filename: string;
  title: string;
}

/** Makes programme PDFs once per tour, locale, currency and data version; keeps the latest within CACHE_BYTES. */
export class ProgrammePdfs {
  private readonly cache = new LRUCache<string, ProgrammePdf>({ maxSize: CACHE_BYTES, sizeCalculation: (pdf) => pdf.bytes.length + 256 });
  private readonly making = new Map<string, Promise<ProgrammePdf>>();
  /** How many PDFs were made (tests: a cache hit makes none). */
  generated = 0;

  constructor(private readonly s: Services) {}

  /** The PDF of a published tour, or null when there is none. */
  async get(tourId: number, locale: ApiLocale, currency: CurrencyCode): Promise<ProgrammePdf | null> {
    const model = await programmeModel(this.s, tourId, locale, currency);
    if (!model) return null;
    const version = createHash('sha256').update(JSON.stringify(model)).digest('hex').slice(0, 16);
    const key = `${tourId}:${locale}:${currency}:${version}`;
    const hit = this.cache.get(key);
    if (hit) return hit;
    let pending = this.making.get(key);
    if (!pending) {
      pending = renderProgrammePdf(model).then((bytes) => {
        this.generated++;
        const pdf = { bytes, key, filename: `tour-${tourId}-programme-${locale}.pdf`, title: model.title };
        this.cache.set(key, pdf);
        return pdf;
      }).finally(() => this.making.delete(key));
      this.making.set(key, pending);
    }
    return pending;
  }
}
