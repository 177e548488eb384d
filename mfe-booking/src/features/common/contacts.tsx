import { useRef, useState, type ChangeEvent } from 'react';
import { useAtomValue } from 'jotai';
import { appConfigAtom, countryAtom, localeAtom, sessionAtom, type Session } from '@tours/shared/core';
import { PhoneInput, TextField } from '@tours/shared/kit';
import { readDraft, type Draft } from './draft';
import { useT } from '../../i18n/t';

/** The signed-in traveller's e-mail and phone as the account has them ('' when none). */
export type Prefilled = { email: string; phone: string };

/**
 * The start of a booking form, once: the values of its draft on this device or, without one, `values(null, profile)`
 * (§6: the signed-in traveller's contacts filled in); the phone's country (the draft's, else the visitor's, else the
 * site's default) with a ref the submit reads; and the account's contacts (`prefilled`), which are not required
 * while kept.
 */
export function useBookingStart<V extends object>(storageKey: string, empty: V, values: (draft: Draft<V> | null, profile: Session['profile'] | undefined) => V) {
  const profile = useAtomValue(sessionAtom)?.profile;
  const config = useAtomValue(appConfigAtom);
  const visitorCountry = useAtomValue(countryAtom)?.iso_code;
  const [start] = useState(() => {
    const draft = readDraft(storageKey, empty);
    return { values: values(draft, profile), country: draft?.country ?? (visitorCountry || config.uikit.defaultCountry), idempotencyKey: draft?.idempotencyKey };
  });
  const prefilled: Prefilled = { email: profile?.email ?? '', phone: profile?.phone ?? '' };
  const [country, setCountry] = useState(start.country);
  const countryRef = useRef(country);
  countryRef.current = country;
  return { start, prefilled, country, setCountry, countryRef };
}

/** What the contact fields need of a booking form (useForm's). */
interface ContactForm {
  values: { email: string; phone: string };
  change: (name: 'phone', value: string) => void;
  blur: (name: 'phone') => void;
  field: (name: 'email') => { name: string; value: string; onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void; onBlur: () => void };
}

/** The hint of a contact the account filled in and the traveller kept (§6). */
const useFromAccount = (prefilled: string, value: string) => {
  const t = useT();
  const kept = Boolean(prefilled) && value === prefilled;
  return { kept, hint: kept ? t('booking.contacts.fromAccount') : undefined };
};

/** The e-mail of a booking form; required unless the account's own is kept, or as `required` says. */
export function ContactEmailField({ form, prefilled, label, error, id, required }: { form: ContactForm; prefilled: Prefilled; label: string; error?: string; id?: string; required?: boolean }) {
  const { kept, hint } = useFromAccount(prefilled.email, form.values.email);
  return <TextField {...form.field('email')} id={id} type="email" label={label} autoComplete="email" required={required ?? !kept} maxLength={254} hint={hint} error={error} />;
}

/** The phone of a booking form (with its country); required unless the account's own is kept. */
export function ContactPhoneInput({ form, prefilled, label, error, country, onCountryChange }: {
  form: ContactForm;
  prefilled: Prefilled;
  label: string;
  error?: string;
  country: string;
  onCountryChange: (country: string) => void;
}) {
  const t = useT();
  const locale = useAtomValue(localeAtom);
  const { kept, hint } = useFromAccount(prefilled.phone, form.values.phone);
  return (
    <PhoneInput
      name="phone"
      label={label}
      hint={hint}
      required={!kept}
      value={form.values.phone}
      onChange={(v) => form.change('phone', v)}
      onBlur={() => form.blur('phone')}
      country={country}
      onCountryChange={onCountryChange}
      locale={locale}
      t={t}
      error={error}
    />
  );
}
