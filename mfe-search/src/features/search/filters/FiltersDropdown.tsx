import { useEffect, useId } from 'react';
import { createPortal } from 'react-dom';
import type { TourFilter } from '@tours/shared/domain';
import type { FilterSectionOptions } from '@tours/shared/api';
import { CloseGlyph, useFocusTrap } from '@tours/shared/kit';
import { switchTab } from '../results';
import { SCREEN_HEADING, screensFor, type ScreenName } from './screens';
import { CommonScreen, FilterPanel, LIST_PANELS, screenItems, type PanelContext } from './FilterPanels';
import { FiltersFooter } from './FiltersFooter';
import { useFiltersDraft, useTabOptions } from './useFiltersDraft';
import './filters.css';
import { useT, type MessageId } from '../../../i18n/t';

export interface FiltersDropdownProps {
  open: boolean;
  /** The screen shown: 'common' (the list) or a filter's panel. */
  screen: ScreenName;
  onScreenChange: (screen: ScreenName) => void;
  onClose: () => void;
  /** The filter in the URL. */
  filter: TourFilter;
  /** Options and counts of the current search (for its tab). */
  options: FilterSectionOptions[] | null;
  onApply: (filter: TourFilter) => void;
  /** Apply the pending changes when the dropdown closes (§2.3 'an option to apply when it closes'). */
  applyOnClose?: boolean;
  /** Leave out the languages screen (§2.5: one version of the dropdown excludes it). */
  withLanguages?: boolean;
}

/**
 * The filters dropdown of §2.5 / §4.12: Tours and Cruises tabs that rebuild the set of filters, the common list and
 * one panel per filter. Header: the screen's title, back (not on the common screen) and close. The draft and its
 * apply/close rules: useFiltersDraft.ts; the screens: FilterPanels.tsx (inputs in controls.tsx); the footer:
 * FiltersFooter.tsx.
 */
export default function FiltersDropdown({ open, screen, onScreenChange, onClose, filter, options, onApply, applyOnClose = false, withLanguages = true }: FiltersDropdownProps) {
  const titleId = `filters-title${useId()}`;
  const t = useT();
  const { draft, added, change, close, apply, addPlace } = useFiltersDraft({ open, filter, applyOnClose, onApply, onClose, onScreenChange });
  const { ref: panel, onKeyDown } = useFocusTrap(open, { onEscape: close, htmlClass: 'ui-drawer-open' });

  // A new screen starts at its top.
  useEffect(() => {
    if (open && panel.current) panel.current.querySelector<HTMLElement>('.srch-filters__body')?.scrollTo?.({ top: 0 });
  }, [screen, open, panel]);

  const tabOptions = useTabOptions(draft, filter, options, open);
  if (!open) return null;

  const screens = screensFor(draft.isCruisesSearch, withLanguages);
  const current: ScreenName = screen === 'common' || screens.includes(screen) ? screen : 'common';
  const ctx: PanelContext = { draft, change, added, addPlace, options: tabOptions };

  const tab = (cruises: boolean) => (
    <button type="button" role="tab" aria-selected={draft.isCruisesSearch === cruises} className={`srch-tabs__tab${draft.isCruisesSearch === cruises ? ' srch-tabs__tab--on' : ''}`}
      onClick={() => {
        change(switchTab(draft, cruises));
        onScreenChange('common');
      }}>
      {t(cruises ? 'search.tab.cruises' : 'search.tab.tours')}
    </button>
  );

  return createPortal(
    <div className="ui-drawer ui-drawer--right srch-filters">
      <div className="ui-drawer__overlay" onClick={close} />
      <div ref={panel} className="ui-drawer__panel ui-drawer__panel--w420 srch-filters__panel" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} onKeyDown={onKeyDown}>
        <div className="srch-filters__head">
          {current !== 'common' && (
            <button type="button" className="srch-filters__back" aria-label={t('filters.back')} onClick={() => onScreenChange('common')}>‹</button>
          )}
          <h2 id={titleId} className="srch-filters__title">{t(SCREEN_HEADING[current] as MessageId)}</h2>
          <button type="button" className="ui-drawer__close" aria-label={t('common.close')} onClick={close}><CloseGlyph /></button>
        </div>
        {current === 'common' && (
          <div className="srch-tabs srch-filters__tabs" role="tablist" aria-label={t('search.tabs')}>
            {tab(false)}
            {tab(true)}
          </div>
        )}
        <div className="srch-filters__body">
          {LIST_PANELS.has(current) && (
            !tabOptions ? <p className="srch-filters__hint">{t('common.loading')}</p> : screenItems(ctx, current).length === 0 && <p className="srch-filters__hint">{t('filters.noData')}</p>
          )}
          {current === 'common' ? <CommonScreen ctx={ctx} screens={screens} onScreenChange={onScreenChange} /> : <FilterPanel screen={current} ctx={ctx} />}
        </div>
        <FiltersFooter screen={current} draft={draft} change={change} apply={apply} />
      </div>
    </div>,
    document.body,
  );
}
