import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { ReactNode } from 'react';
import { callApi } from '../runtime/api';
import type { MountContext, WidgetConfig } from '../runtime/protocol';
import { KIND_TO_FILTER } from './url';

export interface DestinationChoice {
  kind: string;
  id: number;
  name: string;
}

interface Suggestion {
  id: number;
  name: string;
  slug: string;
  path: string;
}
interface Group {
  kind: string;
  items: Suggestion[];
}

/** Groups the search box offers: places (travel styles have their own select). */
export const DESTINATION_GROUPS = Object.keys(KIND_TO_FILTER).join(',');
/** City search debounce of §9 (200 ms). */
const DEBOUNCE_MS = 200;

interface Props {
  ctx: MountContext;
  config: WidgetConfig;
  t: (id: string, values?: Record<string, string | number>) => ReactNode;
  value: DestinationChoice | null;
  onChange(value: DestinationChoice | null): void;
  /** The first suggestion, for a submit without a choice. */
  firstRef: { current: DestinationChoice | null };
}

/**
 * Destination autocomplete (ARIA combobox with a grouped listbox) over GET /spa/autocomplete. A newer query
 * cancels the one still running; a failed call logs and shows nothing (the box keeps working).
 */
export function Destination({ ctx, config, t, value, onChange, firstRef }: Props) {
  const id = useId();
  const inputId = `dest${id}`;
  const listId = `dest-list${id}`;
  const [text, setText] = useState(value?.name ?? '');
  const [groups, setGroups] = useState<Group[] | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const running = useRef<AbortController | null>(null);
  const timer = useRef<number | undefined>(undefined);

  const options = (groups ?? []).flatMap((g) => g.items.map((item) => ({ kind: g.kind, item })));
  firstRef.current = options[0] ? { kind: options[0].kind, id: options[0].item.id, name: options[0].item.name } : null;

  useEffect(() => () => {
    clearTimeout(timer.current);
    running.current?.abort();
  }, []);

  const search = (query: string) => {
    clearTimeout(timer.current);
    running.current?.abort();
    const q = query.trim();
    if (!q) {
      setGroups(null);
      setOpen(false);
      return;
    }
    timer.current = window.setTimeout(() => {
      const controller = new AbortController();
      running.current = controller;
      callApi<{ result: Group[] }>(ctx.env, config, 'GET', '/spa/autocomplete', { query: { query: q, only: DESTINATION_GROUPS }, signal: controller.signal }).then(
        (answer) => {
          if (controller.signal.aborted) return;
          setGroups(answer.result.filter((g) => g.kind in KIND_TO_FILTER && g.items.length));
          setActive(-1);
          setOpen(true);
        },
        (error: unknown) => {
          if ((error as Error)?.name === 'AbortError') return;
          setGroups([]);
          setOpen(false);
        },
      );
    }, DEBOUNCE_MS);
  };

  const choose = (index: number) => {
    const option = options[index];
    if (!option) return;
    const choice = { kind: option.kind, id: option.item.id, name: option.item.name };
    setText(choice.name);
    onChange(choice);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (!options.length) return;
      e.preventDefault();
      setOpen(true);
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => (a + step + options.length) % options.length);
    } else if (e.key === 'Enter' && open && active >= 0) {
      e.preventDefault();
      choose(active);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  const showList = open && groups !== null;
  let index = -1;
  return (
    <div className="ui-field wdg-combo">
      <label className="ui-field__label" htmlFor={inputId}>
        {t('widgets.search.destination')}
      </label>
      <input
        id={inputId}
        className="ui-field__input"
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
        placeholder={String(t('widgets.search.destinationPlaceholder'))}
        value={text}
        maxLength={100}
        onChange={(e) => {
          setText(e.target.value);
          if (value) onChange(null);
          search(e.target.value);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
        onFocus={() => groups?.length && setOpen(true)}
      />
      <div id={listId} role="listbox" aria-label={String(t('widgets.search.destination'))} className="wdg-combo__list" hidden={!showList || !options.length}>
        {(groups ?? []).map((g) => (
          <div key={g.kind} role="group" aria-labelledby={`${listId}-${g.kind}`}>
            <div id={`${listId}-${g.kind}`} role="presentation" className="wdg-combo__group">
              {t(`widgets.search.kind.${g.kind}`)}
            </div>
            {g.items.map((item) => {
              index += 1;
              const i = index;
              return (
                <div
                  key={`${g.kind}-${item.id}`}
                  id={`${listId}-${i}`}
                  role="option"
                  aria-selected={i === active}
                  className={`wdg-combo__option${i === active ? ' wdg-combo__option--active' : ''}`}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => choose(i)}
                >
                  {item.name}
                </div>
              );
            })}
          </div>
        ))}
      </div>
      {showList && !options.length && <div className="wdg-combo__empty">{t('widgets.search.nothingFound')}</div>}
      <p className="visually-hidden" role="status" aria-live="polite">
        {showList ? (options.length ? t('widgets.search.found', { count: options.length }) : t('widgets.search.nothingFound')) : ''}
      </p>
    </div>
  );
}
