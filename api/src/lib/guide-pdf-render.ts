/**
 * Rendering of the travel guide PDF, the e-book of the layout's sheet (public-site §2.7 'E-book'; issue 29): where to
 * go (the destinations with the most tours: their time zone, tours and prices, best months, activities, sights), when
 * to go (month by month), visas and documents (the visa page's text), and how to reach us. use-cases/travel-guide.ts makes
 * the model from the catalogue; this module only draws it, with the programme's document setup and fonts
 * (lib/programme-pdf-render.ts), in the PDF worker threads (lib/pdf-workers.ts): it imports nothing of the API.
 */
import type { ApiLocale, CurrencyCode } from '@tours/shared/src/api/schemas/common';
import { amount, startDocument } from './programme-pdf-render';

/** A block of the visa page as the guide prints it (the informational pages' text blocks). */
export type GuideBlock =
  | { type: 'heading'; text: string }
  | { type: 'paragraph' | 'note'; text: string }
  | { type: 'list'; items: string[] };

interface GuideDestination {
  name: string;
  /** How travellers call it ('Baikal' for Irkutsk Oblast); null when the same as the name. */
  short: string | null;
  /** Minutes from UTC. */
  utcOffsetMinutes: number;
  tours: number;
  /** The cheapest published tour, in the guide's currency. */
  priceFrom: number;
  /** Month names with the most departures, busiest first. */
  bestMonths: string[];
  activities: string[];
  sights: string[];
  /** The destination's tours on the site. */
  url: string;
}

/** What the guide prints: everything read from the database, nothing else (its hash is the cache version). */
export interface GuideModel {
  locale: ApiLocale;
  currency: CurrencyCode;
  /** The month the guide was made, in words ('März 2026'): its edition. */
  editionText: string;
  destinations: GuideDestination[];
  /** Each month (its name) with the destinations that have the most departures in it. */
  months: { month: string; destinations: string[] }[];
  winterActivities: string[];
  visa: GuideBlock[];
  /** The coordinators' e-mail, phones and hours ('09:00–21:00'; the zone 'MSK, UTC+03:00'). */
  contacts: { email: string; phones: { phone: string; text: string }[]; weekdays: string; weekend: string; zone: string };
  /** The site's search and its visa page, printed as links. */
  siteUrl: string;
  visaUrl: string;
}

type Labels = Record<
  | 'title' | 'subtitle' | 'edition' | 'contents' | 'where' | 'whereIntro' | 'timeZone' | 'moscow' | 'tours' | 'from' | 'bestMonths' | 'activities' | 'sights'
  | 'allTours' | 'when' | 'whenIntro' | 'winter' | 'visa' | 'visaMore' | 'contact' | 'contactIntro' | 'email' | 'phone' | 'weekdays' | 'weekend' | 'site',
  string
>;

