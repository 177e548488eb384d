import { useState, type FormEvent } from 'react';
import { useAtomValue } from 'jotai';
import { useIntl } from 'react-intl';
import { sessionAtom, useHost } from '@tours/shared/core';
import type { HostContext, ModalContentProps } from '@tours/shared/contract';
import { applyServerErrors } from '@tours/shared/api';
import { Button, TextField, errorText, useForm } from '@tours/shared/kit';
import { submitHelpRequest } from './api';
import { afterModalClose } from './open';
import { openSuccessModal } from './SuccessModal';
import { TermsCaption } from './TermsCaption';
import './modals.css';

/**
 * 'Request a call' (§2.3): name and phone, sent as a help request of type phone_call_request (the spec
 * gives no path of its own for callbacks). On success the 'Callback requested' alert of §2.7 follows.
 */
export function CallbackModal({ close }: { close: ModalContentProps['close'] }) {
  const host = useHost();
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const profile = useAtomValue(sessionAtom)?.profile;
  const form = useForm(
    { name: [profile?.first_name, profile?.last_name].filter(Boolean).join(' '), phone: profile?.phone ?? '' },
    { name: ['required'], phone: ['required', 'phone'] },
  );
  const [sending, setSending] = useState(false);
  const submitLabel = t('layout.callback.submit');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending || form.validate().length) return;
    setSending(true);
    const name = form.values.name.trim();
    const number = form.values.phone.trim();
    try {
      await submitHelpRequest(host, { type: 'phone_call_request', name, phone: number });
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
      <TextField
        label={t('layout.form.phone')}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        maxLength={18}
        placeholder="+"
        required
        hint={t('layout.form.phoneHint')}
        error={errorText(form.errors.phone, t)}
        {...form.field('phone')}
      />
      <Button type="submit" block loading={sending}>
        {submitLabel}
      </Button>
      <TermsCaption button={submitLabel} />
    </form>
  );
}

export function openCallbackModal(host: HostContext) {
  return host.showModal({ component: CallbackModal, props: {}, labelId: 'lay-callback-title' });
}
