import { useAtomValue } from 'jotai';
import { currencyAtom, useHost } from '@tours/shared/core';
import { FILTER_LIMITS, formatPrice, priceScale, type TourFilter } from '@tours/shared/domain';
import { AutocompleteAnswer, type FilterSectionOptions, type Suggestion } from '@tours/shared/api';
import { DatePicker, RangeInput, type AutocompleteGroup } from '@tours/shared/kit';
import { SCREEN_HEADING, SCREEN_SECTIONS, toggle, type ScreenName } from './screens';
import { AddBySearch, CheckList, RadioList, RadioOperator, withChosen } from './controls';
import { screenSummary, type SubScreen } from './summary';
import { isMobile, type PlaceList } from './useFiltersDraft';
import { useT, type MessageId } from '../../../i18n/t';

/** What every panel works on: the draft, its options (of the draft's tab) and the places added by search. */
export interface PanelContext {
  draft: TourFilter;
  change: (next: TourFilter) => void;
  added: Record<string, string>;
  addPlace: (key: PlaceList, item: Suggestion) => void;
  /** The options of the draft's tab; null while the other tab's are loading. */
  options: FilterSectionOptions[] | null;
}

const sectionOf = (ctx: PanelContext, name: string) => ctx.options?.find((s) => s.section === name);
/** The items of some sections of §3.3. */
const itemsOf = (ctx: PanelContext, ...names: string[]) => names.flatMap((n) => sectionOf(ctx, n)?.items ?? []);
/** The items of a screen's sections. */
export const screenItems = (ctx: PanelContext, screen: ScreenName) => itemsOf(ctx, ...(SCREEN_SECTIONS[screen] ?? []));

/** Autocomplete of a filter panel: only the accepted groups are shown; any other is refused with a warning (§5.7). */
function usePlaceSuggest() {
  const host = useHost();
  const t = useT();
  return (only: string, cruises: boolean, accept: readonly string[]) => async (query: string, signal: AbortSignal): Promise<AutocompleteGroup<Suggestion>[]> => {
    const answer = await host.api.get('/spa/autocomplete', { schema: AutocompleteAnswer, query: { query, only, isCruisesSearch: cruises ? 1 : undefined }, signal });
    return answer.result.flatMap((g) => {
      if (!accept.includes(g.kind)) {
        console.warn('not allowed type');
        return [];
      }
      return [{ key: g.kind, label: t(`search.suggest.${g.kind}`), items: g.items }];
    });
  };
}

/** The common screen: a row per filter with what it is set to, and (Tours) who runs the tour. */
export function CommonScreen({ ctx, screens, onScreenChange }: { ctx: PanelContext; screens: readonly SubScreen[]; onScreenChange: (screen: ScreenName) => void }) {
  const t = useT();
  const currency = useAtomValue(currencyAtom);
  const { draft, change } = ctx;
  return (
    <>
      <ul className="srch-filters__list">
        {screens.map((s) => (
          <li key={s}>
            <button type="button" className="srch-filters__item" onClick={() => onScreenChange(s)}>
              <span className="srch-filters__item-name">{t(SCREEN_HEADING[s] as MessageId)}</span>
              <span className="srch-filters__item-value">{screenSummary(draft, s, currency, t)}</span>
              <span aria-hidden="true">›</span>
            </button>
          </li>
        ))}
      </ul>
      {!draft.isCruisesSearch && (
        <RadioOperator value={draft.operatorType} onChange={(v) => change({ ...draft, operatorType: v })} items={sectionOf(ctx, 'author_tours_operator')?.items ?? []} />
      )}
    </>
  );
}

type PlaceListKey = Exclude<PlaceList, 'cruisesStartCity'>;

/** A direction panel: a search field for a place of the accepted kinds, then a check list per kind (its list field). */
function PlacesPanel({ ctx, screen, label, only, lists }: {
  ctx: PanelContext;
  screen: ScreenName;
  label: MessageId;
  /** The autocomplete's kinds (§5.7) and the filter's list each one adds to. */
  only: Readonly<Record<string, PlaceListKey>>;
  lists: readonly (readonly [PlaceListKey, MessageId])[];
}) {
  const t = useT();
  const suggest = usePlaceSuggest();
  const { draft, added } = ctx;
  const items = screenItems(ctx, screen);
  const kinds = Object.keys(only);
  return (
    <>
      <AddBySearch
        label={t(label)}
        load={suggest(kinds.join(','), false, kinds)}
        onSelect={(item, kind) => {
          const key = only[kind];
          if (key) ctx.addPlace(key, item);
        }}
      />
      {lists.map(([key, legend]) => (
        <CheckList key={key} legend={t(legend)} items={withChosen(items.filter((i) => i.kind === key), draft[key], key, added)} selected={draft[key]}
          onToggle={(value) => ctx.change({ ...draft, [key]: toggle(draft[key] as (number | string)[], value) })} />
      ))}
    </>
  );
}

/** Tours' direction: regions and cities. */
const DirectionPanel = ({ ctx }: { ctx: PanelContext }) => (
  <PlacesPanel ctx={ctx} screen="direction" label="filters.direction.searchPlace" only={{ regions: 'regions', cities: 'cities' }}
    lists={[['regions', 'filters.direction.regions'], ['cities', 'filters.direction.cities']]} />
);

/** Cruises' direction: waters, cities, regions and sights. */
const CruisesDirectionPanel = ({ ctx }: { ctx: PanelContext }) => (
  <PlacesPanel ctx={ctx} screen="cruises_direction" label="filters.direction.search" only={{ water_objects: 'waterObject', cities: 'cities', regions: 'regions', showplaces: 'showplace' }}
    lists={[['waterObject', 'filters.direction.water'], ['cities', 'filters.direction.cities'], ['regions', 'filters.direction.regions'], ['showplace', 'filters.direction.showplaces']]} />
);

