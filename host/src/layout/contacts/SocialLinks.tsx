import { useAtomValue } from 'jotai';
import { useIntl } from 'react-intl';
import { socialLinksAtom } from '../state';
import { NetworkIcon } from './icons';
import './contacts.css';

/** The site's pages in social networks (groups-in-social-network). */
export function SocialLinks({ className }: { className?: string }) {
  const intl = useIntl();
  const links = useAtomValue(socialLinksAtom).filter((l) => l.url_to_group.trim());
  if (!links.length) return null;
  const networkName = (source: string) => {
    const id = `layout.network.${source.toLowerCase()}`;
    return intl.messages[id] ? intl.formatMessage({ id }) : source;
  };
  return (
    <ul className={`lay-social${className ? ` ${className}` : ''}`} aria-label={intl.formatMessage({ id: 'layout.social.label' })}>
      {links.map((link) => (
        <li key={link.id}>
          <a
            className="lay-social__link"
            href={link.url_to_group}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={intl.formatMessage({ id: 'layout.social.link' }, { name: networkName(link.source) })}
          >
            <NetworkIcon network={link.source.toLowerCase()} />
          </a>
        </li>
      ))}
    </ul>
  );
}
