import { useEffect, useId, useState } from 'react';
import type { ChatChannel, ConnectionCodeAnswer } from '@tours/shared/api';
import { useHost } from '@tours/shared/core';
import { Button } from '@tours/shared/kit';
import { disableNotifications, fetchChannels, generateConnectionCode } from '../common/chat/api';
import { useT } from '../../i18n/t';

/**
 * Messenger notifications of a chat (accounts-and-comms §4 'Chat'): a switch. On → off is disable-notifications;
 * off → on goes through a messenger: generate-connection-code gives a code to send to the bot, and the server's
 * crm_user_chat_notifications_enabled event turns the switch on once it is redeemed.
 */
export function NotificationsPanel({ chatId, enabled, onChange }: { chatId: number; enabled: boolean; onChange: (enabled: boolean) => void }) {
  const t = useT();
  const host = useHost();
  const id = useId();
  const [linking, setLinking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [channels, setChannels] = useState<ChatChannel[] | null>(null);
  const [code, setCode] = useState<(ConnectionCodeAnswer & { name: string }) | null>(null);

  useEffect(() => {
    if (!linking || channels) return;
    const controller = new AbortController();
    fetchChannels(host.api, controller.signal).then((a) => setChannels(a.data), () => setChannels([]));
    return () => controller.abort();
  }, [linking, channels, host.api]);

  // Redeemed in the messenger: the switch is on, the code is done with.
  useEffect(() => {
    if (enabled) {
      setLinking(false);
      setCode(null);
    }
  }, [enabled]);

  // Off → on cannot happen here: it opens the way through a messenger (below the switch) instead.
  const toggle = () => {
    if (!enabled) {
      setLinking((v) => !v);
      return;
    }
    setBusy(true);
    disableNotifications(host.api, chatId)
      .then((a) => onChange(a.notifications_enabled), (e: Error) => host.toast({ kind: 'error', text: e.message }))
      .finally(() => setBusy(false));
  };

  const getCode = (channel: ChatChannel) => {
    setBusy(true);
    generateConnectionCode(host.api, channel.id)
      .then((a) => setCode({ ...a, name: channel.name }), (e: Error) => host.toast({ kind: 'error', text: e.message }))
      .finally(() => setBusy(false));
  };

  return (
    <section className="chat-notify" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="chat-notify__title">{t('chat.notifications.title')}</h2>
      <p className="chat-notify__row">
        <button
          type="button"
          role="switch"
          aria-checked={enabled}
          className="chat-switch"
          disabled={busy}
          onClick={toggle}
        >
          <span className="chat-switch__track" aria-hidden="true" />
          <span>{t('chat.notifications.switch')}</span>
        </button>
      </p>
      <p className="ui-field__hint">{t(enabled ? 'chat.notifications.on' : 'chat.notifications.off')}</p>
      {!enabled && linking && (
        <div className="chat-notify__link">
          <p>{t('chat.notifications.enableHint')}</p>
          {channels === null ? null : channels.length === 0 ? (
            <p>{t('chat.notifications.noChannels')}</p>
          ) : (
            <ul className="chat-notify__channels">
              {channels.map((c) => (
                <li key={c.id}>
                  <Button variant="secondary" size="sm" disabled={busy} onClick={() => getCode(c)}>
                    {t('chat.notifications.getCode', { messenger: c.name })}
                  </Button>
                </li>
              ))}
            </ul>
          )}
          {code && (
            <div role="status" className="chat-notify__code">
              <p>{t('chat.notifications.code', { messenger: code.name })} <strong className="chat-notify__value">{code.code}</strong></p>
              {code.url && /^https?:\/\//i.test(code.url) && (
                <a className="ui-btn ui-btn--primary ui-btn--sm" href={code.url} target="_blank" rel="noopener noreferrer">
                  {t('chat.notifications.openBot', { messenger: code.name })}
                </a>
              )}
            </div>
          )}
        </div>
      )}
    </section>
  );
}
