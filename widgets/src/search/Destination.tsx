import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useCombobox } from '@tours/shared/widgets';
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
const DESTINATION_GROUPS = Object.keys(KIND_TO_FILTER).join(',');
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
 * Destination autocomplete over GET /spa/autocomplete: a thin renderer of the kit's `useCombobox` (ARIA combobox
 * with a grouped listbox). A newer query cancels the one still running; a failed call logs and shows nothing (the
 * box keeps working).
 */
export function Destination({ ctx, config, t, value, onChange, firstRef }: Props) {
  const id = useId();
  const inputId = `dest${id}`;
  const groupId = (kind: string) => `dest-group${id}-${kind}`;
  const [text, setText] = useState(value?.name ?? '');
  const [groups, setGroups] = useState<Group[] | null>(null);
  const running = useRef<AbortController | null>(null);
  const timer = useRef<number | undefined>(undefined);

  const options = useMemo(() => (groups ?? []).flatMap((g) => g.items.map((item) => ({ kind: g.kind, item }))), [groups]);
  firstRef.current = options[0] ? { kind: options[0].kind, id: options[0].item.id, name: options[0].item.name } : null;
  const combo = useCombobox({
    items: options,
    onSelect: (option) => {
      const choice = { kind: option.kind, id: option.item.id, name: option.item.name };
      setText(choice.name);
      onChange(choice);
    },
  });

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
      combo.setOpen(false);
      return;
    }
    timer.current = window.setTimeout(() => {
      const controller = new AbortController();
      running.current = controller;
      callApi<{ result: Group[] }>(ctx.env, config, 'GET', '/spa/autocomplete', { query: { query: q, only: DESTINATION_GROUPS }, signal: controller.signal }).then(
        (answer) => {
          if (controller.signal.aborted) return;
          setGroups(answer.result.filter((g) => g.kind in KIND_TO_FILTER && g.items.length));
          combo.setOpen(true);
        },
        (error: unknown) => {
          if ((error as Error)?.name === 'AbortError') return;
          setGroups([]);
          combo.setOpen(false);
        },
      );
    }, DEBOUNCE_MS);
  };

  const showList = combo.open && groups !== null;
  let index = -1;
  return (
    <div className="ui-field wdg-combo">
      <label className="ui-field__label" htmlFor={inputId}>
        {t('widgets.search.destination')}
      </label>
      <input
        {...combo.inputProps}
        id={inputId}
        className="ui-field__input"
        type="text"
        placeholder={String(t('widgets.search.destinationPlaceholder'))}
        value={text}
        maxLength={100}
        onChange={(e) => {
          setText(e.target.value);
          if (value) onChange(null);
          search(e.target.value);
        }}
      />
      <div {...combo.listboxProps} aria-label={String(t('widgets.search.destination'))} className="wdg-combo__list" hidden={!combo.expanded}>
        {(groups ?? []).map((g) => (
          <div key={g.kind} role="group" aria-labelledby={groupId(g.kind)}>
            <div id={groupId(g.kind)} role="presentation" className="wdg-combo__group">
              {t(`widgets.search.kind.${g.kind}`)}
            </div>
            {g.items.map((item) => {
              index += 1;
              return (
                <div
                  key={`${g.kind}-${item.id}`}
                  {...combo.optionProps(index)}
                  className={`wdg-combo__option${index === combo.active ? ' wdg-combo__option--active' : ''}`}
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
