import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { TourFilter } from '@tours/shared/domain';
import type { FilterOption, Suggestion } from '@tours/shared/api';
import { Autocomplete, type AutocompleteGroup } from '@tours/shared/kit';

/** The inputs the filter panels are made of (§2.5): check lists, radio lists and the search field that adds a place. */

/** A list of checkboxes with counts. */
export function CheckList({ legend, items, selected, onToggle, label }: {
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
export function RadioList({ legend, name, items, value, onChange, label }: {
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

/** Who runs the tour: any, an organisation or an author (the common screen of the Tours tab). */
export function RadioOperator({ value, onChange, items }: { value: TourFilter['operatorType']; onChange: (v: TourFilter['operatorType']) => void; items: FilterOption[] }) {
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

/** An autocomplete that adds what is chosen to the filter and clears itself. */
export function AddBySearch({ label, load, onSelect }: { label: string; load: (q: string, s: AbortSignal) => Promise<AutocompleteGroup<Suggestion>[]>; onSelect: (item: Suggestion, kind: string) => void }) {
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

/** Chosen values that the options do not list (added through a search field) still show, with no count. */
export function withChosen(items: FilterOption[], chosen: readonly number[], kind: FilterOption['kind'], names: Record<string, string>): FilterOption[] {
  const known = new Set(items.map((i) => i.value));
  return [...items, ...chosen.filter((id) => !known.has(id)).map((id) => ({ kind, id, value: id, name: names[`${kind}:${id}`] ?? `#${id}`, slug: '', count: 0 }))];
}
