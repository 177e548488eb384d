import { useEffect, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { routeAtom, useHost } from '@tours/shared/core';
import { serialiseFilter, type TourFilter } from '@tours/shared/domain';
import { ToursAnswer, useApiQuery, type FilterSectionOptions, type Suggestion } from '@tours/shared/api';
import { applied, type ScreenName } from './screens';

const MOBILE = '(max-width: 991.98px)';
export const isMobile = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(MOBILE).matches;

/** Options of the other tab, fetched when the dropdown switches to it before applying. */
export function useTabOptions(draft: TourFilter, current: TourFilter, given: FilterSectionOptions[] | null, enabled: boolean): FilterSectionOptions[] | null {
  const host = useHost();
  const slug = useAtomValue(routeAtom)?.params.slug ?? '';
  const other = draft.isCruisesSearch !== current.isCruisesSearch;
  const key = enabled && other ? `filter-options:${slug}:${draft.isCruisesSearch ? 1 : 0}` : null;
  const fetched = useApiQuery(key, (signal) =>
    host.api.get('/spa/tours', { schema: ToursAnswer, query: { ...serialiseFilter({ ...draft, page: 1 }), slug, expand: 'filters', 'per-page': 1 }, signal }),
  );
  return other ? fetched.data?.filters ?? null : given;
}

/** A list field of the filter that a search field can add a place to. */
export type PlaceList = 'cities' | 'regions' | 'waterObject' | 'showplace' | 'cruisesStartCity';

/**
 * The dropdown's draft filter: each opening starts from the filter in the URL; changes stay in the draft until
 * 'Apply' (or closing, with applyOnClose, when something changed). Applying on mobile returns to the common list.
 */
export function useFiltersDraft({ open, filter, applyOnClose, onApply, onClose, onScreenChange }: {
  open: boolean;
  filter: TourFilter;
  applyOnClose: boolean;
  onApply: (filter: TourFilter) => void;
  onClose: () => void;
  onScreenChange: (screen: ScreenName) => void;
}) {
  const [draft, setDraft] = useState<TourFilter>(filter);
  /** Names of places chosen through a search field, so they show in the lists before the options know them. */
  const [added, setAdded] = useState<Record<string, string>>({});
  const dirty = useRef(false);

  // Each opening starts from the filter in the URL.
  useEffect(() => {
    if (open) {
      setDraft(filter);
      dirty.current = false;
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const change = (next: TourFilter) => {
    dirty.current = true;
    setDraft(next);
  };
  const close = () => {
    if (applyOnClose && dirty.current) onApply(applied(draft));
    dirty.current = false;
    onClose();
  };
  const apply = () => {
    dirty.current = false;
    onApply(applied(draft));
    if (isMobile()) onScreenChange('common');
    else onClose();
  };
  /** A place chosen through a search field joins its list, its name remembered. */
  const addPlace = (key: PlaceList, item: Suggestion) => {
    setAdded((a) => ({ ...a, [`${key}:${item.id}`]: item.name }));
    change({ ...draft, [key]: [...new Set([...draft[key], item.id])] });
  };
  return { draft, added, change, close, apply, addPlace };
}
