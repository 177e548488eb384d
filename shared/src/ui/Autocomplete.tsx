import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { isAbortError } from '../api/client';
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
 * A combobox with grouped suggestions (WAI-ARIA 1.2 combobox + listbox): arrows move through every suggestion,
 * Enter chooses it (or submits the text), Escape closes the list. A failed lookup is logged and shows an empty list.
 */
export function Autocomplete<T extends AutocompleteItem>({
  label, hideLabel = false, placeholder, value, onValueChange, load, onSelect, onSubmit, debounceMs = 200, emptyText, renderItem, submitLabel, className, name,
}: AutocompleteProps<T>) {
  const id = useId();
  const listId = `${id}-list`;
  const [groups, setGroups] = useState<AutocompleteGroup<T>[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [searched, setSearched] = useState('');
  const typed = useRef(false);
  const root = useRef<HTMLFormElement>(null);
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });

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
          setActive(-1);
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
  }, [value, debounceMs]);

  useEffect(() => {
    if (!open) return undefined;
    const outside = (e: Event) => {
      if (root.current && e.target instanceof Node && !root.current.contains(e.target)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const flat = groups.flatMap((g) => g.items.map((item) => ({ item, group: g.key })));
  const optionId = (i: number) => `${id}-opt-${i}`;
  const choose = (i: number) => {
    const entry = flat[i];
    if (!entry) return;
    typed.current = false;
    setOpen(false);
    onSelect(entry.item, entry.group);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (!flat.length) return;
      e.preventDefault();
      setOpen(true);
      setActive((a) => (e.key === 'ArrowDown' ? (a + 1) % flat.length : (a <= 0 ? flat.length - 1 : a - 1)));
    } else if (e.key === 'Enter' && open && active >= 0) {
      e.preventDefault();
      choose(active);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      e.stopPropagation();
      setOpen(false);
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setOpen(false);
    typed.current = false;
    onSubmit?.(value.trim());
  };
  const expanded = open && Boolean(searched);
  let index = -1;
  return (
    <form ref={root} role="search" className={`ui-autocomplete${className ? ` ${className}` : ''}`} onSubmit={submit}>
      <label className={hideLabel ? 'visually-hidden' : 'ui-field__label'} htmlFor={`${id}-input`}>{label}</label>
      <div className="ui-autocomplete__row">
        <input
          id={`${id}-input`}
          name={name}
          className="ui-field__input ui-autocomplete__input"
          type="search"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          placeholder={placeholder}
          value={value}
          onChange={(e) => {
            typed.current = true;
            onValueChange(e.target.value);
          }}
          onKeyDown={onKeyDown}
          onFocus={() => groups.length && setOpen(true)}
        />
        {submitLabel && <button type="submit" className="ui-btn ui-btn--primary ui-autocomplete__submit">{submitLabel}</button>}
      </div>
      <div id={listId} role="listbox" aria-label={label} className="ui-autocomplete__list" hidden={!expanded}>
        {expanded && flat.length === 0 && emptyText && <p className="ui-autocomplete__empty" role="presentation">{emptyText}</p>}
        {expanded && groups.map((g) => (
          <div key={g.key} role="group" aria-labelledby={`${id}-g-${g.key}`} className="ui-autocomplete__group">
            <div id={`${id}-g-${g.key}`} role="presentation" className="ui-autocomplete__group-label">{g.label}</div>
            {g.items.map((item) => {
              index += 1;
              const i = index;
              return (
                <div
                  key={`${g.key}-${item.id}`}
                  id={optionId(i)}
                  role="option"
                  aria-selected={i === active}
                  className={`ui-autocomplete__option${i === active ? ' ui-autocomplete__option--active' : ''}`}
                  onPointerDown={(e) => e.preventDefault()}
                  onClick={() => choose(i)}
                  onMouseEnter={() => setActive(i)}
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
