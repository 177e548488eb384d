import { useAtomValue } from 'jotai';
import { useIntl } from 'react-intl';
import { appConfigAtom } from '@tours/shared/core';
import { orderedMessengers } from '../format';
import { chatSourcesAtom } from '../state';
import { useChatSources } from './chat-sources';
import { NetworkIcon } from './icons';
import './contacts.css';

/** Messenger links from chat-sources-list, in the order of §9 for this site. Nothing when there are none. */
export function Messengers({ showNames = false, className }: { showNames?: boolean; className?: string }) {
  const intl = useIntl();
  useChatSources();
  const sources = useAtomValue(chatSourcesAtom);
  const russianIsAvailable = useAtomValue(appConfigAtom).russianIsAvailable;
  const items = orderedMessengers(sources, russianIsAvailable);
  if (!items.length) return null;
  return (
    <ul className={`lay-messengers${showNames ? ' lay-messengers--named' : ''}${className ? ` ${className}` : ''}`} aria-label={intl.formatMessage({ id: 'layout.messengers.label' })}>
      {items.map(({ messenger, url }) => {
        const name = intl.formatMessage({ id: `layout.network.${messenger}` });
        return (
          <li key={messenger}>
            <a
              className={`lay-messenger lay-messenger--${messenger}`}
              href={url}
              target="_blank"
              rel="noopener noreferrer"
              data-messenger={messenger}
              aria-label={intl.formatMessage({ id: 'layout.messengers.link' }, { name })}
            >
              <NetworkIcon network={messenger} />
              {showNames && <span aria-hidden="true">{name}</span>}
            </a>
          </li>
        );
      })}
    </ul>
  );
}
