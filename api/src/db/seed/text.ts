/** Text helpers of the seed: slugs, transliteration, dates. */

const RU_LATIN: Record<string, string> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'e', ж: 'zh', з: 'z', и: 'i', й: 'y', к: 'k', л: 'l', м: 'm', н: 'n',
  о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'kh', ц: 'ts', ч: 'ch', ш: 'sh', щ: 'shch', ъ: '', ы: 'y', ь: '',
  э: 'e', ю: 'yu', я: 'ya',
};

/** Russian → Latin (a simplified BGN/PCGN transliteration). */
export function transliterate(text: string): string {
  return Array.from(text.toLowerCase(), (ch) => RU_LATIN[ch] ?? ch).join('');
}

/** ASCII kebab-case: lower case, letters and digits, single hyphens. Russian is transliterated, other scripts dropped. */
export function slugify(text: string): string {
  return transliterate(text)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
}

/** 'YYYY-MM-DD' of a UTC date. */
export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Adds days to a 'YYYY-MM-DD' date. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return isoDate(d);
}

/** Month (1..12) of a 'YYYY-MM-DD' date. */
export function monthOf(day: string): number {
  return Number(day.slice(5, 7));
}

/** Rounds to a multiple of `step`. */
export function roundTo(value: number, step: number): number {
  return Math.max(step, Math.round(value / step) * step);
}
