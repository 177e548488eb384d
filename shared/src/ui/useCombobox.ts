import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';

export interface ComboboxOptions<T> {
  /**
   * The options in the order they are shown (groups flattened). Memoise it: a new array is a new list, and the
   * highlight goes back to `initialIndex`.
   */
  items: readonly T[];
  /** Enter on the highlighted option, or a click on one; the list has closed. */
  onSelect(item: T, index: number): void;
  /** The option highlighted when the list opens or its items change; -1 (default): none, so Enter is the form's. */
  initialIndex?: number;
  /** The popup also shows with no option (it says that nothing was found): aria-expanded stays true. */
  showEmpty?: boolean;
  /** The list opened (focus, click, arrow, typing or `setOpen(true)`) or closed (blur, Escape, a choice or `setOpen(false)`). */
  onOpenChange?(open: boolean): void;
}

/** The highlighted index and the items it belongs to: for other items the highlight is `initialIndex`. */
type Highlight<T> = [of: readonly T[] | null, index: number];
const NONE: Highlight<never> = [null, -1];

/**
 * The one combobox behaviour of the kit and the widgets (WAI-ARIA 1.2 combobox with a listbox popup and list
 * autocomplete); the components render their own markup with the props it returns.
 *
 * - The list opens on focus and on click when there are options, or by `setOpen(true)` (only while the field has
 *   the focus, so a late answer does not open a list under a field that was left). It closes on blur (Tab, a click
 *   outside), Escape, a choice and `setOpen(false)`; the text typed stays in every case.
 * - ArrowDown / ArrowUp move the highlight and wrap around; on a closed list they open it (at `initialIndex`, or at
 *   the first / last option). Home / End go to the first / last option while one is highlighted (else they move
 *   the caret). Enter chooses the highlighted option (else it is left to the form). Escape closes an open list and
 *   goes no further (a dialog around stays open).
 * - The pointer: moving over an option highlights it, a click chooses it; a press in the list keeps the focus in
 *   the field. Options moved to by keyboard are scrolled into view.
 * - The highlight goes back to `initialIndex` when the list opens and when its items change.
 *
 * Plain React hooks only: the widgets run it on preact/compat.
 */
export function useCombobox<T>(options: ComboboxOptions<T>) {
  const { items, initialIndex = -1, showEmpty = false } = options;
  const id = useId();
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-o${index}`;
  const [open, setOpenState] = useState(false);
  const [highlight, setHighlight] = useState<Highlight<T>>(NONE);
  const latest = useRef(options);
  latest.current = options;
  // What the handlers need now, whatever render they come from.
  const now = useRef({ open: false, focused: false, byMouse: false }).current;
  // `never`: the one ref fits the listbox whatever its element (<ul>, <div>).
  const list = useRef<never>(null);

  const count = items.length;
  const start = initialIndex < count ? initialIndex : -1;
  const active = !open ? -1 : highlight[0] === items ? highlight[1] : start;
  const expanded = open && (count > 0 || showEmpty);

  /** Opens (only while the field has the focus) or closes the list; the same function on every render. */
  const setOpen = useCallback((next: boolean) => {
    if ((next && !now.focused) || next === now.open) return;
    now.open = next;
    setOpenState(next);
    setHighlight(NONE);
    latest.current.onOpenChange?.(next);
  }, [now]);

  const move = (index: number, byMouse = false) => {
    now.byMouse = byMouse;
    setHighlight([items, index]);
  };
  const select = (index: number) => {
    setOpen(false);
    options.onSelect(items[index]!, index);
  };

  // Keeps the option moved to by keyboard (or opened at) in view; not one the pointer is on.
  useEffect(() => {
    if (now.byMouse) now.byMouse = false;
    else if (active >= 0) (list.current as HTMLElement | null)?.querySelectorAll('[role="option"]')[active]?.scrollIntoView?.({ block: 'nearest' });
  }, [active, open, items, now]);

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    now.focused = true;
    const last = count - 1;
    const key = e.key;
    if (key === 'ArrowDown' || key === 'ArrowUp') {
      if (!count) return;
      e.preventDefault();
      const down = key === 'ArrowDown';
      if (!open) {
        setOpen(true);
        if (start < 0) move(down ? 0 : last);
      } else {
        move(down ? (active >= last ? 0 : active + 1) : active <= 0 ? last : active - 1);
      }
    } else if ((key === 'Home' || key === 'End') && active >= 0) {
      e.preventDefault();
      move(key === 'Home' ? 0 : last);
    } else if (key === 'Enter' && active >= 0) {
      e.preventDefault();
      select(active);
    } else if (key === 'Escape' && open) {
      e.preventDefault();
      e.stopPropagation();
      setOpen(false);
    }
  };
  const openIfAny = () => {
    if (count) setOpen(true);
  };

  return {
    /** The list is open (it may have no option to show: see `expanded`). */
    open,
    /** The popup shows: open, with options or with `showEmpty`. */
    expanded,
    /** The highlighted option's index, -1 for none. */
    active,
    setOpen,
    /** Spread on the text input (the component adds its label, value and onChange). */
    inputProps: {
      role: 'combobox',
      'aria-autocomplete': 'list',
      'aria-expanded': expanded,
      'aria-controls': listId,
      'aria-activedescendant': active >= 0 ? optionId(active) : undefined,
      autoComplete: 'off',
      onKeyDown,
      onFocus: () => {
        now.focused = true;
        openIfAny();
      },
      onBlur: () => {
        now.focused = false;
        setOpen(false);
      },
      onClick: openIfAny,
    } as const,
    /** Spread on the listbox element (the component adds its label, class and `hidden={!expanded}`). */
    listboxProps: {
      id: listId,
      role: 'listbox',
      ref: list,
      // A press anywhere in the list (an option, a group label, the scrollbar) keeps the focus in the field.
      onMouseDown: (e: MouseEvent) => e.preventDefault(),
    } as const,
    /** Spread on the option at `index` of `items`. */
    optionProps: (index: number) => ({
      id: optionId(index),
      role: 'option' as const,
      'aria-selected': index === active,
      onMouseMove: () => {
        if (index !== active) move(index, true);
      },
      onClick: () => select(index),
    }),
  };
}
