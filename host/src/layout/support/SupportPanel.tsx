import { useEffect, useRef } from 'react';
import { useAtomValue } from 'jotai';
import { useIntl } from 'react-intl';
import { useHost } from '@tours/shared/core';
import { Button, CloseGlyph, Link } from '@tours/shared/kit';
import { supportChatIdAtom } from '../../state/host-atoms';
import { ChatIcon, MailIcon } from '../contacts/icons';
import { Messengers } from '../contacts/Messengers';
import { PhoneContacts } from '../contacts/PhoneContacts';
import { SupportSchedule } from '../contacts/SupportSchedule';
import { openCallbackModal, openEmailRequestModal } from '../modals/lazy';

/**
 * The support bubble's panel (§2.3): the schedule, phone contacts, the e-mail request, messengers and — when the
 * visitor has a support chat — 'Go to Live Chat'. On the tour page the phones come without the country and
 * callback button (which follows them instead). Its own chunk, rendered from the first open (SupportBubble.tsx).
 */
export function SupportPanel({ id, title, open, onTourPage, close }: { id: string; title: string; open: boolean; onTourPage: boolean; close: (returnFocus?: boolean) => void }) {
  const host = useHost();
  const intl = useIntl();
  const chatId = useAtomValue(supportChatIdAtom);
  const panel = useRef<HTMLDivElement>(null);
  const titleId = `${id}-title`;

  useEffect(() => {
    if (open) panel.current?.focus();
  }, [open]);

  const thenClose = (action: () => void) => () => {
    close(false);
    action();
  };

  return (
    <div ref={panel} id={id} className="lay-support__panel" role="dialog" aria-labelledby={titleId} tabIndex={-1} hidden={!open}>
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
  );
}
