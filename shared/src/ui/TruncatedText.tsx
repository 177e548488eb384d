import { useCallback, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import './ui.css';
import './TruncatedText.css';

/** Heights of §9 'Truncation': review text 120, replies 72, living base description 300; the generic one is 120. */
export type TruncateHeight = 72 | 120 | 300;

/** Generic truncated text of §9: height 120, threshold 24, animation 300 ms. */
export const TRUNCATE_DEFAULTS = { height: 120 as TruncateHeight, threshold: 24, animationMs: 300 } as const;

/**
 * Whether content of `contentHeight` px needs truncating at `height`: only when it is taller than the height plus
 * the threshold, so a text just a line too long is shown whole instead of hiding one line behind a button.
 */
export function needsTruncation(contentHeight: number, height: number, threshold: number = TRUNCATE_DEFAULTS.threshold): boolean {
  return contentHeight > height + threshold;
}

export interface TruncatedTextProps {
  children: ReactNode;
  height?: TruncateHeight;
  threshold?: number;
  className?: string;
  /** Texts of the toggle (default 'Show more' / 'Hide'). */
  moreLabel?: string;
  lessLabel?: string;
}

/**
 * Truncated text with a show/hide button (public-site §2.10, §4.13 'Truncated text: toggles between collapsed and
 * expanded'). The content is measured after layout and on resize; the button appears only when it is needed.
 * Collapsed content stays in the document (crawlers and screen readers read it whole).
 */
export function TruncatedText({ children, height = TRUNCATE_DEFAULTS.height, threshold = TRUNCATE_DEFAULTS.threshold, className, moreLabel, lessLabel }: TruncatedTextProps) {
  const intl = useIntl();
  const id = `trunc${useId().replace(/:/g, '')}`;
  const inner = useRef<HTMLDivElement>(null);
  const [long, setLong] = useState(false);
  const [expanded, setExpanded] = useState(false);

  const measure = useCallback(() => {
    const el = inner.current;
    if (el) setLong(needsTruncation(el.scrollHeight, height, threshold));
  }, [height, threshold]);

  useLayoutEffect(() => {
    measure();
    const el = inner.current;
    if (!el || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(() => measure());
    observer.observe(el);
    return () => observer.disconnect();
  }, [measure, children]);

  const collapsed = long && !expanded;
  return (
    <div className={`ui-trunc${className ? ` ${className}` : ''}`} data-state={collapsed ? 'collapsed' : 'expanded'}>
      <div id={id} ref={inner} className={`ui-trunc__body ui-trunc__body--h${height}${collapsed ? ' ui-trunc__body--collapsed' : ''}`}>
        {children}
      </div>
      {long && (
        <button type="button" className="ui-btn ui-btn--link ui-trunc__toggle" aria-expanded={expanded} aria-controls={id} onClick={() => setExpanded((e) => !e)}>
          {expanded ? lessLabel ?? intl.formatMessage({ id: 'ui.truncated.less' }) : moreLabel ?? intl.formatMessage({ id: 'ui.truncated.more' })}
        </button>
      )}
    </div>
  );
}