const LABELS: Record<ApiLocale, Labels> = {
  en: {
    title: 'Travel guide to Russia', subtitle: 'Where to go, when to go and what to know before you travel', edition: 'Edition {edition}',
    contents: 'Inside: where to go · when to go · visas and documents · how to reach us', where: 'Where to go',
    whereIntro: 'The destinations with the most tours on our site: when their tours run, how people travel there and what they go to see.',
    timeZone: 'Time zone', moscow: 'Moscow', tours: 'Tours on the site', from: 'from {price} {currency} per person', bestMonths: 'Most departures',
    activities: 'Popular ways to travel', sights: 'Sights', allTours: 'All tours', when: 'When to go',
    whenIntro: 'Month by month, the destinations with the most departures. Summer is the high season; book July and August early.',
    winter: 'Winter holidays', visa: 'Visas and documents', visaMore: 'The latest version of this page', contact: 'How to reach us',
    contactIntro: 'Our travel coordinators answer questions before and during your trip.', email: 'E-mail', phone: 'Phone', weekdays: 'Mon–Fri', weekend: 'Sat–Sun', site: 'Find a tour',
  },
  de: {
    title: 'Reiseführer Russland', subtitle: 'Wohin, wann und was Sie vor der Reise wissen sollten', edition: 'Ausgabe {edition}',
    contents: 'Inhalt: Reiseziele · Reisezeit · Visum und Dokumente · So erreichen Sie uns', where: 'Reiseziele',
    whereIntro: 'Die Ziele mit den meisten Touren auf unserer Website: wann ihre Touren stattfinden, wie man dort reist und was man sich ansieht.',
    timeZone: 'Zeitzone', moscow: 'Moskau', tours: 'Touren auf der Website', from: 'ab {price} {currency} pro Person', bestMonths: 'Die meisten Termine',
    activities: 'Beliebte Reisearten', sights: 'Sehenswürdigkeiten', allTours: 'Alle Touren', when: 'Reisezeit',
    whenIntro: 'Monat für Monat die Ziele mit den meisten Terminen. Der Sommer ist Hauptsaison: Juli und August früh buchen.',
    winter: 'Winterurlaub', visa: 'Visum und Dokumente', visaMore: 'Die aktuelle Fassung dieser Seite', contact: 'So erreichen Sie uns',
    contactIntro: 'Unsere Reisekoordinatoren beantworten Ihre Fragen vor und während der Reise.', email: 'E-Mail', phone: 'Telefon', weekdays: 'Mo–Fr', weekend: 'Sa–So', site: 'Tour finden',
  },
  ru: {
    title: 'Путеводитель по России', subtitle: 'Куда поехать, когда и что знать перед поездкой', edition: 'Издание {edition}',
    contents: 'Внутри: куда поехать · когда ехать · визы и документы · как с нами связаться', where: 'Куда поехать',
    whereIntro: 'Направления, где на нашем сайте больше всего туров: когда проходят туры, как там путешествуют и что стоит увидеть.',
    timeZone: 'Часовой пояс', moscow: 'Москва', tours: 'Туров на сайте', from: 'от {price} {currency} с человека', bestMonths: 'Больше всего заездов',
    activities: 'Популярные виды отдыха', sights: 'Достопримечательности', allTours: 'Все туры', when: 'Когда ехать',
    whenIntro: 'По месяцам — направления с наибольшим числом заездов. Лето — высокий сезон: июль и август бронируйте заранее.',
    winter: 'Зимний отдых', visa: 'Визы и документы', visaMore: 'Актуальная версия этой страницы', contact: 'Как с нами связаться',
    contactIntro: 'Наши координаторы ответят на вопросы до поездки и во время неё.', email: 'Эл. почта', phone: 'Телефон', weekdays: 'Пн–Пт', weekend: 'Сб–Вс', site: 'Найти тур',
  },
  cn: {
    title: '俄罗斯旅游指南', subtitle: '去哪里、什么时候去、出发前需要知道什么', edition: '{edition} 版',
    contents: '内容：目的地 · 旅行时间 · 签证和证件 · 联系我们', where: '目的地',
    whereIntro: '我们网站上旅游线路最多的目的地：出发时间、旅行方式和值得一看的景点。',
    timeZone: '时区', moscow: '莫斯科', tours: '网站上的旅游', from: '每人 {price} {currency} 起', bestMonths: '出发最多的月份',
    activities: '热门旅行方式', sights: '景点', allTours: '全部旅游', when: '旅行时间',
    whenIntro: '按月份列出出发次数最多的目的地。夏季是旺季，七月和八月请尽早预订。',
    winter: '冬季度假', visa: '签证和证件', visaMore: '本页最新版本', contact: '联系我们',
    contactIntro: '我们的旅行协调员会在出发前和旅途中解答您的问题。', email: '电子邮件', phone: '电话', weekdays: '周一至周五', weekend: '周六至周日', site: '查找旅游',
  },
};

/** The subject of the e-mail carrying the guide, and the PDF's title. */
export function guideTitle(locale: ApiLocale): string {
  return LABELS[locale].title;
}

/** 'UTC+7 (Moscow +4)' for 420 minutes: the hour most travellers plan their calls by. */
function utcOffsetText(minutes: number, moscowWord: string): string {
  const hours = (m: number) => `${m < 0 ? '−' : '+'}${Math.floor(Math.abs(m) / 60)}${Math.abs(m) % 60 ? `:${String(Math.abs(m) % 60).padStart(2, '0')}` : ''}`;
  const fromMoscow = minutes - 180;
  return `UTC${hours(minutes)} (${moscowWord}${fromMoscow === 0 ? '' : ` ${hours(fromMoscow)}`})`;
}

