import { useIntl } from 'react-intl';
import { Link } from '@tours/shared/kit';
import type { NavItem } from './nav';

/** The site's navigation links (useNavItems): in the header, the mobile menu and the footer, each with its classes. */
export function NavList({ items, className, linkClassName, onNavigate }: { items: readonly NavItem[]; className?: string; linkClassName?: string; onNavigate?: () => void }) {
  const intl = useIntl();
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item.key}>
          <Link className={linkClassName} href={item.href} aria-current={item.current ? 'page' : undefined} onClick={onNavigate}>
            {intl.formatMessage({ id: item.labelId })}
          </Link>
        </li>
      ))}
    </ul>
  );
}
