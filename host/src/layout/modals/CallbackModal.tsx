import { useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { appConfigAtom, countryAtom, localeAtom, sessionAtom, useHost } from '@tours/shared/core';
import type { HostContext, ModalContentProps } from '@tours/shared/contract';
import { isBlankPhone, phoneToSend } from '@tours/shared/domain';
import { PhoneInput, TextField, errorText, useForm, useT } from '@tours/shared/kit';
import { submitHelpRequest } from './api';
import { afterModalClose } from './open';
import { openSuccessModal } from './SuccessModal';
import { SubmitWithTerms } from './TermsCaption';
import { useModalSubmit } from './useModalSubmit';
import './modals.css';

/**
 * 'Request a call' (§2.3): name and phone, sent as a help request of type phone_call_request (the spec
 * gives no path of its own for callbacks). On success the 'Callback requested' alert of §2.7 follows. The phone is
 * the one phone input of §5.2 (country picker, the country's code, digits only; issue 17 defect 8).
 */
function CallbackModal({ close, clickSource }: { close: ModalContentProps['close']; clickSource?: string }) {
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
  const submitLabel = t('layout.callback.submit');

  const { sending, submit } = useModalSubmit(form, async () => {
    const name = form.values.name.trim();
    const number = phoneToSend(form.values.phone, countryRef.current);
    await submitHelpRequest(host, { type: 'phone_call_request', name, phone: number, ...(clickSource ? { click_source: clickSource } : {}) });
    close(true);
    afterModalClose(() => openSuccessModal(host, { titleId: 'layout.callback.successTitle', textId: 'layout.callback.successText', values: { phone: number } }));
  });

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
      <SubmitWithTerms label={submitLabel} sending={sending} />
    </form>
  );
}

export function openCallbackModal(host: HostContext, clickSource?: string) {
  return host.showModal({ component: CallbackModal, props: { clickSource }, labelId: 'lay-callback-title' });
}
