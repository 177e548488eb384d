import { useId, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useIntl } from 'react-intl';
import { useFocusTrap } from './focus';
import { CloseGlyph } from './MessageBanner';
import './ui.css';
import './kit.css';

export interface DrawerProps {
  open: boolean;
  onClose: () => void;
  /** Heading of the panel; names the dialog. */
  title: ReactNode;
  /** Hide the heading visually (it still names the dialog). */
  hideTitle?: boolean;
  children: ReactNode;
  side?: 'left' | 'right';
  /** Maximum width; the default is 500 (public-site §9 'Drawer default width'). */
  width?: 360 | 420 | 500;
  closeLabel?: string;
  className?: string;
  id?: string;
}

/**
 * A modal side panel: focus moves in and is trapped while open, Escape and the overlay close it,
 * and focus returns to where it was. The page behind does not scroll.
 */
export function Drawer({ open, onClose, title, hideTitle = false, children, side = 'left', width = 500, closeLabel, className, id }: DrawerProps) {
  const intl = useIntl();
  const titleId = `drawer-title${useId()}`;
  const trap = useFocusTrap(open, { onEscape: onClose, htmlClass: 'ui-drawer-open' });

  if (!open) return null;

  return createPortal(
    <div className={`ui-drawer ui-drawer--${side}${className ? ` ${className}` : ''}`}>
      <div className="ui-drawer__overlay" data-testid="drawer-overlay" onClick={onClose} />
      <div
        ref={trap.ref}
        id={id}
        className={`ui-drawer__panel ui-drawer__panel--w${width}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={trap.onKeyDown}
      >
        <div className="ui-drawer__head">
          <h2 id={titleId} className={hideTitle ? 'visually-hidden' : 'ui-drawer__title'}>
            {title}
          </h2>
          <button type="button" className="ui-drawer__close" aria-label={closeLabel ?? intl.formatMessage({ id: 'common.close' })} onClick={onClose}>
            <CloseGlyph />
          </button>
        </div>
        <div className="ui-drawer__body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
