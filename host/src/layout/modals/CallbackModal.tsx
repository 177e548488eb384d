import { useRef, useState, type FormEvent } from 'react';
import { useAtomValue } from 'jotai';
import { appConfigAtom, countryAtom, localeAtom, sessionAtom, useHost } from '@tours/shared/core';
import type { HostContext, ModalContentProps } from '@tours/shared/contract';
import { applyServerErrors } from '@tours/shared/api';
import { isBlankPhone, phoneToSend } from '@tours/shared/domain';
import { Button, PhoneInput, TextField, errorText, useForm, useT } from '@tours/shared/kit';
import { submitHelpRequest } from './api';
import { afterModalClose } from './open';
import { openSuccessModal } from './SuccessModal';
import { TermsCaption } from './TermsCaption';
import './modals.css';

/**
 * 'Request a call' (§2.3): name and phone, sent as a help request of type phone_call_request (the spec
 * gives no path of its own for callbacks). On success the 'Callback requested' alert of §2.7 follows. The phone is
 * the one phone input of §5.2 (country picker, the country's code, digits only; issue 17 defect 8).
 */
export function CallbackModal({ close, clickSource }: { close: ModalContentProps['close']; clickSource?: string }) {
  const host = useHost();
  const t = useT();
  const profile = useAtomValue(sessionAtom)?.profile;
  const locale = useAtomValue(localeAtom);
  const config = useAtomValue(appConfigAtom);
  const visitorCountry = useAtomValue(countryAtom)?.iso_code;
  const [country, setCountry] = useState(visitorCountry || config.uikit.defaultCountry);
  const countryRef = useRef(country);
  countryRef.current = country;
  const form = useForm(
    { name: [profile?.first_name, profile?.last_name].filter(Boolean).join(' '), phone: profile?.phone ?? '' },
    {
      name: ['required'],
      phone: [
        (v) => !isBlankPhone(String(v ?? '')) || { id: 'forms.validation.required' },
        (v) => /^\+\d{9,15}$/.test(phoneToSend(String(v), countryRef.current)) || { id: 'forms.validation.phone' },
      ],
    },
  );
  const [sending, setSending] = useState(false);
  const submitLabel = t('layout.callback.submit');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending || form.validate().length) return;
    setSending(true);
    const name = form.values.name.trim();
    const number = phoneToSend(form.values.phone, countryRef.current);
    try {
      await submitHelpRequest(host, { type: 'phone_call_request', name, phone: number, ...(clickSource ? { click_source: clickSource } : {}) });
      close(true);
      afterModalClose(() => openSuccessModal(host, { titleId: 'layout.callback.successTitle', textId: 'layout.callback.successText', values: { phone: number } }));
    } catch (error) {
      // §5.8: field errors on their fields, the general message as a toast; what was typed stays.
      form.setServerErrors(applyServerErrors(error, host.toast, 'layout.form.failed'));
      setSending(false);
    }
  };

  return (
    <form className="lay-modal" noValidate onSubmit={submit}>
      <h2 id="lay-callback-title" className="lay-modal__title">
        {t('layout.callback.title')}
      </h2>
      <p className="lay-modal__text">{t('layout.callback.text')}</p>
      <TextField label={t('layout.form.name')} autoComplete="name" required error={errorText(form.errors.name, t)} {...form.field('name')} />
      <PhoneInput
        name="phone"
        label={t('layout.form.phone')}
        required
        value={form.values.phone}
        onChange={(v) => form.change('phone', v)}
        onBlur={() => form.blur('phone')}
        country={country}
        onCountryChange={setCountry}
        locale={locale}
        t={t}
        error={errorText(form.errors.phone, t)}
      />
      <Button type="submit" block loading={sending}>
        {submitLabel}
      </Button>
      <TermsCaption button={submitLabel} />
    </form>
  );
}

export function openCallbackModal(host: HostContext, clickSource?: string) {
  return host.showModal({ component: CallbackModal, props: { clickSource }, labelId: 'lay-callback-title' });
}
