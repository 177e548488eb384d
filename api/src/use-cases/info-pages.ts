/** The info pages' stored blocks and the site's contacts block (issue 30: shared by routes/info-pages.ts and the travel guide, formerly in routes/info-pages.ts). */
import { is } from 'superstruct';
import type { ApiLocale, LocalizationId } from '@tours/shared/src/api/schemas/common';
import { INFO_PAGE_MAX_BLOCKS, StoredInfoBlock, type ContactsBlock } from '@tours/shared/src/api/schemas/info-pages';
import type { PhoneContact } from '@tours/shared/src/api/schemas/reference';
import { type InfoPageRow } from '../db/queries/info-pages';
import * as q from '../db/queries/reference';
import { t } from '../lib/i18n';
import type { Services } from '../services';
import { formatOffset } from '../domain/utc-offset';

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
