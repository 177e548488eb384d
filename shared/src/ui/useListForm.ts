import { useRef, useState } from 'react';
import { DEFAULT_FIELD_MODE, fieldEvent, type FieldMode } from '../domain/validation';

/** An item of a list form: its own key (React key, errors, focus), never sent. */
export interface ListFormItem { key: string }
/** Errors of a list form by item key, then by field; 'card' is an error of the item as a whole (a server's). */
export type ListFormErrors<F extends string, M> = Record<string, Partial<Record<F | 'card', M>>>;

export interface UseListFormOptions<I extends ListFormItem, F extends string, M> {
  /** Checks some fields of one item (a field's events): the failing ones' messages. */
  check(item: I, fields: readonly F[]): Partial<Record<F, M>>;
  /** Checks the whole list (submit): errors of the failing items only. */
  checkAll(items: readonly I[]): ListFormErrors<F, M>;
  /** The §4.13 field mode of every field; eager by default, like `useForm`. */
  mode?: FieldMode;
  /** Called on every change the visitor makes to the list (a draft to keep, a saved notice to drop). */
  onChange?(): void;
}

/**
 * `useForm` for a list of like items (tourists of a request): the items and their errors, a field's change and blur
 * under the field modes of the shared validation engine, add and remove (the removed item's errors go with it), a
 * check of the whole list on submit, server errors set as they come. Items and errors are also kept in refs, so several
 * events in one tick (a change, then a submit) see each other, as in `useForm`.
 */
export function useListForm<I extends ListFormItem, F extends keyof I & string, M>(initial: readonly I[] | (() => readonly I[]), options: UseListFormOptions<I, F, M>) {
  const [items, setItemsState] = useState<readonly I[]>(initial);
  const itemsRef = useRef(items);
  const [errors, setErrorsState] = useState<ListFormErrors<F, M>>({});
  const errorsRef = useRef(errors);

  const setItems = (next: readonly I[], changed: boolean) => {
    itemsRef.current = next;
    setItemsState(next);
    if (changed) options.onChange?.();
  };
  const setErrors = (next: ListFormErrors<F, M>) => {
    errorsRef.current = next;
    setErrorsState(next);
  };

  const onEvent = (key: string, field: F, trigger: 'input' | 'blur') => {
    const current = errorsRef.current[key];
    const decision = fieldEvent(options.mode ?? DEFAULT_FIELD_MODE, trigger, Boolean(current?.[field]));
    if (!decision.validate) return;
    const item = itemsRef.current.find((x) => x.key === key);
    if (!item) return;
    const message = options.check(item, [field])[field];
    const next: Partial<Record<F | 'card', M>> = { ...(current as Partial<Record<F | 'card', M>>) };
    if (message) next[field] = message;
    else delete next[field];
    setErrors({ ...errorsRef.current, [key]: next });
  };

  return {
    items,
    errors,
    /** The list as it is now, between renders too (an async submit's own copy). */
    current: () => itemsRef.current,
    /** Sets a field of an item and applies the field mode. */
    change: <N extends F>(key: string, field: N, value: I[N]) => {
      setItems(itemsRef.current.map((x) => (x.key === key ? { ...x, [field]: value } : x)), true);
      onEvent(key, field, 'input');
    },
    blur: (key: string, field: F) => onEvent(key, field, 'blur'),
    /** Changes an item without checking anything (a value no rule looks at, such as a phone's country). */
    update: (key: string, patch: Partial<I>) => setItems(itemsRef.current.map((x) => (x.key === key ? { ...x, ...patch } : x)), true),
    add: (item: I) => setItems([...itemsRef.current, item], true),
    /** Removes an item and its errors; its index in the list, or -1 when it was not there. */
    remove: (key: string): number => {
      const index = itemsRef.current.findIndex((x) => x.key === key);
      if (index < 0) return -1;
      setItems(itemsRef.current.filter((x) => x.key !== key), true);
      const { [key]: _gone, ...rest } = errorsRef.current;
      setErrors(rest);
      return index;
    },
    /** Checks the whole list (submit): the errors found, also shown; none when the list may be sent. */
    validate: (): ListFormErrors<F, M> => {
      const found = options.checkAll(itemsRef.current);
      setErrors(found);
      return found;
    },
    /** Shows these errors (a server's, by item key). */
    setErrors,
    /** Replaces the list as saved (not a visitor's change) and clears the errors. */
    reset: (next: readonly I[]) => {
      setItems(next, false);
      setErrors({});
    },
  };
}