/** Cruises' start city: a search field, the cities, and 'only returning cruises'. */
function StartCityPanel({ ctx }: { ctx: PanelContext }) {
  const t = useT();
  const suggest = usePlaceSuggest();
  const { draft, change, added } = ctx;
  return (
    <>
      <AddBySearch label={t('filters.startCity.search')} load={suggest('cities', true, ['cities'])} onSelect={(item) => ctx.addPlace('cruisesStartCity', item)} />
      <CheckList legend={t('filters.screen.cruises_start_city')} items={withChosen(screenItems(ctx, 'cruises_start_city'), draft.cruisesStartCity, 'cruisesStartCity', added)} selected={draft.cruisesStartCity}
        onToggle={(value) => change({ ...draft, cruisesStartCity: toggle(draft.cruisesStartCity, value as number) })} />
      <label className="srch-check srch-check--single">
        <input type="checkbox" checked={draft.onlyReturningCruises} onChange={(e) => change({ ...draft, onlyReturningCruises: e.target.checked })} />
        <span className="srch-check__name">{t('filters.startCity.returning')}</span>
      </label>
    </>
  );
}

/** Dates: the chosen range in words and a range picker (one month on mobile, two otherwise). */
function DatesPanel({ ctx }: { ctx: PanelContext }) {
  const t = useT();
  const { draft, change } = ctx;
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
}

/** Price: the search's span, the total and the per-day ranges on the currency's scale. */
function PricePanel({ ctx }: { ctx: PanelContext }) {
  const t = useT();
  const currency = useAtomValue(currencyAtom);
  const { draft, change } = ctx;
  const scale = priceScale(currency);
  const span = sectionOf(ctx, 'price');
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

/** Panels that are one list of the search's options: a hint while they load or when there are none. */
export const LIST_PANELS: ReadonlySet<ScreenName> = new Set<ScreenName>(['restKinds', 'accommodation', 'minAge', 'comfort', 'difficulty', 'languages', 'groupSize', 'cruises_types', 'cruises_ships']);

/** The panel of one filter. */
export function FilterPanel({ screen, ctx }: { screen: SubScreen; ctx: PanelContext }) {
  const t = useT();
  const { draft, change } = ctx;
  const items = screenItems(ctx, screen);
  type ListKey = 'restKinds' | 'collections' | 'accommodation' | 'comfort' | 'difficulty' | 'languages' | 'cruisesType' | 'ships';
  const toggleIn = (key: ListKey) => (value: number | string) => change({ ...draft, [key]: toggle(draft[key] as (number | string)[], value) });
  switch (screen) {
    case 'direction': return <DirectionPanel ctx={ctx} />;
    case 'cruises_direction': return <CruisesDirectionPanel ctx={ctx} />;
    case 'cruises_start_city': return <StartCityPanel ctx={ctx} />;
    case 'dates': return <DatesPanel ctx={ctx} />;
    case 'price': return <PricePanel ctx={ctx} />;
    case 'duration':
      return (
        <RangeInput label={t('filters.screen.duration')} max={FILTER_LIMITS.daysMax} value={[draft.daysMin, draft.daysMax]} unit={t('filters.duration.unit')}
          minLabel={t('filters.duration.min')} maxLabel={t('filters.duration.max')} onChange={([a, b]) => change({ ...draft, daysMin: a, daysMax: b })} />
      );
    case 'restKinds':
      return (
        <>
          <CheckList legend={t('filters.restKinds.styles')} items={itemsOf(ctx, 'tours_activities')} selected={draft.restKinds} onToggle={toggleIn('restKinds')} />
          <CheckList legend={t('filters.restKinds.collections')} items={itemsOf(ctx, 'collections')} selected={draft.collections} onToggle={toggleIn('collections')} />
        </>
      );
    case 'accommodation':
      return <CheckList legend={t('filters.screen.accommodation')} items={items} selected={draft.accommodation} onToggle={toggleIn('accommodation')} label={(i) => t(`filters.accommodation.${i.value}` as MessageId)} />;
    case 'minAge':
      return <RadioList legend={t('filters.age.legend')} name="minAge" items={items} value={draft.minAge} onChange={(v) => change({ ...draft, minAge: v })} label={(i) => t('filters.age.option', { age: Number(i.value) })} />;
    case 'comfort':
      return <CheckList legend={t('filters.screen.comfort')} items={items} selected={draft.comfort} onToggle={toggleIn('comfort')} label={(i) => t(`filters.comfort.${i.value}` as MessageId)} />;
    case 'difficulty':
      return <CheckList legend={t('filters.screen.difficulty')} items={items} selected={draft.difficulty} onToggle={toggleIn('difficulty')} label={(i) => t(`filters.difficulty.${i.value}` as MessageId)} />;
    case 'languages':
      return <CheckList legend={t('filters.screen.languages')} items={items} selected={draft.languages} onToggle={toggleIn('languages')} label={(i) => t(`filters.language.${i.value}` as MessageId)} />;
    case 'groupSize':
      return <RadioList legend={t('filters.screen.groupSize')} name="groupSize" items={items} value={draft.maxGroupSize} onChange={(v) => change({ ...draft, maxGroupSize: v })} label={(i) => t('filters.groupSize.option', { size: Number(i.value) })} />;
    case 'cruises_types':
      return <CheckList legend={t('filters.screen.cruises_types')} items={items} selected={draft.cruisesType} onToggle={toggleIn('cruisesType')} />;
    case 'cruises_ships':
      return <CheckList legend={t('filters.screen.cruises_ships')} items={items} selected={draft.ships} onToggle={toggleIn('ships')} />;
    default:
      return null;
  }
}
