import { useId } from 'react';
import { useIntl } from 'react-intl';
import { Button } from './Button';
import './ui.css';

export interface ErrorStateProps {
  /** Retry now; screens also retry by themselves (useApiQuery, useAutoRetry). */
  onRetry: () => void;
  /** Catalogue id of the message; the generic 'could not be loaded' text by default. */
  messageId?: string;
  /** A retry is running: announced with aria-busy (the button stays usable and keeps focus). */
  busy?: boolean;
  className?: string;
}

/**
 * What a screen (or a part of one) shows while the API does not answer: the message and a Retry button, as an
 * alert named by its message, so assistive technology and tests find it by role and name.
 */
export function ErrorState({ onRetry, messageId = 'common.loadFailed', busy = false, className }: ErrorStateProps) {
  const intl = useIntl();
  const id = useId();
  return (
    <div className={`ui-screen-error ui-error-state${className ? ` ${className}` : ''}`} role="alert" aria-labelledby={id} aria-busy={busy || undefined}>
      <p id={id}>{intl.formatMessage({ id: messageId })}</p>
      <Button variant="secondary" onClick={onRetry}>{intl.formatMessage({ id: 'common.retry' })}</Button>
    </div>
  );
}
