import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useAtomValue } from 'jotai';
import { useIntl } from 'react-intl';
import { routeAtom, useHost } from '@tours/shared/core';
import { useOnDemand } from '../../app/on-demand';
import { ChatIcon } from '../contacts/icons';
import './support.css';

// The panel is code for a click (closed, nobody sees it): its chunk comes on the first open, or on hover or focus of
// the button just before, not with every page (issue 33); nor do the messenger links it shows.
const loadPanel = () => import(/* webpackChunkName: "support-panel" */ './SupportPanel').then((m) => m.SupportPanel);
const preloadPanel = () => void loadPanel().catch(() => undefined);

/**
 * Support bubble (§2.3): a floating button opening a panel (SupportPanel.tsx). On the tour page it is 'Contact tour
 * manager'. Escape closes the panel and returns focus to the button; a new page closes it.
 */
export function SupportBubble() {
  const host = useHost();
  const intl = useIntl();
  const route = useAtomValue(routeAtom);
  const [open, setOpen] = useState(false);
  const panelId = `lay-support${useId()}`;
  const toggle = useRef<HTMLButtonElement>(null);
  const onTourPage = route?.name === 'tour-page';
  const title = intl.formatMessage({ id: onTourPage ? 'layout.support.titleTour' : 'layout.support.title' });
  // Wanted from the first open on (kept once loaded); if its code cannot load, the panel stays closed and the next
  // open tries again.
  const Panel = useOnDemand(loadPanel, open, () => {
    setOpen(false);
    host.toast({ kind: 'error', text: intl.formatMessage({ id: 'common.screenFailed' }) });
  });

  // A new page closes the panel.
  const path = route?.path;
  useEffect(() => {
    setOpen(false);
  }, [path]);

  const close = (returnFocus = true) => {
    setOpen(false);
    if (returnFocus) toggle.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      close();
    }
  };
  const shown = open && Panel !== null;

  return (
    <div className={`lay-support${shown ? ' lay-support--open' : ''}`} onKeyDown={onKeyDown}>
      {Panel && <Panel id={panelId} title={title} open={open} onTourPage={onTourPage} close={close} />}
      <button
        ref={toggle}
        type="button"
        className="lay-support__toggle"
        aria-expanded={shown}
        aria-controls={Panel ? panelId : undefined}
        onPointerEnter={preloadPanel}
        onFocus={preloadPanel}
        onClick={() => (open ? close() : setOpen(true))}
      >
        <ChatIcon />
        <span className="lay-support__toggle-label">{intl.formatMessage({ id: 'layout.support.toggle' })}</span>
      </button>
    </div>
  );
}
