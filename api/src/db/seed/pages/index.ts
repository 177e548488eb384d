/**
 * The informational pages' seeded content (issue 17; migration 0018): the texts per locale (en.ts, cn.ts, de.ts,
 * ru.ts), each page's version and date here. Written on every start and seed, beside the catalogue but not with it:
 * a missing row is added, a row the seed wrote before takes the seed's new text, and a row an editor changed is kept
 * (queries/info-pages.ts writeSeedPages). Small: twelve pages of a few hundred words in four locales.
 */
import { API_LOCALES, type ApiLocale } from '@tours/shared/src/api/schemas/common';
import { INFO_PAGE_KEYS, type InfoPageKey } from '@tours/shared/src/api/schemas/info-pages';
import type { Db } from '../../index';
import { writeSeedPages, type SeedPageRow } from '../../queries/info-pages';
import type { PageTexts } from './blocks';
import { CN } from './cn';
import { DE } from './de';
import { EN } from './en';
import { RU } from './ru';

/** The document's version and date per page (the same in every locale: one document, four translations). */
export const PAGE_VERSIONS: Record<InfoPageKey, { version: string; updated_at: string }> = {
  about: { version: '1.2', updated_at: '2025-02-10' },
  visa: { version: '2.0', updated_at: '2025-03-17' },
  'gift-cards': { version: '1.1', updated_at: '2024-11-05' },
  certificates: { version: '1.0', updated_at: '2025-01-28' },
  contacts: { version: '1.0', updated_at: '2025-02-10' },
  faq: { version: '1.4', updated_at: '2025-03-03' },
  press: { version: '1.0', updated_at: '2024-12-12' },
  'for-agencies': { version: '1.1', updated_at: '2025-01-20' },
  organizers: { version: '1.0', updated_at: '2026-03-02' },
  agreement: { version: '3.2', updated_at: '2025-01-20' },
  privacy: { version: '2.4', updated_at: '2025-03-01' },
  cookies: { version: '1.4', updated_at: '2026-11-28' },
};

export const PAGE_TEXTS: Record<ApiLocale, PageTexts> = { en: EN, cn: CN, de: DE, ru: RU };

/** Every seeded row: each page in each locale. */
function seedPageRows(): SeedPageRow[] {
  return INFO_PAGE_KEYS.flatMap((page) =>
    API_LOCALES.map((locale) => ({ page, locale, ...PAGE_VERSIONS[page], blocks: JSON.stringify(PAGE_TEXTS[locale][page]) })));
}

/** Writes the seeded pages (editors' changes kept); answers how many rows changed. */
export function ensureInfoPages(db: Db): Promise<number> {
  return writeSeedPages(db, seedPageRows());
}
