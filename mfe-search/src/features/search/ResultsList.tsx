import { memo } from 'react';
import { useAtom, useAtomValue } from 'jotai';
import { useIntl } from 'react-intl';
import { tourSelectionItemsAtom, tourSelectionTokenAtom, useHost } from '@tours/shared/core';
import type { ResultGroup } from '@tours/shared/api';
import { Button, TourCard } from '@tours/shared/kit';

/** Select / Unselect of the tour selection mode (§4.9): Select opens the tour area's variants modal. */
function SelectionActions({ tourId, title }: { tourId: number; title: string }) {
  const intl = useIntl();
  const host = useHost();
  const [items, setItems] = useAtom(tourSelectionItemsAtom);
  const selected = items.includes(tourId);
  if (selected) {
    return (
      <Button size="sm" variant="secondary" aria-label={intl.formatMessage({ id: 'search.selection.unselectTour' }, { title })} onClick={() => setItems((list) => list.filter((id) => id !== tourId))}>
        {intl.formatMessage({ id: 'search.selection.unselect' })}
      </Button>
    );
  }
  const select = () => {
    const modal = host.openModal('tour/variants', { tourId, mode: 'selection' });
    void modal.closed.then((result) => {
      // The modal answers with the chosen date (or true); closing it without a choice selects nothing.
      if (result !== undefined && result !== null && result !== false) setItems((list) => (list.includes(tourId) ? list : [...list, tourId]));
    });
  };
  return (
    <Button size="sm" aria-label={intl.formatMessage({ id: 'search.selection.selectTour' }, { title })} onClick={select}>
      {intl.formatMessage({ id: 'search.selection.select' })}
    </Button>
  );
}

/**
 * Results as tour cards, one list per group (tours, excursions, cruises). While a new search is on its way only the
 * wrapper's busy mark changes: the cards render again when their results do (a filter change renders the page for
 * the route, then for the request, then for the answer; the cards only for the last, issue 33's filter-to-paint).
 */
export function ResultsList({ groups, busy }: { groups: ResultGroup[]; busy: boolean }) {
  const selecting = useAtomValue(tourSelectionTokenAtom) !== null;
  return (
    <div className={`srch-results${busy ? ' srch-results--busy' : ''}`} aria-busy={busy}>
      <ResultGroups groups={groups} selecting={selecting} />
    </div>
  );
}

const ResultGroups = memo(function ResultGroups({ groups, selecting }: { groups: ResultGroup[]; selecting: boolean }) {
  const intl = useIntl();
  let index = 0;
  return (
    <>
      {groups.map((group) => (
        <section key={group.key} className="srch-group" aria-labelledby={`srch-group-${group.key}`}>
          <h2 id={`srch-group-${group.key}`} className="srch-group__title">{intl.formatMessage({ id: `search.group.${group.key}` })}</h2>
          <ul className="srch-grid">
            {group.items.map((tour) => {
              index += 1;
              return (
                <li key={tour.id}>
                  <TourCard tour={tour} eager={index <= 3} actions={selecting ? <SelectionActions tourId={tour.id} title={tour.title} /> : undefined} />
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </>
  );
});

export function ResultsSkeleton({ count = 6 }: { count?: number }) {
  const intl = useIntl();
  return (
    <div className="srch-grid srch-grid--skeleton" role="status" aria-label={intl.formatMessage({ id: 'common.loading' })}>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="srch-card-skeleton" aria-hidden="true">
          <span className="ui-skeleton srch-card-skeleton__image" />
          <span className="ui-skeleton ui-skeleton--line" />
          <span className="ui-skeleton ui-skeleton--line srch-card-skeleton__short" />
        </div>
      ))}
    </div>
  );
}
