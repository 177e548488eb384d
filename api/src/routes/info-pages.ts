/**
 * The informational pages (issue 17 'Content a traveller expects'; public-site §2.2, §2.9): GET /spa/info-page answers
 * one page's blocks from the database (migration 0018, seeded by db/seed/pages) in the request's locale, English when
 * the page has no text in it. The contacts block is filled at answer time from the site's contacts (the same rows as
 * /spa/contacts and /spa/work-time), so a changed phone or schedule shows on the page without touching its text.
 */
import type { ApiLocale } from '@tours/shared/src/api/schemas/common';
import {
  INFO_PAGE_KEYS, InfoPageAnswer, InfoPageQuery, type InfoBlock, type InfoPageKey
} from '@tours/shared/src/api/schemas/info-pages';
import { infoPageRows } from '../db/queries/info-pages';
import { notFound } from '../lib/errors';
import type { Services } from '../services';
import { siteContacts, storedBlocks } from '../use-cases/info-pages';
import type { ApiRouter } from './router';

const isPageKey = (key: string): key is InfoPageKey => (INFO_PAGE_KEYS as readonly string[]).includes(key);

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
