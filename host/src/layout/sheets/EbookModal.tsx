import { useState, type FormEvent } from 'react';
import { useAtomValue } from 'jotai';
import { sessionAtom, useHost } from '@tours/shared/core';
import type { HostContext, ModalContentProps } from '@tours/shared/contract';
import { Button, TextField, errorText, useForm, useT } from '@tours/shared/kit';
import { subscribeEbook } from './ebook-api';
import { SubmitWithTerms } from '../modals/TermsCaption';
import '../modals/modals.css';
import './sheets.css';
import { BookCover } from './BookCover';

interface EbookModalProps {
  close: ModalContentProps['close'];
  /** Called once the guide has been sent. */
  onSubscribed?: () => void;
}

/**
 * E-book subscribe modal (§2.7, §5.7): e-mail required and valid; submit disabled while sending. The subscription
 * (§7.4) e-mails the travel guide (POST /spa/subscribe-ebook). A failure is only logged (§8).
 */
function EbookModal({ close, onSubscribed }: EbookModalProps) {
  const host = useHost();
  const t = useT();
  const profile = useAtomValue(sessionAtom)?.profile;
  const form = useForm({ email: profile?.email ?? '' }, { email: ['required', 'email'] });
  const [state, setState] = useState<'idle' | 'sending' | 'done'>('idle');
  const submitLabel = t('layout.ebook.submit');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (state !== 'idle' || form.validate().length) return;
    setState('sending');
    try {
      await subscribeEbook(host, form.values.email.trim());
      setState('done');
      onSubscribed?.();
    } catch (error) {
      console.error('[layout] e-book subscription failed', error);
      setState('idle');
    }
  };

  if (state === 'done') {
    return (
      <div className="lay-modal lay-modal--success" role="status">
        <h2 id="lay-ebook-title" className="lay-modal__title">
          {t('layout.ebook.successTitle')}
        </h2>
        <p className="lay-modal__text">{t('layout.ebook.successText')}</p>
        <Button block onClick={() => close(true)}>
          {t('layout.modal.ok')}
        </Button>
      </div>
    );
  }

  return (
    <form className="lay-modal" noValidate onSubmit={submit}>
      <BookCover />
      <h2 id="lay-ebook-title" className="lay-modal__title">
        {t('layout.ebook.modalTitle')}
      </h2>
      <p className="lay-modal__text">{t('layout.ebook.modalText')}</p>
      <TextField label={t('layout.form.email')} type="email" autoComplete="email" required error={errorText(form.errors.email, t)} {...form.field('email')} />
      <SubmitWithTerms label={submitLabel} sending={state === 'sending'} />
    </form>
  );
}

export function openEbookModal(host: HostContext, onSubscribed?: () => void) {
  return host.showModal({ component: EbookModal, props: { onSubscribed }, labelId: 'lay-ebook-title' });
}
