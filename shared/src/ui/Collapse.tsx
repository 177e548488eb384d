import { useEffect, useRef, useState, type ReactNode } from 'react';
import './ui.css';
import './kit.css';

/** Collapse panel states of public-site §4.13: collapsed → expanding → expanded → collapsing → collapsed. */
export type CollapsePhase = 'collapsed' | 'expanding' | 'expanded' | 'collapsing';

export interface CollapseProps {
  open: boolean;
  children: ReactNode;
  id?: string;
  className?: string;
  /** Length of the expand/collapse animation; the phase settles after it. */
  durationMs?: number;
  onPhaseChange?: (phase: CollapsePhase) => void;
}

/**
 * A panel that animates its height (CSS grid rows, no measuring, no inline styles). While collapsed the
 * content is `hidden`, so it is neither read nor reachable with Tab. Pair it with a button that has
 * `aria-expanded` and `aria-controls={id}`.
 */
export function Collapse({ open, children, id, className, durationMs = 300, onPhaseChange }: CollapseProps) {
  const [phase, setPhase] = useState<CollapsePhase>(open ? 'expanded' : 'collapsed');
  const first = useRef(true);
  const notify = useRef(onPhaseChange);
  useEffect(() => {
    notify.current = onPhaseChange;
  });

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const moving: CollapsePhase = open ? 'expanding' : 'collapsing';
    const settled: CollapsePhase = open ? 'expanded' : 'collapsed';
    setPhase(moving);
    notify.current?.(moving);
    const timer = window.setTimeout(() => {
      setPhase(settled);
      notify.current?.(settled);
    }, durationMs);
    return () => window.clearTimeout(timer);
  }, [open, durationMs]);

  return (
    <div id={id} className={`ui-collapse ui-collapse--${phase}${className ? ` ${className}` : ''}`} data-phase={phase} hidden={phase === 'collapsed'}>
      <div className="ui-collapse__inner">{children}</div>
    </div>
  );
}
