import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { ApiError, useHost } from '@tours/shared/core';
import { applyServerErrors, isRetryableError } from '@tours/shared/api';
import { clearDraft, newIdempotencyKey, writeDraft } from './draft';
import { useT } from '../../i18n/t';

/** What the hook needs of a `useForm` form. */
interface SubmittableForm<V> {
  values: V;
  /** The fields' errors now: the summary names only the fields still in error. */
  errors: Readonly<Partial<Record<keyof V & string, unknown>>>;
  validate(): (keyof V & string)[];
  setServerErrors(fieldErrors: Readonly<Record<string, string>>): (keyof V & string)[];
}

export interface RequestSubmitOptions<V, A> {
  form: SubmittableForm<V>;
  /** The draft's storage name (`draftKey(form, scope)`): what is typed stays there until the request is stored. */
  storageKey: string;
  /** The idempotency key kept with the draft (a reload before the answer resends the same submit). */
  initialKey?: string;
  /** The phone's country, kept with the draft. */
  country?: string;
  /** The field's name in words, for 'Please check: …'. */
  fieldLabel(field: keyof V & string): string;
  /** Server field names → the form's (e.g. `individual_dates` → `dates`); by default the same names. */
  serverFields?(fieldErrors: Readonly<Record<string, string>>): Record<string, string>;
  /** Sends the request with this submit's key. */
  send(idempotencyKey: string): Promise<A>;
  /** The request is stored (the draft is cleared before this). */
  onSent(answer: A): void;
  /** The form element: the first invalid field is focused. */
  formRef: RefObject<HTMLFormElement>;
}

/**
 * The one submit of the booking forms (issue 14 'Never lose a request'): checks every field (and focuses the first
 * bad one), sends with one idempotency key per submit, kept with the draft before anything goes out, so a double
 * click, a retry after a timeout or a reload and resend make one request; the draft is cleared only when the request
 * is stored. No answer keeps everything and offers a retry (`problem`); server field errors land on their fields, the
 * general message is a toast (§5.8); a key sent before with other fields is dropped, so the next submit is a new one.
 */
export function useRequestSubmit<V, A>(o: RequestSubmitOptions<V, A>) {
  const host = useHost();
  const t = useT();
  const keyRef = useRef<string | undefined>(o.initialKey);
  const sending = useRef(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // The fields the last check flagged. The summary ('Please check …') names those still in error and is gone once
  // they are fixed (issue 29: it had stayed after every field was corrected).
  const [flagged, setFlagged] = useState<(keyof V & string)[]>([]);
  const latest = useRef(o);
  latest.current = o;
  const stillWrong = flagged.filter((f) => Boolean(o.form.errors[f]));
  const announcement = stillWrong.length ? t('booking.form.checkFields', { fields: stillWrong.map((f) => o.fieldLabel(f)).join(', ') }) : '';

  // Everything typed stays on this device until the request is stored.
  const { storageKey, country } = o;
  const { values } = o.form;
  useEffect(() => {
    writeDraft(storageKey, { values, ...(country ? { country } : {}), ...(keyRef.current ? { idempotencyKey: keyRef.current } : {}) });
  }, [storageKey, values, country]);

  const focusField = (field: string) => {
    requestAnimationFrame(() => latest.current.formRef.current?.querySelector<HTMLElement>(`[name="${field}"]:not(:disabled)`)?.focus());
  };
  const checkFields = (fields: (keyof V & string)[]) => {
    setFlagged(fields);
    focusField(fields[0]!);
  };

  const fail = (error: unknown) => {
    const opts = latest.current;
    if (isRetryableError(error)) {
      // No answer, a timeout or the service down: everything typed and the key stay; Retry resends the same submit.
      // The alert announces it; the status region stays quiet so it is not read twice.
      setProblem(t('booking.form.networkError'));
      setFlagged([]);
      return;
    }
    // Field errors on their fields; the general message a toast unless it only repeats a field's (issue 29).
    let onFields: (keyof V & string)[] = [];
    applyServerErrors(error, host.toast, undefined, (fields) => {
      const mine = opts.serverFields ? opts.serverFields(fields) : fields;
      onFields = opts.form.setServerErrors(mine);
      return onFields.map((f) => mine[f]!);
    });
    if (error instanceof ApiError && error.fieldErrors.idempotency_key) keyRef.current = undefined;
    if (onFields.length) checkFields(onFields);
  };

  const submit = async () => {
    const opts = latest.current;
    if (sending.current) return; // a double click sends one request
    const invalid = opts.form.validate();
    if (invalid.length) {
      checkFields(invalid);
      return;
    }
    sending.current = true;
    setBusy(true);
    setProblem(null);
    keyRef.current ??= newIdempotencyKey();
    const key = keyRef.current;
    writeDraft(opts.storageKey, { values: opts.form.values, ...(opts.country ? { country: opts.country } : {}), idempotencyKey: key });
    try {
      const answer = await opts.send(key);
      clearDraft(opts.storageKey);
      keyRef.current = undefined;
      opts.onSent(answer);
    } catch (error) {
      fail(error);
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  /** The form's submit handler: the browser's own submit stays, the request goes once (see `submit`). */
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };
  return { submit, onSubmit, busy, problem, announcement };
}
