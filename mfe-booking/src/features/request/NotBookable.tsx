import { useAtomValue } from 'jotai';
import { localeAtom, useHost } from '@tours/shared/core';
import { DEFAULT_SEARCH_SLUGS } from '@tours/shared/contract';
import type { TourForRequestAnswer } from '@tours/shared/api';
import { MessageBanner } from '@tours/shared/kit';
import { useT } from '../../i18n/t';

/**
 * The request page of an archived tour (accounts-and-comms §2 'the tour cannot be booked'; issue 29: it took orders):
 * what happened and where to go instead — the tour's page (its similar tours) and the search.
 */
export function NotBookable({ tour }: { tour: Pick<TourForRequestAnswer, 'slug'> }) {
  const host = useHost();
  const locale = useAtomValue(localeAtom);
  const t = useT();
  return (
    <div className="bk-not-bookable" data-testid="not-bookable">
      <MessageBanner kind="warning">{t('booking.request.archived')}</MessageBanner>
      <p className="bk-not-bookable__links">
        <a href={host.href('tour-page', { slug: tour.slug })}>{t('booking.request.archivedSimilar')}</a>
        {' · '}
        <a href={host.href('tours', { slug: DEFAULT_SEARCH_SLUGS[locale] })}>{t('booking.request.archivedSearch')}</a>
      </p>
    </div>
  );
}
