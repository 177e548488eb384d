import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useAtomValue } from 'jotai';
import { useIntl } from 'react-intl';
import { routeAtom, useHost } from '@tours/shared/core';
import { Button, CloseGlyph, Link } from '@tours/shared/kit';
import { supportChatIdAtom } from '../../state/host-atoms';
import { ChatIcon, MailIcon } from '../contacts/icons';
import { Messengers } from '../contacts/Messengers';
import { PhoneContacts } from '../contacts/PhoneContacts';
import { SupportSchedule } from '../contacts/SupportSchedule';
import { openCallbackModal, openEmailRequestModal } from '../modals/lazy';
import './support.css';

/**
 * Support bubble (§2.3): a floating button opening a panel with the schedule, phone contacts, the e-mail
 * request, messengers and — when the visitor has a support chat — 'Go to Live Chat'. On the tour page it
 * is 'Contact tour manager' and the phones come without the country and callback button (which follows
 * them instead).
 */
export function SupportBubble() {
  const host = useHost();
  const intl = useIntl();
  const route = useAtomValue(routeAtom);
  const chatId = useAtomValue(supportChatIdAtom);
  const [open, setOpen] = useState(false);
  const panelId = `lay-support${useId()}`;
  const titleId = `${panelId}-title`;
  const toggle = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const onTourPage = route?.name === 'tour-page';
  const title = intl.formatMessage({ id: onTourPage ? 'layout.support.titleTour' : 'layout.support.title' });

  useEffect(() => {
    if (open) panel.current?.focus();
  }, [open]);

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
  const thenClose = (action: () => void) => () => {
    close(false);
    action();
  };

  return (
    <div className={`lay-support${open ? ' lay-support--open' : ''}`} onKeyDown={onKeyDown}>
      <div ref={panel} id={panelId} className="lay-support__panel" role="dialog" aria-labelledby={titleId} tabIndex={-1} hidden={!open}>
        <div className="lay-support__head">
          <h2 id={titleId} className="lay-support__title">
            {title}
          </h2>
          <button type="button" className="lay-support__close" aria-label={intl.formatMessage({ id: 'layout.support.close' })} onClick={() => close()}>
            <CloseGlyph />
          </button>
        </div>
        <SupportSchedule />
        {onTourPage ? (
          <>
            <PhoneContacts showCountry={false} showCallback={false} />
            <Button variant="secondary" size="sm" aria-haspopup="dialog" onClick={thenClose(() => openCallbackModal(host))}>
              {intl.formatMessage({ id: 'layout.callback.open' })}
            </Button>
          </>
        ) : (
          <PhoneContacts />
        )}
        <div className="lay-support__channels">
          <Button variant="secondary" block aria-haspopup="dialog" onClick={thenClose(() => openEmailRequestModal(host, 'support_popup'))}>
            <MailIcon />
            {intl.formatMessage({ id: 'layout.support.email' })}
          </Button>
          <Messengers showNames />
          {chatId !== null && (
            <Link className="ui-btn ui-btn--primary ui-btn--block" href={host.href('chat-index', { id: chatId })} onClick={() => close(false)}>
              <ChatIcon />
              {intl.formatMessage({ id: 'layout.support.liveChat' })}
            </Link>
          )}
        </div>
      </div>
      <button
        ref={toggle}
        type="button"
        className="lay-support__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => (open ? close() : setOpen(true))}
      >
        <ChatIcon />
        <span className="lay-support__toggle-label">{intl.formatMessage({ id: 'layout.support.toggle' })}</span>
      </button>
    </div>
  );
}
