import { useState, type FormEvent } from 'react';
import { useHost } from '@tours/shared/core';
import { applyServerErrors } from '@tours/shared/api';

/**
 * The submit of a layout modal's help request: the fields checked, `send` run once (the modal closes on success, so
 * `sending` stays), and a refusal as §5.8 says: field errors on their fields, the general message as a toast, what was
 * typed kept.
 */
export function useModalSubmit(form: { validate: () => readonly unknown[]; setServerErrors: (fieldErrors: Readonly<Record<string, string>>) => unknown }, send: () => Promise<void>) {
  const host = useHost();
  const [sending, setSending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending || form.validate().length) return;
    setSending(true);
    try {
      await send();
    } catch (error) {
      form.setServerErrors(applyServerErrors(error, host.toast, 'layout.form.failed'));
      setSending(false);
    }
  };
  return { sending, submit };
}
