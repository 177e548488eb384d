import { useState } from 'react';
import { useIntl } from 'react-intl';
import { localeAtom, useHost } from '@tours/shared/core';
import { DEFAULT_SEARCH_SLUGS } from '@tours/shared/contract';
import { AutocompleteAnswer, type Suggestion, type SuggestionGroup } from '@tours/shared/api';
import { Autocomplete, type AutocompleteGroup } from '@tours/shared/kit';
import './common.css';

export interface SearchFormProps {
  /** The text already searched (the search page's query). */
  initialText?: string;
  /** The Cruises tab asks for cruise suggestions (start cities, water objects, ships). */
  cruises?: boolean;
  /** Group lists of the autocomplete call (§3.3). */
  only?: readonly string[];
  exclude?: readonly string[];
  /** Submitting the text: the search page puts it into its filter; elsewhere it opens the default search. */
  onSearchText?: (text: string) => void;
  className?: string;
}

/** Suggestion kind → message id of its group label. */
const KIND_LABEL: Record<SuggestionGroup['kind'], string> = {
  cities: 'search.suggest.cities', regions: 'search.suggest.regions', showplaces: 'search.suggest.showplaces', rest_kinds: 'search.suggest.rest_kinds',
  collections: 'search.suggest.collections', tours: 'search.suggest.tours', water_objects: 'search.suggest.water_objects', ships: 'search.suggest.ships',
};

/**
 * The search form with autocomplete (§2.4, §2.5): GET /spa/autocomplete with the only/exclude lists and the
 * isCruisesSearch flag. A suggestion whose path starts with '/' navigates there (§2.1); the text alone runs a
 * full-text search.
 */
export function SearchForm({ initialText = '', cruises = false, only, exclude, onSearchText, className }: SearchFormProps) {
  const intl = useIntl();
  const host = useHost();
  const [text, setText] = useState(initialText);
  const load = async (query: string, signal: AbortSignal): Promise<AutocompleteGroup<Suggestion>[]> => {
    const answer = await host.api.get('/spa/autocomplete', {
      schema: AutocompleteAnswer,
      query: { query, only: only?.join(','), exclude: exclude?.join(','), isCruisesSearch: cruises ? 1 : undefined },
      signal,
      kind: 'search-autocomplete',
    });
    return answer.result.map((g) => ({ key: g.kind, label: intl.formatMessage({ id: KIND_LABEL[g.kind] }), items: g.items }));
  };
  const select = (item: Suggestion, kind: string) => {
    setText(item.name);
    if (item.path.startsWith('/')) host.navigate(item.path);
    else host.navigate(host.href(kind === 'tours' ? 'tour-page' : 'tours', { slug: item.slug }));
  };
  const submit = (value: string) => {
    if (onSearchText) onSearchText(value);
    else host.navigate(host.href('tours', { slug: DEFAULT_SEARCH_SLUGS[host.store.get(localeAtom)] }, value ? { query: value } : undefined));
  };
  return (
    <Autocomplete<Suggestion>
      className={`srch-form${className ? ` ${className}` : ''}`}
      label={intl.formatMessage({ id: 'search.form.label' })}
      hideLabel
      placeholder={intl.formatMessage({ id: cruises ? 'search.form.placeholderCruises' : 'search.form.placeholder' })}
      value={text}
      onValueChange={setText}
      load={load}
      onSelect={select}
      onSubmit={submit}
      submitLabel={intl.formatMessage({ id: 'search.form.submit' })}
      emptyText={intl.formatMessage({ id: 'search.empty.suggestions' })}
      name="query"
    />
  );
}
