/** Organizers (companies and authors) with their experts and verification marks. */
import { FIRST_NAMES, LAST_NAMES, ORGANIZATION_NOUNS } from './data/catalogue';
import type { Rng } from './prng';
import type { RegionInfo, Rows } from './types';

export interface OrganizerInfo {
  id: number;
  regionId: number;
  kind: 'organization' | 'author';
  expertIds: number[];
}

function femaleLast(last: { en: string; ru: string; cn: string }): { en: string; ru: string; cn: string } {
  return { en: `${last.en}a`, ru: `${last.ru}а`, cn: last.cn.replace(/夫$/, '娃') };
}

export function generateOrganizers(rng: Rng, regions: RegionInfo[], count: number): { organizers: OrganizerInfo[]; rows: Pick<Rows, 'organizers' | 'experts'> } {
  const organizers: OrganizerInfo[] = [];
  const organizerRows: Rows['organizers'] = [];
  const expertRows: Rows['experts'] = [];
  let expertId = 0;
  for (let id = 1; id <= count; id++) {
    const region = rng.weighted(regions, (r) => r.seed.w);
    const kind = rng.chance(0.6) ? 'organization' : 'author';
    const expertCount = kind === 'organization' ? rng.int(1, 3) : 1;
    const expertIds: number[] = [];
    let mainName = { en: '', cn: '' };
    for (let e = 0; e < expertCount; e++) {
      expertId++;
      const first = rng.pick(FIRST_NAMES);
      const last = first.female ? femaleLast(rng.pick(LAST_NAMES)) : rng.pick(LAST_NAMES);
      if (e === 0) mainName = { en: `${first.en} ${last.en}`, cn: `${first.cn}·${last.cn}` };
      expertIds.push(expertId);
      expertRows.push({
        id: expertId, organizer_id: id, position: e + 1, is_main: e === 0 ? 1 : 0, has_photo: rng.chance(0.85) ? 1 : 0,
        first_name_en: first.en, last_name_en: last.en, first_name_cn: first.cn, last_name_cn: last.cn, first_name_ru: first.ru, last_name_ru: last.ru,
      });
    }
    const noun = rng.pick(ORGANIZATION_NOUNS);
    const name = kind === 'organization'
      ? { en: `${region.short.en} ${noun[0]}`, cn: `${region.short.cn}${noun[1]}` }
      : mainName;
    const since = rng.int(2012, 2024);
    organizerRows.push({
      id, kind, legal_form: kind === 'organization' ? rng.pick([2, 3]) : rng.pick([1, 3]), region_id: region.id,
      name_en: name.en, name_cn: name.cn,
      description_en: kind === 'organization'
        ? `<p>${name.en} has organised small-group tours in ${region.names.en} since ${since}. Local guides, own transport and camps.</p>`
        : `<p>${mainName.en} is a travel expert from ${region.names.en} who has led tours since ${since}.</p>`,
      description_cn: kind === 'organization'
        ? `<p>${name.cn}自${since}年起在${region.names.cn}组织小团旅行，拥有本地向导、自有车辆和营地。</p>`
        : `<p>${mainName.cn}是来自${region.names.cn}的旅行专家，自${since}年起带团。</p>`,
      is_email_verified: rng.chance(0.9) ? 1 : 0, is_phone_verified: rng.chance(0.85) ? 1 : 0, is_passport_verified: rng.chance(0.6) ? 1 : 0,
      marketplace_requests_with_direct_sale: rng.chance(0.3) ? 1 : 0, since_year: since, rating: 0, reviews_count: 0, tours_count: 0,
    });
    organizers.push({ id, regionId: region.id, kind, expertIds });
  }
  return { organizers, rows: { organizers: organizerRows, experts: expertRows } };
}
