import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import './ui.css';
import './kit.css';

export type MessageBannerKind = 'info' | 'success' | 'warning' | 'error' | 'promo';

export interface MessageBannerProps {
  kind?: MessageBannerKind;
  children: ReactNode;
  /** Shows a close button; called when the banner closes (by the button or by the timeout). */
  onClose?: () => void;
  /** Closes the banner by itself after this many ms (public-site §4.13). */
  closeTimeout?: number;
  closeLabel?: string;
  className?: string;
}

/** A full-width message bar. Errors are announced at once, the rest politely. */
export function MessageBanner({ kind = 'info', children, onClose, closeTimeout, closeLabel, className }: MessageBannerProps) {
  const intl = useIntl();
  const [open, setOpen] = useState(true);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    if (!closeTimeout || closeTimeout <= 0) return;
    const timer = window.setTimeout(() => {
      setOpen(false);
      onCloseRef.current?.();
    }, closeTimeout);
    return () => window.clearTimeout(timer);
  }, [closeTimeout]);

  if (!open) return null;
  const close = () => {
    setOpen(false);
    onCloseRef.current?.();
  };
  return (
    <div className={`ui-banner ui-banner--${kind}${className ? ` ${className}` : ''}`} role={kind === 'error' ? 'alert' : 'status'}>
      <div className="ui-banner__body">{children}</div>
      {onClose && (
        <button type="button" className="ui-banner__close" aria-label={closeLabel ?? intl.formatMessage({ id: 'common.close' })} onClick={close}>
          <CloseGlyph />
        </button>
      )}
    </div>
  );
}

/** The kit's close cross (decorative; the button carries the name). */
export function CloseGlyph() {
  return (
    <svg className="ui-close-glyph" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" fill="none" />
    </svg>
  );
}
