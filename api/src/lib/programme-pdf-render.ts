/**
 * Rendering of the tour programme PDF (use-cases/programme-pdf.ts makes the model and keeps the cache): pdfkit with the
 * fonts of npm packages, embedded (subset) in every file:
 *
 * - Latin and Cyrillic (en, de, ru): DejaVu Sans (`dejavu-fonts-ttf`);
 * - Chinese (cn): Noto Sans Hans, the GB2312 subset (`@embedpdf/fonts-sc`, OTF/CFF, ≈ 8 MB a weight, read only
 *   when a Chinese PDF is first made). A character outside GB2312 (rare: traditional forms) has no glyph in it.
 *
 * A module of its own, importing nothing of the API, because it runs in the PDF worker threads (lib/pdf-workers.ts):
 * a programme is 60–250 ms of CPU, which on the API's event loop stalled every other call (issue 28).
 */
import fs from 'node:fs';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import type { ApiLocale, CurrencyCode } from '@tours/shared/src/api/schemas/common';

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

/** The subject of a message carrying the programme: 'Programme: {title}'. */
export function programmeSubject(locale: ApiLocale, title: string): string {
  return `${LABELS[locale].programme}: ${title}`;
}

/** 85000 → '85 000' (a thin grouping the fonts all have). */
export function amount(value: number): string {
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
// Rendering ----------------------------------------------------------------------------------------------------------

/**
 * A new A4 document in the locale's fonts ('body', 'bold'), and the promise of its bytes once `doc.end()` is called:
 * every PDF of the API (the programme, the travel guide: lib/guide-pdf-render.ts) starts here.
 */
export function startDocument(locale: ApiLocale, info: { title: string; subject: string }): { doc: PDFKit.PDFDocument; done: Promise<Buffer>; width: number } {
  const font = fontsFor(locale);
  const doc = new PDFDocument({
    size: 'A4', margin: 50, bufferPages: false, lang: locale === 'cn' ? 'zh-CN' : locale,
    info: { Title: info.title, Subject: info.subject, Creator: 'tours API', Producer: 'pdfkit' },
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
  return { doc, done, width: doc.page.width - 100 };
}

/** Renders the model; resolves with the PDF's bytes. */
export function renderProgrammePdf(model: ProgrammeModel): Promise<Buffer> {
  const L = LABELS[model.locale];
  const { doc, done, width } = startDocument(model.locale, { title: model.title, subject: L.programme });
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
