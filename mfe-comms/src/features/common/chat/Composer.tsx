import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { MESSAGE_MAX_LENGTH, UPLOAD_MAX_BYTES, uploadProblem, type UploadAnswer } from '@tours/shared/api';
import { useHost } from '@tours/shared/core';
import { Button } from '@tours/shared/kit';
import { uploadFile } from './api';
import { ATTACHMENT_STATUS, attachmentStatusName, moveAttachment, type AttachmentStatus } from './attachments';
import { useT } from '../../../i18n/t';

interface Picked {
  file: File;
  status: AttachmentStatus;
  upload: UploadAnswer | null;
}

export interface ComposerProps {
  frozen: boolean;
  freezeReason: string | null;
  onSend: (text: string, file: { id: number; name: string } | null) => void;
  /** Whether files may be attached (the agent console's staff cannot attach yet). */
  allowFiles?: boolean;
}

/**
 * The message composer: Enter sends, Shift+Enter starts a new line; an attachment goes through the upload call
 * first (WAITING → LOADING → SUCCESS / FAILED, with 'Try again'), and the message carries its id. A frozen chat
 * shows why instead of accepting text.
 */
export function Composer({ frozen, freezeReason, onSend, allowFiles = true }: ComposerProps) {
  const t = useT();
  const host = useHost();
  const id = useId();
  const [text, setText] = useState('');
  const [picked, setPicked] = useState<Picked | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const uploadRun = useRef(0);

  const move = (to: AttachmentStatus, upload: UploadAnswer | null = null) =>
    setPicked((p) => (p ? { ...p, status: moveAttachment(p.status, to), upload: upload ?? p.upload } : p));

  const upload = (file: File) => {
    const run = ++uploadRun.current;
    move(ATTACHMENT_STATUS.LOADING);
    uploadFile(host.api, file).then(
      (answer) => run === uploadRun.current && move(ATTACHMENT_STATUS.SUCCESS, answer),
      () => {
        if (run !== uploadRun.current) return;
        move(ATTACHMENT_STATUS.FAILED);
        setFileError(t('chat.upload.failed'));
      },
    );
  };

  const pick = (file: File | undefined) => {
    if (!file) return;
    const problem = uploadProblem('file', file);
    if (problem) {
      setFileError(t(`chat.upload.${problem}`, { max: UPLOAD_MAX_BYTES.file / 1024 / 1024 }));
      return;
    }
    setFileError(null);
    setPicked({ file, status: ATTACHMENT_STATUS.WAITING, upload: null });
    upload(file);
  };

  const removeFile = () => {
    uploadRun.current += 1;
    setPicked(null);
    setFileError(null);
    if (fileInput.current) fileInput.current.value = '';
  };

  const trimmed = text.trim();
  const tooLong = text.length > MESSAGE_MAX_LENGTH;
  const fileReady = picked?.status === ATTACHMENT_STATUS.SUCCESS && picked.upload !== null;
  const canSend = !frozen && !tooLong && (trimmed !== '' || fileReady) && (!picked || fileReady);

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (!canSend) return;
    onSend(trimmed, fileReady && picked?.upload ? { id: picked.upload.id, name: picked.file.name } : null);
    setText('');
    removeFile();
    textarea.current?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    // An IME composing a word uses Enter itself.
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };

  if (frozen) {
    return (
      <p className="chat-composer chat-composer--frozen" role="status">
        {freezeReason ? t('chat.composer.frozenReason', { reason: freezeReason }) : t('chat.composer.frozen')}
      </p>
    );
  }

  const status = picked ? attachmentStatusName(picked.status) : null;
  return (
    <form className="chat-composer" onSubmit={submit} aria-label={t('chat.composer.form')}>
      <label className="visually-hidden" htmlFor={`${id}-text`}>{t('chat.composer.label')}</label>
      <textarea
        ref={textarea}
        id={`${id}-text`}
        className="ui-field__input chat-composer__text"
        rows={2}
        value={text}
        placeholder={t('chat.composer.placeholder')}
        aria-describedby={`${id}-hint${tooLong ? ` ${id}-long` : ''}`}
        aria-invalid={tooLong || undefined}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        // The browser brings only the field into view: on a small screen the Send button below it stayed out of sight.
        onFocus={(e) => e.currentTarget.form?.scrollIntoView?.({ block: 'nearest' })}
      />
      <p id={`${id}-hint`} className="ui-field__hint">{t('chat.composer.hint')}</p>
      {tooLong && <p id={`${id}-long`} className="ui-field__error">{t('chat.composer.tooLong', { length: MESSAGE_MAX_LENGTH })}</p>}
      {picked && status && (
        <p className="chat-composer__file" data-status={status} role="status">
          <span>{picked.file.name} — {t(`chat.attachment.${status}`)}</span>{' '}
          {picked.status === ATTACHMENT_STATUS.FAILED && (
            <Button variant="link" size="sm" onClick={() => upload(picked.file)}>{t('chat.message.retry')}</Button>
          )}{' '}
          <Button variant="link" size="sm" onClick={removeFile}>{t('chat.composer.removeFile', { name: picked.file.name })}</Button>
        </p>
      )}
      {fileError && <p className="ui-field__error" role="alert">{fileError}</p>}
      <div className="chat-composer__actions">
        {allowFiles ? (
          <label className="ui-btn ui-btn--secondary ui-btn--sm chat-composer__attach">
            {t('chat.composer.attach')}
            <input
              ref={fileInput}
              type="file"
              className="visually-hidden"
              accept="image/jpeg,image/png,image/webp,image/gif,application/pdf"
              onChange={(e) => pick(e.target.files?.[0])}
            />
          </label>
        ) : (
          <span />
        )}
        <Button type="submit" disabled={!canSend}>{t('chat.composer.send')}</Button>
      </div>
    </form>
  );
}
