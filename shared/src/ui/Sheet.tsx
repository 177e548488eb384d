import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { CloseGlyph } from './MessageBanner';
import './ui.css';
import './kit.css';

export interface SheetProps {
  /** Names the region for assistive technology. */
  label: string;
  children: ReactNode;
  /** Shows a close button. */
  onClose?: () => void;
  closeLabel?: string;
  className?: string;
  /** Extra buttons or links, placed after the content. */
  actions?: ReactNode;
}

/**
 * A non-modal panel fixed to the bottom of the viewport (cookie alert, e-book offer). It never traps
 * focus: the page stays usable. Several sheets stack inside a `.ui-sheet-stack`.
 */
export function Sheet({ label, children, onClose, closeLabel, className, actions }: SheetProps) {
  const intl = useIntl();
  return (
    <section className={`ui-sheet${className ? ` ${className}` : ''}`} aria-label={label}>
      <div className="ui-sheet__body">{children}</div>
      {actions && <div className="ui-sheet__actions">{actions}</div>}
      {onClose && (
        <button type="button" className="ui-sheet__close" aria-label={closeLabel ?? intl.formatMessage({ id: 'common.close' })} onClick={onClose}>
          <CloseGlyph />
        </button>
      )}
    </section>
  );
}

/** Bottom stack for sheets, so two of them never overlap. */
export function SheetStack({ children }: { children: ReactNode }) {
  return <div className="ui-sheet-stack">{children}</div>;
}
