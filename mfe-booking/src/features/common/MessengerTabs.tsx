import { useId, useRef, useState, type KeyboardEvent } from 'react';
import type { ChatSourcesAnswer } from '@tours/shared/api';
import { QrCode } from './QrCode';
import { useT } from '../../i18n/t';

/** The two messenger tabs of §2.7, in order; the second names its bot. */
const MESSENGER_TABS = ['whatsapp', 'telegram'] as const;
export type MessengerTab = (typeof MESSENGER_TABS)[number];

/** The tabs that have a link (§2.7: each tab is shown only when its link exists). */
export function messengerTabs(sources: Partial<ChatSourcesAnswer> | null | undefined): { messenger: MessengerTab; url: string }[] {
  return MESSENGER_TABS.flatMap((messenger) => {
    const url = sources?.[messenger];
    return typeof url === 'string' && /^https?:\/\//i.test(url.trim()) ? [{ messenger, url: url.trim() }] : [];
  });
}

/** The bot's handle of a Telegram link ('https://t.me/tours_bot?start=…' → '@tours_bot'), or null. */
export function botHandle(url: string): string | null {
  const m = /^https?:\/\/(?:t\.me|telegram\.me)\/([A-Za-z0-9_]{3,64})(?:[/?#]|$)/i.exec(url);
  return m ? `@${m[1]}` : null;
}

/**
 * Messenger tabs (public-site §2.7): WhatsApp and Telegram, each shown only when its link exists; the instruction
 * 'click the button … type the word CHAT', the button to the messenger and, on the second tab, the bot's handle.
 * WAI-ARIA tabs: arrow keys, Home and End move between them.
 */
export function MessengerTabs({ sources }: { sources: Partial<ChatSourcesAnswer> | null | undefined }) {
  const t = useT();
  const tabs = messengerTabs(sources);
  const [active, setActive] = useState(0);
  const base = `msg-tabs${useId()}`;
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  if (!tabs.length) return null;
  const index = Math.min(active, tabs.length - 1);
  const current = tabs[index]!;
  const name = t(`booking.messengers.${current.messenger}`);
  const handle = current.messenger === 'telegram' ? botHandle(current.url) : null;

  const onKeyDown = (e: KeyboardEvent) => {
    const last = tabs.length - 1;
    const next = e.key === 'ArrowRight' ? (index + 1) % tabs.length : e.key === 'ArrowLeft' ? (index + last) % tabs.length : e.key === 'Home' ? 0 : e.key === 'End' ? last : -1;
    if (next < 0) return;
    e.preventDefault();
    setActive(next);
    refs.current[next]?.focus();
  };

  return (
    <div className="bk-messengers">
      <div role="tablist" aria-label={t('booking.messengers.label')} className="bk-messengers__tabs" onKeyDown={onKeyDown}>
        {tabs.map((tab, i) => (
          <button
            key={tab.messenger}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${i}`}
            aria-selected={i === index}
            aria-controls={`${base}-panel`}
            tabIndex={i === index ? 0 : -1}
            className={`bk-messengers__tab${i === index ? ' bk-messengers__tab--active' : ''}`}
            onClick={() => setActive(i)}
          >
            {t(`booking.messengers.${tab.messenger}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${base}-panel`} aria-labelledby={`${base}-tab-${index}`} className="bk-messengers__panel">
        <p>{t('booking.messengers.instruction')}</p>
        {/* The second tab carries a QR code of its link and the bot's handle (§2.7). */}
        {index === 1 && <QrCode text={current.url} label={t('booking.messengers.qr', { messenger: name })} />}
        {handle && <p className="bk-messengers__bot">{t('booking.messengers.bot', { handle })}</p>}
        <a className="ui-btn ui-btn--primary" href={current.url} target="_blank" rel="noopener noreferrer" data-messenger={current.messenger}>
          {t('booking.messengers.open', { messenger: name })}
          <span className="visually-hidden"> {t('booking.newTab')}</span>
        </a>
      </div>
    </div>
  );
}

/**
 * The Chinese locale's messenger QR card (§2.7: 'shows a messenger QR card instead' of the tabs): the QR code of the
 * first messenger that has a link, its name and the instruction, and the link for a phone's browser.
 */
export function MessengerQrCard({ sources }: { sources: Partial<ChatSourcesAnswer> | null | undefined }) {
  const t = useT();
  const first = messengerTabs(sources)[0];
  if (!first) return null;
  const name = t(`booking.messengers.${first.messenger}`);
  return (
    <div className="bk-messengers bk-messengers--card" data-testid="messenger-qr-card">
      <QrCode text={first.url} label={t('booking.messengers.qr', { messenger: name })} size={180} />
      <div>
        <p className="bk-messengers__card-title">{t('booking.messengers.cardTitle', { messenger: name })}</p>
        <p>{t('booking.messengers.instruction')}</p>
        <a className="ui-btn ui-btn--secondary ui-btn--sm" href={first.url} target="_blank" rel="noopener noreferrer" data-messenger={first.messenger}>
          {t('booking.messengers.open', { messenger: name })}
          <span className="visually-hidden"> {t('booking.newTab')}</span>
        </a>
      </div>
    </div>
  );
}
