import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useAtomValue } from 'jotai';
import { useIntl } from 'react-intl';
import { currencyAtom, routeAtom, useHost } from '@tours/shared/core';
import { FILTER_LIMITS, formatPrice, priceScale, serialiseFilter, type TourFilter } from '@tours/shared/domain';
import { AutocompleteAnswer, ToursAnswer, useApiQuery, type FilterOption, type FilterSectionOptions, type Suggestion } from '@tours/shared/api';
import { Autocomplete, Button, CloseGlyph, DatePicker, RangeInput, useFocusTrap, type AutocompleteGroup } from '@tours/shared/kit';
import { switchTab } from '../results';
import { SCREEN_HEADING, SCREEN_SECTIONS, applied, clearScreen, resetAll, screenIsSet, screensFor, toggle, type ScreenName } from './screens';
import './filters.css';
import { useT, type MessageId } from '../../../i18n/t';

type SubScreen = Exclude<ScreenName, 'common'>;

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

const MOBILE = '(max-width: 991.98px)';
const isMobile = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(MOBILE).matches;

/** Options of the other tab, fetched when the dropdown switches to it before applying. */
function useTabOptions(draft: TourFilter, current: TourFilter, given: FilterSectionOptions[] | null, enabled: boolean): FilterSectionOptions[] | null {
  const host = useHost();
  const slug = useAtomValue(routeAtom)?.params.slug ?? '';
  const other = draft.isCruisesSearch !== current.isCruisesSearch;
  const key = enabled && other ? `filter-options:${slug}:${draft.isCruisesSearch ? 1 : 0}` : null;
  const fetched = useApiQuery(key, (signal) =>
    host.api.get('/spa/tours', { schema: ToursAnswer, query: { ...serialiseFilter({ ...draft, page: 1 }), slug, expand: 'filters', 'per-page': 1 }, signal }),
  );
  return other ? fetched.data?.filters ?? null : given;
}

