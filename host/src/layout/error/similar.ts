/** Cards of the removed_from_publication variant (§2.8), read defensively from the error's data. */
export interface SimilarTour {
  key: string; title: string; slug: string; image: string | null; price: number | null; currency: string;
  /** The same price in the stored currency: the page converts from it to the traveller's currency (§9). */
  original: { amount: number; currency: string } | null;
}
export interface SimilarDestination { key: string; name: string; slug: string | null; url: string | null; image: string | null; toursCount: number | null }

function str(v: unknown): string | null {
  return typeof v === 'string' && v.trim() ? v : null;
}
function num(v: unknown): number | null {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() && Number.isFinite(Number(v))) return Number(v);
  return null;
}
/** An image given as a string or as an object with url (§3.4). */
function image(v: unknown): string | null {
  if (typeof v === 'string') return str(v);
  if (v && typeof v === 'object') return str((v as { url?: unknown }).url);
  return null;
}
function records(v: unknown): Record<string, unknown>[] {
  return Array.isArray(v) ? v.filter((x): x is Record<string, unknown> => Boolean(x) && typeof x === 'object') : [];
}

export function similarTours(data: Record<string, unknown> | undefined): SimilarTour[] {
  return records(data?.similar_tours).flatMap((t, i) => {
    const title = str(t.title) ?? str(t.name);
    const slug = str(t.slug);
    if (!title || !slug) return [];
    const originalPrice = num(t.original_price);
    const original = originalPrice === null ? null : { amount: originalPrice, currency: str(t.original_currency) ?? 'RUB' };
    return [{ key: `${slug}-${i}`, title, slug, image: image(t.image), price: num(t.price), currency: str(t.currency) ?? 'RUB', original }];
  });
}

export function similarDestinations(data: Record<string, unknown> | undefined): SimilarDestination[] {
  return records(data?.similar_destinations).flatMap((d, i) => {
    const name = str(d.name) ?? str(d.title);
    const slug = str(d.slug);
    const url = str(d.url);
    if (!name || (!slug && !url)) return [];
    return [{ key: `${slug ?? url}-${i}`, name, slug, url, image: image(d.image), toursCount: num(d.tours_count) }];
  });
}
