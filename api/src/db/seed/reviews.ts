/** Reviews of tours and of organizers, with organizer and site replies; ratings are then rolled up. */
import { REVIEWER_NAMES } from './data/catalogue';
import { REVIEW_BODIES } from './data/texts';
import type { OrganizerInfo } from './organizers';
import type { Rng } from './prng';
import { addDays } from './text';
import type { TourInfo } from './tours';
import type { Rows } from './types';

const REPLY: Record<'en' | 'cn' | 'ru', [string, string]> = {
  en: ['Reply from the organizer', 'Thank you for your review! We are glad you enjoyed the trip and hope to see you again.'],
  cn: ['组织者回复', '感谢您的评价！很高兴您喜欢这次旅行，期待再次与您相见。'],
  ru: ['Ответ организатора', 'Спасибо за отзыв! Рады, что вам понравилось, ждём вас снова.'],
};
const SITE_REPLY: Record<'en' | 'cn' | 'ru', [string, string]> = {
  en: ['Reply from the site', 'Thank you for choosing us. We have passed your comments to the organizer.'],
  cn: ['网站回复', '感谢您选择我们，我们已将您的意见转达给组织者。'],
  ru: ['Ответ сайта', 'Спасибо, что выбрали нас. Мы передали ваши замечания организатору.'],
};

export function generateReviews(rng: Rng, tours: TourInfo[], organizers: OrganizerInfo[], today: string): Rows['reviews'] {
  const rows: Rows['reviews'] = [];
  const add = (target: 'tour' | 'organizer', organizerId: number, tour: TourInfo | null): void => {
    const locale = rng.weighted(['en', 'cn', 'ru'] as const, (l) => ({ en: 45, cn: 35, ru: 20 })[l]);
    const rating = rng.weighted([1, 2, 3, 4, 5], (r) => [2, 3, 8, 30, 57][r - 1] ?? 1);
    const place = tour ? (locale === 'cn' ? tour.place.cn : locale === 'ru' ? (tour.place.ru ?? tour.place.en) : tour.place.en) : '';
    const bodies = REVIEW_BODIES[locale].filter((_, i) => tour || i > 0 || locale === 'ru');
    const body = rng.pick(bodies)(place || (locale === 'cn' ? '这里' : locale === 'ru' ? 'Это место' : 'The place'));
    const reply = rng.chance(0.3) ? REPLY[locale] : null;
    const siteReply = rng.chance(0.08) ? SITE_REPLY[locale] : null;
    const hasImages = rng.chance(0.3);
    rows.push({
      id: rows.length + 1, target, tour_id: tour?.id ?? null, organizer_id: organizerId, name: rng.pick(REVIEWER_NAMES[locale]),
      has_photo: rng.chance(0.5) ? 1 : 0, rating, date: addDays(today, -rng.int(1, 730)), locale, body,
      image_count: hasImages ? rng.int(1, 4) : 0, no_index_photo: hasImages && rng.chance(0.1) ? 1 : 0,
      review_from_another_site: rng.chance(0.1) ? 1 : 0, reply_title: reply?.[0] ?? null, reply_message: reply?.[1] ?? null,
      site_reply_title: siteReply?.[0] ?? null, site_reply_message: siteReply?.[1] ?? null, is_published: rng.chance(0.97) ? 1 : 0,
    });
  };
  for (const tour of tours) {
    const count = rng.chance(0.3) ? 0 : rng.int(1, 12);
    for (let i = 0; i < count; i++) add('tour', tour.organizerId, tour);
  }
  for (const organizer of organizers) {
    const count = rng.int(0, 6);
    for (let i = 0; i < count; i++) add('organizer', organizer.id, null);
  }
  return rows;
}

/** Fills tours.rating/reviews_count and organizers.rating/reviews_count/tours_count from the rows. */
export function rollUpRatings(rows: Pick<Rows, 'reviews' | 'tours' | 'organizers'>): void {
  const byTour = new Map<number, number[]>();
  const byOrganizer = new Map<number, number[]>();
  for (const r of rows.reviews) {
    if (!r.is_published) continue;
    if (r.tour_id != null) byTour.set(r.tour_id, [...(byTour.get(r.tour_id) ?? []), r.rating as number]);
    byOrganizer.set(r.organizer_id as number, [...(byOrganizer.get(r.organizer_id as number) ?? []), r.rating as number]);
  }
  const avg = (list: number[]): number => (list.length ? Math.round((list.reduce((a, b) => a + b, 0) / list.length) * 10) / 10 : 0);
  const toursCount = new Map<number, number>();
  for (const t of rows.tours) {
    const list = byTour.get(t.id as number) ?? [];
    t.rating = avg(list);
    t.reviews_count = list.length;
    if (t.is_published) toursCount.set(t.organizer_id as number, (toursCount.get(t.organizer_id as number) ?? 0) + 1);
  }
  for (const o of rows.organizers) {
    const list = byOrganizer.get(o.id as number) ?? [];
    o.rating = avg(list);
    o.reviews_count = list.length;
    o.tours_count = toursCount.get(o.id as number) ?? 0;
  }
}