/** A list of checkboxes with counts. */
function CheckList({ legend, items, selected, onToggle, label }: {
  legend: string;
  items: FilterOption[];
  selected: readonly (number | string)[];
  onToggle: (value: number | string) => void;
  label?: (item: FilterOption) => string;
}) {
  if (!items.length) return null;
  return (
    <fieldset className="srch-checks">
      <legend className="srch-checks__legend">{legend}</legend>
      <ul>
        {items.map((item) => {
          const checked = selected.includes(item.value);
          return (
            <li key={`${item.kind}-${item.id}`}>
              <label className={`srch-check${item.count === 0 && !checked ? ' srch-check--empty' : ''}`}>
                <input type="checkbox" checked={checked} onChange={() => onToggle(item.value)} />
                <span className="srch-check__name">{label ? label(item) : item.name}</span>
                <span className="srch-check__count">{item.count}</span>
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

/** One choice among values (group size, child age), with 'Any'. */
function RadioList({ legend, name, items, value, onChange, label }: {
  legend: string;
  name: string;
  items: FilterOption[];
  value: number | null;
  onChange: (value: number | null) => void;
  label: (item: FilterOption) => string;
}) {
  const intl = useIntl();
  return (
    <fieldset className="srch-checks">
      <legend className="srch-checks__legend">{legend}</legend>
      <ul>
        <li>
          <label className="srch-check">
            <input type="radio" name={name} checked={value === null} onChange={() => onChange(null)} />
            <span className="srch-check__name">{intl.formatMessage({ id: 'filters.any' })}</span>
          </label>
        </li>
        {items.map((item) => (
          <li key={item.id}>
            <label className="srch-check">
              <input type="radio" name={name} checked={value === item.value} onChange={() => onChange(Number(item.value))} />
              <span className="srch-check__name">{label(item)}</span>
              <span className="srch-check__count">{item.count}</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/**
 * The filters dropdown of §2.5 / §4.12: Tours and Cruises tabs that rebuild the set of filters, the common list and
 * one panel per filter. Header: the screen's title, back (not on the common screen) and close. Footer: 'Reset all
 * filters' on the common screen, 'Clear' on a panel, 'Apply' on both. Applying resets the page to 1; on mobile
 * it returns to the common list.
 */
export default function FiltersDropdown({ open, screen, onScreenChange, onClose, filter, options, onApply, applyOnClose = false, withLanguages = true }: FiltersDropdownProps) {
  const host = useHost();
  const currency = useAtomValue(currencyAtom);
  const titleId = `filters-title${useId()}`;
  const [draft, setDraft] = useState<TourFilter>(filter);
  /** Names of places chosen through a search field, so they show in the lists before the options know them. */
  const [added, setAdded] = useState<Record<string, string>>({});
  const dirty = useRef(false);
  const t = useT();

  // Each opening starts from the filter in the URL.
  useEffect(() => {
    if (open) {
      setDraft(filter);
      dirty.current = false;
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const close = () => {
    if (applyOnClose && dirty.current) onApply(applied(draft));
    dirty.current = false;
    onClose();
  };
  const { ref: panel, onKeyDown } = useFocusTrap(open, { onEscape: close, htmlClass: 'ui-drawer-open' });

  // A new screen starts at its top.
  useEffect(() => {
    if (open && panel.current) panel.current.querySelector<HTMLElement>('.srch-filters__body')?.scrollTo?.({ top: 0 });
  }, [screen, open, panel]);

  const tabOptions = useTabOptions(draft, filter, options, open);
  if (!open) return null;

  const change = (next: TourFilter) => {
    dirty.current = true;
    setDraft(next);
  };
  const section = (name: string) => tabOptions?.find((s) => s.section === name);
  const itemsOf = (...names: string[]) => names.flatMap((n) => section(n)?.items ?? []);
  /** The options of the screen shown (its sections of §3.3). */
  const screenItems = () => itemsOf(...(SCREEN_SECTIONS[current] ?? []));
  const apply = () => {
    dirty.current = false;
    onApply(applied(draft));
    if (isMobile()) onScreenChange('common');
    else onClose();
  };
  const screens = screensFor(draft.isCruisesSearch, withLanguages);
  const current: ScreenName = screen === 'common' || screens.includes(screen) ? screen : 'common';
  const list = (key: keyof TourFilter) => draft[key] as (number | string)[];
  const toggleIn = (key: keyof TourFilter) => (value: number | string) => change({ ...draft, [key]: toggle(list(key), value) });

  const summary = (s: SubScreen): string => {
    if (!screenIsSet(draft, s)) return '';
    if (s === 'price') return [draft.priceMin || draft.priceMax ? `${formatPrice(draft.priceMin, currency)} – ${draft.priceMax ? formatPrice(draft.priceMax, currency) : '…'}` : '', draft.pricePerDayMin || draft.pricePerDayMax ? t('filters.price.perDayShort') : ''].filter(Boolean).join(', ');
    if (s === 'duration') return t('filters.duration.summary', { min: draft.daysMin || 1, max: draft.daysMax || FILTER_LIMITS.daysMax });
    if (s === 'dates') return [draft.dateFrom, draft.dateTo].filter(Boolean).join(' – ');
    if (s === 'minAge') return t('filters.age.option', { age: draft.minAge ?? 0 });
    if (s === 'groupSize') return t('filters.groupSize.option', { size: draft.maxGroupSize ?? 0 });
    const count = (SCREEN_FIELD_LISTS[s] ?? []).reduce((n, key) => n + ((draft[key] as unknown[]) ?? []).length, 0);
    return t('filters.selected', { count });
  };

  /** Autocomplete of a filter panel: only the accepted groups are shown; any other is refused with a warning (§5.7). */
  const cruiseSuggest = (only: string, cruises: boolean, accept: readonly string[]) => async (query: string, signal: AbortSignal): Promise<AutocompleteGroup<Suggestion>[]> => {
    const answer = await host.api.get('/spa/autocomplete', { schema: AutocompleteAnswer, query: { query, only, isCruisesSearch: cruises ? 1 : undefined }, signal });
    return answer.result.flatMap((g) => {
      if (!accept.includes(g.kind)) {
        console.warn('not allowed type');
        return [];
      }
      return [{ key: g.kind, label: t(`search.suggest.${g.kind}`), items: g.items }];
    });
  };

  const body = (): ReactNode => {
    switch (current) {
      case 'common':
        return (
          <>
            <ul className="srch-filters__list">
              {screens.map((s) => (
                <li key={s}>
                  <button type="button" className="srch-filters__item" onClick={() => onScreenChange(s)}>
                    <span className="srch-filters__item-name">{t(SCREEN_HEADING[s] as MessageId)}</span>
                    <span className="srch-filters__item-value">{summary(s)}</span>
                    <span aria-hidden="true">›</span>
                  </button>
                </li>
              ))}
            </ul>
            {!draft.isCruisesSearch && (
              <RadioOperator value={draft.operatorType} onChange={(v) => change({ ...draft, operatorType: v })} items={section('author_tours_operator')?.items ?? []} />
            )}
          </>
        );
      case 'direction': {
        const items = screenItems();
        const field: Record<string, keyof TourFilter> = { cities: 'cities', regions: 'regions' };
        return (
          <>
            <AddBySearch
              label={t('filters.direction.searchPlace')}
              load={cruiseSuggest('regions,cities', false, ['regions', 'cities'])}
              onSelect={(item, kind) => {
                const key = field[kind];
                if (!key) return;
                setAdded((a) => ({ ...a, [`${key}:${item.id}`]: item.name }));
                change({ ...draft, [key]: [...new Set([...(draft[key] as number[]), item.id])] });
              }}
            />
            <CheckList legend={t('filters.direction.regions')} items={withChosen(items.filter((i) => i.kind === 'regions'), draft.regions, 'regions', added)} selected={draft.regions} onToggle={toggleIn('regions')} />
            <CheckList legend={t('filters.direction.cities')} items={withChosen(items.filter((i) => i.kind === 'cities'), draft.cities, 'cities', added)} selected={draft.cities} onToggle={toggleIn('cities')} />
          </>
        );
      }
      case 'restKinds':
        return (
          <>
            <CheckList legend={t('filters.restKinds.styles')} items={itemsOf('tours_activities')} selected={draft.restKinds} onToggle={toggleIn('restKinds')} />
            <CheckList legend={t('filters.restKinds.collections')} items={itemsOf('collections')} selected={draft.collections} onToggle={toggleIn('collections')} />
          </>
        );
      case 'dates':
        return (
          <>
            <p className="srch-filters__hint">{draft.dateFrom ? `${draft.dateFrom} – ${draft.dateTo || '…'}` : t('filters.dates.hint')}</p>
            <DatePicker
              mode="range"
              months={isMobile() ? 1 : 2}
              min="today"
              label={t('filters.screen.dates')}
              value={{ start: draft.dateFrom || null, end: draft.dateTo || null }}
              onChange={(v) => change({ ...draft, dateFrom: v.start ?? '', dateTo: v.end ?? '' })}
            />
          </>
        );
      case 'price': {
        const scale = priceScale(currency);
        const span = section('price');
        return (
          <>
            {span?.min !== undefined && span.min !== null && span.max !== null && span.max !== undefined && (
              <p className="srch-filters__hint">{t('filters.price.span', { min: formatPrice(Number(span.min), currency), max: formatPrice(Number(span.max), currency) })}</p>
            )}
            <RangeInput label={t('filters.price.total', { currency })} max={Math.min(scale.max, FILTER_LIMITS.priceMax)} step={scale.step} value={[draft.priceMin, draft.priceMax]} unit={currency}
              minLabel={t('filters.price.min')} maxLabel={t('filters.price.max')} onChange={([a, b]) => change({ ...draft, priceMin: a, priceMax: b })} />
            <RangeInput label={t('filters.price.perDay', { currency })} max={Math.min(scale.perDayMax, FILTER_LIMITS.pricePerDayMax)} step={scale.step} value={[draft.pricePerDayMin, draft.pricePerDayMax]} unit={currency}
              minLabel={t('filters.price.perDayMin')} maxLabel={t('filters.price.perDayMax')} onChange={([a, b]) => change({ ...draft, pricePerDayMin: a, pricePerDayMax: b })} />
          </>
        );
      }
      case 'duration':
        return (
          <RangeInput label={t('filters.screen.duration')} max={FILTER_LIMITS.daysMax} value={[draft.daysMin, draft.daysMax]} unit={t('filters.duration.unit')}
            minLabel={t('filters.duration.min')} maxLabel={t('filters.duration.max')} onChange={([a, b]) => change({ ...draft, daysMin: a, daysMax: b })} />
        );
      case 'accommodation':
        return <CheckList legend={t('filters.screen.accommodation')} items={screenItems()} selected={draft.accommodation} onToggle={toggleIn('accommodation')} label={(i) => t(`filters.accommodation.${i.value}` as MessageId)} />;
      case 'minAge':
        return <RadioList legend={t('filters.age.legend')} name="minAge" items={screenItems()} value={draft.minAge} onChange={(v) => change({ ...draft, minAge: v })} label={(i) => t('filters.age.option', { age: Number(i.value) })} />;
      case 'comfort':
        return <CheckList legend={t('filters.screen.comfort')} items={screenItems()} selected={draft.comfort} onToggle={toggleIn('comfort')} label={(i) => t(`filters.comfort.${i.value}` as MessageId)} />;
      case 'difficulty':
        return <CheckList legend={t('filters.screen.difficulty')} items={screenItems()} selected={draft.difficulty} onToggle={toggleIn('difficulty')} label={(i) => t(`filters.difficulty.${i.value}` as MessageId)} />;
      case 'languages':
        return <CheckList legend={t('filters.screen.languages')} items={screenItems()} selected={draft.languages} onToggle={toggleIn('languages')} label={(i) => t(`filters.language.${i.value}` as MessageId)} />;
      case 'groupSize':
        return <RadioList legend={t('filters.screen.groupSize')} name="groupSize" items={screenItems()} value={draft.maxGroupSize} onChange={(v) => change({ ...draft, maxGroupSize: v })} label={(i) => t('filters.groupSize.option', { size: Number(i.value) })} />;
      case 'cruises_types':
        return <CheckList legend={t('filters.screen.cruises_types')} items={screenItems()} selected={draft.cruisesType} onToggle={toggleIn('cruisesType')} />;
      case 'cruises_start_city':
        return (
          <>
            <AddBySearch label={t('filters.startCity.search')} load={cruiseSuggest('cities', true, ['cities'])} onSelect={(item) => {
              setAdded((a) => ({ ...a, [`cruisesStartCity:${item.id}`]: item.name }));
              change({ ...draft, cruisesStartCity: [...new Set([...draft.cruisesStartCity, item.id])] });
            }} />
            <CheckList legend={t('filters.screen.cruises_start_city')} items={withChosen(screenItems(), draft.cruisesStartCity, 'cruisesStartCity', added)} selected={draft.cruisesStartCity} onToggle={toggleIn('cruisesStartCity')} />
            <label className="srch-check srch-check--single">
              <input type="checkbox" checked={draft.onlyReturningCruises} onChange={(e) => change({ ...draft, onlyReturningCruises: e.target.checked })} />
              <span className="srch-check__name">{t('filters.startCity.returning')}</span>
            </label>
          </>
        );
      case 'cruises_direction': {
        const items = screenItems();
        const field: Record<string, keyof TourFilter> = { water_objects: 'waterObject', cities: 'cities', regions: 'regions', showplaces: 'showplace' };
        return (
          <>
            <AddBySearch
              label={t('filters.direction.search')}
              load={cruiseSuggest('water_objects,cities,regions,showplaces', false, ['water_objects', 'cities', 'regions', 'showplaces'])}
              onSelect={(item, kind) => {
                const key = field[kind];
                if (!key) return;
                setAdded((a) => ({ ...a, [`${key}:${item.id}`]: item.name }));
                change({ ...draft, [key]: [...new Set([...(draft[key] as number[]), item.id])] });
              }}
            />
            <CheckList legend={t('filters.direction.water')} items={withChosen(items.filter((i) => i.kind === 'waterObject'), draft.waterObject, 'waterObject', added)} selected={draft.waterObject} onToggle={toggleIn('waterObject')} />
            <CheckList legend={t('filters.direction.cities')} items={withChosen(items.filter((i) => i.kind === 'cities'), draft.cities, 'cities', added)} selected={draft.cities} onToggle={toggleIn('cities')} />
            <CheckList legend={t('filters.direction.regions')} items={withChosen(items.filter((i) => i.kind === 'regions'), draft.regions, 'regions', added)} selected={draft.regions} onToggle={toggleIn('regions')} />
            <CheckList legend={t('filters.direction.showplaces')} items={withChosen(items.filter((i) => i.kind === 'showplace'), draft.showplace, 'showplace', added)} selected={draft.showplace} onToggle={toggleIn('showplace')} />
          </>
        );
      }
      case 'cruises_ships':
        return <CheckList legend={t('filters.screen.cruises_ships')} items={screenItems()} selected={draft.ships} onToggle={toggleIn('ships')} />;
      default:
        return null;
    }
  };

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
          {current !== 'common' && current !== 'dates' && current !== 'price' && current !== 'duration' && current !== 'cruises_start_city' && current !== 'cruises_direction' && current !== 'direction' && (
            !tabOptions ? <p className="srch-filters__hint">{t('common.loading')}</p> : screenItems().length === 0 && <p className="srch-filters__hint">{t('filters.noData')}</p>
          )}
          {body()}
        </div>
        <div className="srch-filters__foot">
          {current === 'common' ? (
            <Button variant="ghost" onClick={() => change(resetAll(draft))}>{t('filters.resetAll')}</Button>
          ) : (
            <Button variant="ghost" onClick={() => change(clearScreen(draft, current))}>{t('filters.clear')}</Button>
          )}
          <Button onClick={apply}>{t('filters.apply')}</Button>
        </div>
      </div>
    </div>,
    document.body,
  );
}

/** List fields per screen, for the '{count} selected' summary. */
const SCREEN_FIELD_LISTS: Partial<Record<SubScreen, (keyof TourFilter)[]>> = {
  direction: ['regions', 'cities'], restKinds: ['restKinds', 'collections'], accommodation: ['accommodation'], comfort: ['comfort'], difficulty: ['difficulty'],
  languages: ['languages'], cruises_types: ['cruisesType'], cruises_start_city: ['cruisesStartCity'], cruises_direction: ['waterObject', 'cities', 'regions', 'showplace'], cruises_ships: ['ships'],
};

/** Chosen values that the options do not list (added through a search field) still show, with no count. */
function withChosen(items: FilterOption[], chosen: readonly number[], kind: FilterOption['kind'], names: Record<string, string>): FilterOption[] {
  const known = new Set(items.map((i) => i.value));
  return [...items, ...chosen.filter((id) => !known.has(id)).map((id) => ({ kind, id, value: id, name: names[`${kind}:${id}`] ?? `#${id}`, slug: '', count: 0 }))];
}

/** An autocomplete that adds what is chosen to the filter and clears itself. */
function AddBySearch({ label, load, onSelect }: { label: string; load: (q: string, s: AbortSignal) => Promise<AutocompleteGroup<Suggestion>[]>; onSelect: (item: Suggestion, kind: string) => void }) {
  const intl = useIntl();
  const [text, setText] = useState('');
  return (
    <Autocomplete<Suggestion>
      className="srch-filters__search"
      label={label}
      value={text}
      onValueChange={setText}
      load={load}
      onSelect={(item, kind) => {
        setText('');
        onSelect(item, kind);
      }}
      emptyText={intl.formatMessage({ id: 'search.empty.suggestions' })}
    />
  );
}

function RadioOperator({ value, onChange, items }: { value: TourFilter['operatorType']; onChange: (v: TourFilter['operatorType']) => void; items: FilterOption[] }) {
  const intl = useIntl();
  const count = (v: string) => items.find((i) => i.value === v)?.count;
  return (
    <fieldset className="srch-checks">
      <legend className="srch-checks__legend">{intl.formatMessage({ id: 'filters.operator.legend' })}</legend>
      <ul>
        {(['any', 'organization', 'author'] as const).map((v) => (
          <li key={v}>
            <label className="srch-check">
              <input type="radio" name="operatorType" checked={(value ?? 'any') === v} onChange={() => onChange(v === 'any' ? null : v)} />
              <span className="srch-check__name">{intl.formatMessage({ id: `filters.operator.${v}` })}</span>
              {count(v) !== undefined && <span className="srch-check__count">{count(v)}</span>}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
