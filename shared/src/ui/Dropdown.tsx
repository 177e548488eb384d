import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import './ui.css';
import './kit.css';

export interface DropdownTriggerProps {
  ref: RefObject<HTMLButtonElement>;
  'aria-expanded': boolean;
  'aria-controls': string;
  onClick: () => void;
}

export interface DropdownProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Renders the button that toggles the panel; spread the given props onto a <button>. */
  trigger: (props: DropdownTriggerProps) => ReactNode;
  children: ReactNode;
  /** Names the panel when it is a dialog (the default role). */
  label?: string;
  /** 'dialog' for content with its own controls, 'group' for a plain list of links. */
  role?: 'dialog' | 'group';
  align?: 'start' | 'end';
  /** Maximum panel width (public-site §9: location dropdown 260, dropdown tooltip 420). */
  maxWidth?: 260 | 420;
  className?: string;
  /** Move focus into the panel when it opens from the trigger. Panels that open by themselves never take focus. */
  focusOnOpen?: boolean;
}

/**
 * A panel anchored under its trigger. Escape closes it and returns focus to the trigger; a click or
 * focus outside closes it. It is not modal: Tab may leave it, which closes it.
 */
export function Dropdown({ open, onOpenChange, trigger, children, label, role = 'dialog', align = 'start', maxWidth, className, focusOnOpen = false }: DropdownProps) {
  const panelId = `dropdown${useId()}`;
  const root = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const change = useRef(onOpenChange);
  useEffect(() => {
    change.current = onOpenChange;
  });

  useEffect(() => {
    if (!open) return;
    const outside = (event: Event) => {
      const target = event.target as Node | null;
      if (target && root.current && !root.current.contains(target)) change.current(false);
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('focusin', outside);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('focusin', outside);
    };
  }, [open]);

  useEffect(() => {
    if (open && focusOnOpen && panel.current) {
      const first = panel.current.querySelector<HTMLElement>('a[href], button:not([disabled]), input, select, textarea, [tabindex]:not([tabindex="-1"])');
      (first ?? panel.current).focus();
    }
  }, [open, focusOnOpen]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      change.current(false);
      triggerRef.current?.focus();
    }
  };

  return (
    <div ref={root} className={`ui-dropdown${className ? ` ${className}` : ''}`} onKeyDown={onKeyDown}>
      {trigger({ ref: triggerRef, 'aria-expanded': open, 'aria-controls': panelId, onClick: () => change.current(!open) })}
      <div
        ref={panel}
        id={panelId}
        className={`ui-dropdown__panel ui-dropdown__panel--${align}${maxWidth ? ` ui-dropdown__panel--w${maxWidth}` : ''}`}
        role={role}
        aria-label={label}
        tabIndex={-1}
        hidden={!open}
      >
        {children}
      </div>
    </div>
  );
}