const fill = (text: string, values: Record<string, string>) => text.replace(/\{(\w+)\}/g, (all, key: string) => values[key] ?? all);

/** Renders the guide; resolves with the PDF's bytes. */
export function renderGuidePdf(model: GuideModel): Promise<Buffer> {
  const L = LABELS[model.locale];
  const { doc, done, width } = startDocument(model.locale, { title: L.title, subject: L.subtitle });
  const accent = '#1f3a5f';
  const link = (label: string, url: string) => {
    doc.font('body').fontSize(10).fillColor('#1f5fbf').text(`${label}: ${url}`, { width, link: url, underline: true }).fillColor('#000000');
  };
  const heading = (text: string) => {
    doc.addPage().font('bold').fontSize(20).fillColor(accent).text(text, { width }).moveDown(0.4).fillColor('#000000');
  };
  const para = (text: string, size = 10) => {
    if (text) doc.font('body').fontSize(size).text(text, { width, lineGap: 2 });
  };
  const fact = (label: string, value: string) => {
    if (!value) return;
    doc.font('bold').fontSize(10).text(`${label}: `, { width, continued: true }).font('body').text(value);
  };

  // Cover: what it is, for when, and where to find more.
  doc.moveDown(6).font('bold').fontSize(28).fillColor(accent).text(L.title, { width, align: 'center' });
  doc.moveDown(0.5).font('body').fontSize(14).fillColor('#000000').text(L.subtitle, { width, align: 'center' });
  doc.moveDown(0.5).fontSize(11).fillColor('#555555').text(fill(L.edition, { edition: model.editionText }), { width, align: 'center' }).fillColor('#000000');
  doc.moveDown(3).fontSize(11).text(L.contents, { width, align: 'center' });
  doc.moveDown(2);
  link(L.site, model.siteUrl);

  heading(L.where);
  para(L.whereIntro, 11);
  for (const d of model.destinations) {
    doc.moveDown(0.8).font('bold').fontSize(14).fillColor(accent).text(d.short ? `${d.short} (${d.name})` : d.name, { width }).fillColor('#000000').moveDown(0.2);
    fact(L.timeZone, utcOffsetText(d.utcOffsetMinutes, L.moscow));
    fact(L.tours, `${d.tours}, ${fill(L.from, { price: amount(d.priceFrom), currency: model.currency })}`);
    fact(L.bestMonths, d.bestMonths.join(', '));
    fact(L.activities, d.activities.join(', '));
    fact(L.sights, d.sights.join(', '));
    link(L.allTours, d.url);
  }

  heading(L.when);
  para(L.whenIntro, 11);
  doc.moveDown(0.4);
  for (const m of model.months) fact(m.month, m.destinations.join(', '));
  if (model.winterActivities.length) {
    doc.moveDown(0.6);
    fact(L.winter, model.winterActivities.join(', '));
  }

  heading(L.visa);
  for (const block of model.visa) {
    if (block.type === 'heading') doc.moveDown(0.5).font('bold').fontSize(12).text(block.text, { width }).moveDown(0.2);
    else if (block.type === 'list') for (const item of block.items) para(`• ${item}`);
    else if (block.type === 'note') doc.font('body').fontSize(10).fillColor('#555555').text(block.text, { width, lineGap: 2 }).fillColor('#000000');
    else para(block.text);
    doc.moveDown(0.3);
  }
  link(L.visaMore, model.visaUrl);

  heading(L.contact);
  para(L.contactIntro, 11);
  doc.moveDown(0.4);
  fact(L.email, model.contacts.email);
  for (const p of model.contacts.phones) fact(L.phone, p.text ? `${p.phone} (${p.text})` : p.phone);
  fact(L.weekdays, `${model.contacts.weekdays} (${model.contacts.zone})`);
  fact(L.weekend, `${model.contacts.weekend} (${model.contacts.zone})`);
  doc.moveDown(0.6);
  link(L.site, model.siteUrl);

  doc.end();
  return done;
}
