import { useId, useState, type FormEvent } from 'react';
import { useAtomValue } from 'jotai';
import { useIntl } from 'react-intl';
import { Button, TextField, sessionAtom, useHost, type HostContext, type ModalContentProps } from '@tours/shared';
import { submitHelpRequest } from '../api';
import { afterModalClose, openComponentModal } from './open';
import { openSuccessModal } from './SuccessModal';
import { TermsCaption } from './TermsCaption';
import { errorText, useForm } from './useForm';
import { email, required } from './validation';
import './modals.css';

export interface EmailRequestModalProps {
  close: ModalContentProps['close'];
  /** Where the modal was opened from, e.g. 'support_popup' (§2.3). */
  clickSource: string;
}

/**
 * The common e-mail request (§2.3, §2.7): e-mail and question, sent as a common_help_by_email help
 * request. On success: 'We've received your email!'.
 */
export function EmailRequestModal({ close, clickSource }: EmailRequestModalProps) {
  const host = useHost();
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const profile = useAtomValue(sessionAtom)?.profile;
  const form = useForm({ email: profile?.email ?? '', comment: '' }, { email: [required, email], comment: [] });
  const [sending, setSending] = useState(false);
  const commentId = `lay-question${useId()}`;
  const submitLabel = t('layout.emailRequest.submit');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending || !form.validateAll()) return;
    setSending(true);
    try {
      await submitHelpRequest(host, { type: 'common_help_by_email', email: form.values.email.trim(), comment: form.values.comment, click_source: clickSource });
      close(true);
      afterModalClose(() => openSuccessModal(host, { titleId: 'layout.emailRequest.successTitle', textId: 'layout.emailRequest.successText' }));
    } catch (error) {
      form.applyServerError(host, error);
      setSending(false);
    }
  };

  return (
    <form className="lay-modal" noValidate onSubmit={submit}>
      <h2 id="lay-email-title" className="lay-modal__title">
        {t('layout.emailRequest.title')}
      </h2>
      <p className="lay-modal__text">{t('layout.emailRequest.text')}</p>
      <TextField label={t('layout.form.email')} type="email" autoComplete="email" required error={errorText(form.errors.email, t)} {...form.field('email')} />
      <div className="ui-field">
        <label className="ui-field__label" htmlFor={commentId}>
          {t('layout.emailRequest.question')}
        </label>
        <textarea id={commentId} className="ui-field__input lay-modal__textarea" rows={4} maxLength={2000} {...form.field('comment')} />
      </div>
      <Button type="submit" block loading={sending}>
        {submitLabel}
      </Button>
      <TermsCaption button={submitLabel} />
    </form>
  );
}

export function openEmailRequestModal(host: HostContext, clickSource: string) {
  return openComponentModal(host, EmailRequestModal, { clickSource }, { labelId: 'lay-email-title' });
}
