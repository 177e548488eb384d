/** The layout's icons (no remote images). Decorative: the link or button around them has the name. */
import sprite from './icons.svg';

/**
 * The layout's icons are symbols of one image file (icons.svg), drawn with <use>: their path data stays out of the
 * page's JavaScript (every first visit downloads it), and they still take the colour around them (currentColor).
 */
function SpriteIcon({ name, className, size }: { name: string; className: string; size: number }) {
  return (
    <svg className={className} viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      <use href={`${sprite}#${name}`} />
    </svg>
  );
}

const NETWORKS = new Set(['telegram', 'whatsapp', 'viber', 'vk', 'ok', 'facebook', 'instagram', 'youtube']);

/** A messenger or social network mark; unknown networks get a speech bubble. */
export function NetworkIcon({ network }: { network: string }) {
  const mark = NETWORKS.has(network) ? network : 'other';
  return <SpriteIcon name={mark} className={`lay-net lay-net--${mark}`} size={24} />;
}

export const PhoneIcon = () => <SpriteIcon name="phone" className="lay-icon" size={20} />;
export const MailIcon = () => <SpriteIcon name="mail" className="lay-icon" size={20} />;
export const ChatIcon = () => <SpriteIcon name="chat" className="lay-icon" size={24} />;
export const GlobeIcon = () => <SpriteIcon name="globe" className="lay-icon" size={20} />;
export const PersonIcon = () => <SpriteIcon name="person" className="lay-icon" size={20} />;
export const MenuIcon = () => <SpriteIcon name="menu" className="lay-icon" size={24} />;
export const ChevronIcon = () => <SpriteIcon name="chevron" className="lay-chevron" size={16} />;
