/**
 * Tours whose HTML fields carry hostile markup, so the client's sanitising is tested on real data.
 * The API returns HTML fields as they are; the client must sanitise them.
 */
import type { Rows } from './types';

/** Ids of the tours with hostile HTML (all within the first 300 tours, so small test catalogues have them too). */
export const HOSTILE_TOUR_IDS = [1007, 1023, 1042, 1099, 1150, 1234] as const;

export const HOSTILE_PAYLOADS = [
  `<script>alert('xss-script')</script>`,
  `<img src=x onerror="alert('xss-img')">`,
  `<a href="javascript:alert('xss-link')">Read more</a>`,
  `<svg onload="alert('xss-svg')"><circle r="10"/></svg>`,
  `<iframe srcdoc="<script>alert('xss-iframe')</script>"></iframe>`,
] as const;

/** Puts every payload into the HTML fields of the hostile tours (they are also forced to be published). */
export function applyHostileHtml(rows: Pick<Rows, 'tours' | 'program_days' | 'tour_faq' | 'accommodation_variants'>): number[] {
  const all = HOSTILE_PAYLOADS.join('');
  const applied: number[] = [];
  for (const tour of rows.tours) {
    const id = tour.id as number;
    if (!(HOSTILE_TOUR_IDS as readonly number[]).includes(id)) continue;
    applied.push(id);
    tour.is_published = 1;
    tour.description_en = `${tour.description_en}${all}`;
    tour.description_cn = `${tour.description_cn}${all}`;
    tour.included_en = `${tour.included_en}${HOSTILE_PAYLOADS[1]}`;
    tour.excluded_en = `${tour.excluded_en}${HOSTILE_PAYLOADS[2]}`;
    tour.special_tariff_en = `<p>Special tariff</p>${HOSTILE_PAYLOADS[3]}`;
    tour.penalties_conditions_en = `${tour.penalties_conditions_en}${HOSTILE_PAYLOADS[4]}`;
    tour.organizational_details_en = `${tour.organizational_details_en}${HOSTILE_PAYLOADS[0]}`;
    tour.difficulty_description_en = `${tour.difficulty_description_en}${HOSTILE_PAYLOADS[1]}`;
  }
  const hostile = new Set(applied);
  for (const day of rows.program_days) if (hostile.has(day.tour_id as number) && day.day === 1) day.description_en = `${day.description_en}${all}`;
  for (const faq of rows.tour_faq) if (hostile.has(faq.tour_id as number) && faq.position === 1) faq.answer_en = `${faq.answer_en}${HOSTILE_PAYLOADS[2]}`;
  for (const v of rows.accommodation_variants) if (hostile.has(v.tour_id as number)) v.description_en = `${v.description_en}${HOSTILE_PAYLOADS[1]}`;
  return applied;
}
