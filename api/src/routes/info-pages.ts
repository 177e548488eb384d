/**
 * The informational pages (issue 17 'Content a traveller expects'; public-site §2.2, §2.9): GET /spa/info-page answers
 * one page's blocks from the database (migration 0018, seeded by db/seed/pages) in the request's locale, English when
 * the page has no text in it. The contacts block is filled at answer time from the site's contacts (the same rows as
 * /spa/contacts and /spa/work-time), so a changed phone or schedule shows on the page without touching its text.
 */
import { is } from 'superstruct';
import type { ApiLocale, LocalizationId } from '@tours/shared/src/api/schemas/common';
import {
  INFO_PAGE_KEYS, INFO_PAGE_MAX_BLOCKS, InfoPageAnswer, InfoPageQuery, StoredInfoBlock, type ContactsBlock, type InfoBlock, type InfoPageKey,
} from '@tours/shared/src/api/schemas/info-pages';
import type { PhoneContact } from '@tours/shared/src/api/schemas/reference';
import { infoPageRows, type InfoPageRow } from '../db/queries/info-pages';
import * as q from '../db/queries/reference';
import { notFound } from '../lib/errors';
import { t } from '../lib/i18n';
import type { Services } from '../services';
import { formatOffset } from './reference';
import type { ApiRouter } from './router';

const isPageKey = (key: string): key is InfoPageKey => (INFO_PAGE_KEYS as readonly string[]).includes(key);

/**
 * The row's blocks that are well-formed (an editor's broken block is left out, not the whole page), at most
 * INFO_PAGE_MAX_BLOCKS; a row whose JSON does not parse has none.
 */
export function storedBlocks(row: Pick<InfoPageRow, 'blocks'>): StoredInfoBlock[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(row.blocks);
  } catch {
    return [];
  }
  return Array.isArray(parsed) ? parsed.filter((b): b is StoredInfoBlock => is(b, StoredInfoBlock)).slice(0, INFO_PAGE_MAX_BLOCKS) : [];
}

/**
 * The site's contacts as the pages show them: main phone first, then the offices; the site's e-mail; the schedule (the
 * contacts page's block, the travel guide's last page).
 */
export async function siteContacts(s: Services, locale: ApiLocale, localization: LocalizationId): Promise<ContactsBlock> {
  const [phones, settings, schedule] = await Promise.all([q.contactPhones(s.db, localization), s.settings(), q.workSchedule(s.db, null)]);
  if (!schedule) throw new Error('No work schedule in the database');
  const shown = [...phones.filter((p) => p.type === 'main'), ...phones.filter((p) => p.type === 'additional')];
  return {
    type: 'contacts',
    email: (localization === 12 ? settings.get('email_cn') : undefined) ?? settings.get('email') ?? '',
    phones: shown.map((p): PhoneContact => ({
      type: p.type as PhoneContact['type'],
      entity: p.city_id !== null ? { id: p.city_id, kind: 'city' } : p.country_id !== null ? { id: p.country_id, kind: 'country' } : null,
      phone: p.phone,
      formatted_phone: p.formatted_phone,
      text: t(p, 'text', locale),
    })),
    schedule: {
      weekdays: { start: schedule.weekdays_start, end: schedule.weekdays_end },
      weekend: { start: schedule.weekend_start, end: schedule.weekend_end },
      timezone: schedule.timezone,
      utc_offset: formatOffset(schedule.utc_offset_minutes),
    },
  };
}

export function registerInfoPageRoutes(router: ApiRouter, s: Services): void {
  router.add({
    method: 'GET', url: '/spa/info-page', tags: ['reference'], summary: "An informational page's content as blocks, in the request's locale",
    description:
      `page: ${INFO_PAGE_KEYS.join(', ')}; any other key is a 404. The text of X-Language, else English (then fallback_locale is 'en'). ` +
      'Blocks: heading, paragraph, note, list, faq (a titled group of questions), requisites (label/value rows), link (a route name of the site) ' +
      "and contacts (the site's phones, e-mail and schedule, filled in when answering). version and updated_at are the document's.",
    query: InfoPageQuery, answer: InfoPageAnswer, errors: [404],
    handler: ({ query, ctx }) => {
      const page = query.page;
      // Checked before the cache, so made-up keys never take a cache entry.
      if (!isPageKey(page)) throw notFound('Page not found');
      return s.cached(`info-page:${page}:${ctx.locale}:${ctx.localization}`, async (): Promise<InfoPageAnswer> => {
        const rows = await infoPageRows(s.db, page, ctx.locale);
        const row = rows.find((r) => r.locale === ctx.locale) ?? rows.find((r) => r.locale === 'en');
        if (!row) throw notFound('Page not found');
        const blocks: InfoBlock[] = [];
        for (const block of storedBlocks(row)) blocks.push(block.type === 'contacts' ? await siteContacts(s, ctx.locale, ctx.localization) : block);
        return {
          page,
          locale: row.locale as ApiLocale,
          version: row.version,
          updated_at: row.updated_at,
          blocks,
          ...(row.locale !== ctx.locale ? { fallback_locale: 'en' as const } : {}),
        };
      });
    },
  });
}
