import { useState, type FormEvent } from 'react';

interface SubmittedForm {
  validate: () => readonly unknown[];
  setServerErrors: (fieldErrors: Readonly<Record<string, string>>) => unknown;
}

/**
 * The submit of a settings form: the fields checked first, `save` run once at a time (`saving` meanwhile), and a
 * refusal's field errors (what `refused` makes of it: settingsFailure for a signed-in form) set on the form.
 */
export function useSettingsSubmit(form: SubmittedForm, save: () => Promise<unknown>, refused: (error: unknown) => Readonly<Record<string, string>> | null) {
  const [saving, setSaving] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving || form.validate().length) return;
    setSaving(true);
    try {
      await save();
    } catch (error) {
      const fieldErrors = refused(error);
      if (fieldErrors) form.setServerErrors(fieldErrors);
    } finally {
      setSaving(false);
    }
  };
  return { saving, submit };
}
