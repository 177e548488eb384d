import { useState, type ChangeEvent } from 'react';
import { ApiError, type HostContext } from '@tours/shared';
import { check, type Rule } from './validation';

type Values<K extends string> = Record<K, string>;
/** Errors hold catalogue keys (client rules) or the server's own text (`server:` prefix). */
type Errors<K extends string> = Partial<Record<K, string>>;

/**
 * A small form state with the 'eager' validation mode of §4.13: a field is checked on blur, and again
 * on every input once it shows an error. Everything is checked on submit.
 */
export function useForm<K extends string>(initial: Values<K>, rules: Record<K, readonly Rule[]>) {
  const [values, setValues] = useState<Values<K>>(initial);
  const [errors, setErrors] = useState<Errors<K>>({});

  const validateField = (name: K, value: string) => {
    const message = check(value, rules[name]);
    setErrors((prev) => ({ ...prev, [name]: message ?? undefined }));
    return message;
  };

  const field = (name: K) => ({
    name,
    value: values[name],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const value = e.target.value;
      setValues((prev) => ({ ...prev, [name]: value }));
      if (errors[name]) validateField(name, value);
    },
    onBlur: () => {
      validateField(name, values[name]);
    },
  });

  /** Checks every field; true when the form may be sent. */
  const validateAll = () => {
    const next: Errors<K> = {};
    for (const name of Object.keys(rules) as K[]) {
      const message = check(values[name], rules[name]);
      if (message) next[name] = message;
    }
    setErrors(next);
    return Object.keys(next).length === 0;
  };

  /** Server errors (§5.8): field errors on their fields, the general message as a toast. */
  const applyServerError = (host: HostContext, error: unknown) => {
    if (error instanceof ApiError) {
      const fieldErrors: Errors<K> = {};
      for (const [name, message] of Object.entries(error.fieldErrors)) {
        if (name in rules) fieldErrors[name as K] = `server:${message}`;
      }
      setErrors((prev) => ({ ...prev, ...fieldErrors }));
      host.toast({ kind: 'error', text: error.message });
    } else {
      host.toast({ kind: 'error', messageId: 'layout.form.failed' });
    }
  };

  return { values, errors, field, validateAll, applyServerError, setValues };
}

/** The text of an error kept by useForm. */
export function errorText(error: string | undefined, t: (id: string) => string): string | undefined {
  if (!error) return undefined;
  return error.startsWith('server:') ? error.slice('server:'.length) : t(error);
}
