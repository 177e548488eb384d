import { useRef, useState, type ChangeEvent } from 'react';
import {
  DEFAULT_FIELD_MODE, INCORRECT_VALUE_ID, fieldEvent, validateValue,
  type FieldMode, type FieldSchema, type FieldTrigger, type RuleSpec, type ValidationMessage,
} from '../domain/validation';
import type { Translate } from '../i18n/use-t';

/** Rules of each field: a list of rules, or a field schema with its own mode and custom message. */
export type FormSchema<V> = { readonly [K in keyof V]?: readonly RuleSpec[] | FieldSchema };
export type FormErrors<V> = { [K in keyof V]?: ValidationMessage };
/** Fields whose value is text: the ones `field()` wires to an input or a textarea. */
type TextKey<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & keyof V & string;

export interface UseFormOptions {
  /** The form's validation field mode (§4.13); a field's own `mode` wins. Eager by default. */
  mode?: FieldMode;
}

/**
 * The one form hook (host and microfrontends), on the shared validation engine (`domain/validation.ts`): values,
 * errors as `ValidationMessage`s (show them with `errorText`), the §4.13 field modes on input and blur, every field
 * checked on submit (`validate`), and server field errors set on their fields (`setServerErrors`, §5.8) while
 * everything typed stays. Values and errors are also kept in refs, so several events in one tick see each other.
 */
export function useForm<V extends Record<string, unknown>>(initial: V, schema: NoInfer<FormSchema<V>>, { mode }: UseFormOptions = {}) {
  type K = keyof V & string;
  const [values, setValuesState] = useState(initial);
  const valuesRef = useRef(values);
  const [errors, setErrorsState] = useState<FormErrors<V>>({});
  const errorsRef = useRef(errors);

  const fieldSchema = (name: K): FieldSchema => {
    const spec = schema[name];
    return !spec ? { rules: [] } : Array.isArray(spec) ? { rules: spec } : (spec as FieldSchema);
  };
  const check = (name: K, all: V): ValidationMessage | undefined => {
    const { rules, message } = fieldSchema(name);
    return validateValue(all[name], rules, { values: all, message }) ?? undefined;
  };
  const setErrors = (next: FormErrors<V>) => {
    errorsRef.current = next;
    setErrorsState(next);
  };
  const setError = (name: K, message: ValidationMessage | undefined) => setErrors({ ...errorsRef.current, [name]: message });

  const onEvent = (name: K, trigger: FieldTrigger) => {
    const decision = fieldEvent(fieldSchema(name).mode ?? mode ?? DEFAULT_FIELD_MODE, trigger, Boolean(errorsRef.current[name]));
    if (decision.reset) setError(name, undefined);
    if (decision.validate) setError(name, check(name, valuesRef.current));
  };

  /** Sets a field's value (for controls that give values, not events) and applies the field's mode. */
  const change = <N extends K>(name: N, value: V[N]) => {
    valuesRef.current = { ...valuesRef.current, [name]: value };
    setValuesState(valuesRef.current);
    onEvent(name, 'input');
  };
  const blur = (name: K) => onEvent(name, 'blur');

  return {
    values,
    errors,
    change,
    blur,
    /** Props of a text input or textarea: `name`, `value`, `onChange`, `onBlur`. */
    field: <N extends TextKey<V>>(name: N) => ({
      name,
      value: values[name] as string,
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => change(name, event.target.value as V[N]),
      onBlur: () => blur(name),
    }),
    /** Checks every field (submit, every mode); the names of the failing fields in the schema's order, none when the form may be sent. */
    validate: (): K[] => {
      const found: FormErrors<V> = {};
      for (const name of Object.keys(schema) as K[]) {
        const message = check(name, valuesRef.current);
        if (message) found[name] = message;
      }
      setErrors(found);
      return Object.keys(found) as K[];
    },
    /**
     * Server field errors (§5.8, keyed by field name) on the form's fields, in their own words. Returns the fields
     * that got one, in the form's order; the rest is the caller's (the general message is a toast).
     */
    setServerErrors: (fieldErrors: Readonly<Record<string, string>>): K[] => {
      const names = (Object.keys(valuesRef.current) as K[]).filter((name) => typeof fieldErrors[name] === 'string');
      const next = { ...errorsRef.current };
      for (const name of names) next[name] = { id: INCORRECT_VALUE_ID, text: fieldErrors[name] };
      if (names.length) setErrors(next);
      return names;
    },
  };
}

/** The text of a field's error: its own words (a custom or server message) or its catalogue message. */
export function errorText(message: ValidationMessage | undefined, t: Translate<string>): string | undefined {
  return message ? (message.text ?? t(message.id, message.values)) : undefined;
}
