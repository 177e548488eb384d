import { useId } from 'react';
import { useAtomValue } from 'jotai';
import { sessionAtom, useHost } from '@tours/shared/core';
import type { HostContext, ModalContentProps } from '@tours/shared/contract';
import { TextAreaField, TextField, errorText, useForm, useT } from '@tours/shared/kit';
import { submitHelpRequest } from './api';
import { afterModalClose } from './open';
import { openSuccessModal } from './SuccessModal';
import { SubmitWithTerms } from './TermsCaption';
import { useModalSubmit } from './useModalSubmit';
import './modals.css';

interface EmailRequestModalProps {
  close: ModalContentProps['close'];
  /** Where the modal was opened from, e.g. 'support_popup' (§2.3). */
  clickSource: string;
}

/**
 * The common e-mail request (§2.3, §2.7): e-mail and question, sent as a common_help_by_email help
 * request. On success: 'We've received your email!'.
 */
function EmailRequestModal({ close, clickSource }: EmailRequestModalProps) {
  const host = useHost();
  const t = useT();
  const profile = useAtomValue(sessionAtom)?.profile;
  const form = useForm({ email: profile?.email ?? '', comment: '' }, { email: ['required', 'email'] });
  const commentId = `lay-question${useId()}`;
  const submitLabel = t('layout.emailRequest.submit');
  const commentError = errorText(form.errors.comment, t);

  const { sending, submit } = useModalSubmit(form, async () => {
    await submitHelpRequest(host, { type: 'common_help_by_email', email: form.values.email.trim(), comment: form.values.comment, click_source: clickSource });
    close(true);
    afterModalClose(() => openSuccessModal(host, { titleId: 'layout.emailRequest.successTitle', textId: 'layout.emailRequest.successText' }));
  });

  return (
    <form className="lay-modal" noValidate onSubmit={submit}>
      <h2 id="lay-email-title" className="lay-modal__title">
        {t('layout.emailRequest.title')}
      </h2>
      <p className="lay-modal__text">{t('layout.emailRequest.text')}</p>
      <TextField label={t('layout.form.email')} type="email" autoComplete="email" required error={errorText(form.errors.email, t)} {...form.field('email')} />
      <TextAreaField
        id={commentId}
        label={t('layout.emailRequest.question')}
        inputClassName="lay-modal__textarea"
        rows={4}
        maxLength={2000}
        error={commentError}
        {...form.field('comment')}
      />
      <SubmitWithTerms label={submitLabel} sending={sending} />
    </form>
  );
}

export function openEmailRequestModal(host: HostContext, clickSource: string) {
  return host.showModal({ component: EmailRequestModal, props: { clickSource }, labelId: 'lay-email-title' });
}
