import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { isAbortError } from '../api/client';
import { useCombobox } from './useCombobox';
import './ui.css';
import './kit.css';
import './Autocomplete.css';

export interface AutocompleteItem { id: number | string; name: string }
export interface AutocompleteGroup<T extends AutocompleteItem> { key: string; label: string; items: T[] }

export interface AutocompleteProps<T extends AutocompleteItem> {
  label: string;
  hideLabel?: boolean;
  placeholder?: string;
  /** The text in the field (controlled). */
  value: string;
  onValueChange: (text: string) => void;
  /** Suggestions for a trimmed, non-empty text; a newer text aborts the older call. */
  load: (text: string, signal: AbortSignal) => Promise<AutocompleteGroup<T>[]>;
  onSelect: (item: T, group: string) => void;
  /** Enter without a highlighted suggestion (the form's own search). */
  onSubmit?: (text: string) => void;
  /** Waits this long after typing before asking (§9: 200 ms for the city search). */
  debounceMs?: number;
  /** Shown when a text gives no suggestion. */
  emptyText?: string;
  renderItem?: (item: T, group: string) => ReactNode;
  /** A button after the field (the search button). */
  submitLabel?: string;
  className?: string;
  name?: string;
}

/**
 * A search form with grouped, asynchronous suggestions: a thin renderer of `useCombobox` (WAI-ARIA 1.2 combobox +
 * listbox). Arrows move through every suggestion, Enter chooses it (or submits the text), Escape closes the list.
 * A failed lookup is logged and shows an empty list.
 */
export function Autocomplete<T extends AutocompleteItem>({
  label, hideLabel = false, placeholder, value, onValueChange, load, onSelect, onSubmit, debounceMs = 200, emptyText, renderItem, submitLabel, className, name,
}: AutocompleteProps<T>) {
  const id = useId();
  const [groups, setGroups] = useState<AutocompleteGroup<T>[]>([]);
  const [searched, setSearched] = useState('');
  const typed = useRef(false);
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });
  const flat = useMemo(() => groups.flatMap((g) => g.items.map((item) => ({ item, group: g.key }))), [groups]);
  const combo = useCombobox({
    items: flat,
    onSelect: (entry) => {
      typed.current = false;
      onSelect(entry.item, entry.group);
    },
    showEmpty: Boolean(emptyText && searched),
  });
  const { setOpen } = combo;

  useEffect(() => {
    const text = value.trim();
    if (!typed.current || !text) {
      setGroups([]);
      setSearched('');
      return undefined;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      loadRef.current(text, controller.signal).then(
        (result) => {
          if (controller.signal.aborted) return;
          setGroups(result.filter((g) => g.items.length));
          setSearched(text);
          setOpen(true);
        },
        (error: unknown) => {
          if (isAbortError(error) || controller.signal.aborted) return;
          console.error(error);
          setGroups([]);
          setSearched(text);
          setOpen(true);
        },
      );
    }, debounceMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [value, debounceMs, setOpen]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setOpen(false);
    typed.current = false;
    onSubmit?.(value.trim());
  };
  const { expanded, active } = combo;
  let index = -1;
  return (
    <form role="search" className={`ui-autocomplete${className ? ` ${className}` : ''}`} onSubmit={submit}>
      <label className={hideLabel ? 'visually-hidden' : 'ui-field__label'} htmlFor={`${id}-input`}>{label}</label>
      <div className="ui-autocomplete__row">
        <input
          {...combo.inputProps}
          id={`${id}-input`}
          name={name}
          className="ui-field__input ui-autocomplete__input"
          type="search"
          placeholder={placeholder}
          value={value}
          onChange={(e) => {
            typed.current = true;
            if (!e.target.value.trim()) setOpen(false);
            onValueChange(e.target.value);
          }}
        />
        {submitLabel && <button type="submit" className="ui-btn ui-btn--primary ui-autocomplete__submit">{submitLabel}</button>}
      </div>
      <div {...combo.listboxProps} aria-label={label} className="ui-autocomplete__list" hidden={!expanded}>
        {expanded && flat.length === 0 && <p className="ui-autocomplete__empty" role="presentation">{emptyText}</p>}
        {expanded && groups.map((g) => (
          <div key={g.key} role="group" aria-labelledby={`${id}-g-${g.key}`} className="ui-autocomplete__group">
            <div id={`${id}-g-${g.key}`} role="presentation" className="ui-autocomplete__group-label">{g.label}</div>
            {g.items.map((item) => {
              index += 1;
              return (
                <div
                  key={`${g.key}-${item.id}`}
                  {...combo.optionProps(index)}
                  className={`ui-autocomplete__option${index === active ? ' ui-autocomplete__option--active' : ''}`}
                >
                  {renderItem ? renderItem(item, g.key) : item.name}
                </div>
              );
            })}
          </div>
        ))}
      </div>
    </form>
  );
}
