import { useRef } from 'react';
import { useAtomValue } from 'jotai';
import { useIntl } from 'react-intl';
import { routeAtom, useHost } from '@tours/shared/core';
import { Button, Link } from '@tours/shared/kit';
import { Logo, useSiteName } from '../Logo';
import { useNavItems } from '../nav';
import { NavList } from '../NavList';
import { MenuIcon } from '../contacts/icons';
import { PhoneContacts } from '../contacts/PhoneContacts';
import { SocialLinks } from '../contacts/SocialLinks';
import { SupportSchedule } from '../contacts/SupportSchedule';
import { LocationControl } from '../location/LocationControl';
import { AccountControl } from './AccountControl';
import { useCallMode } from './call-fits';
import { ChatBadge } from './ChatBadge';
import { CurrencySwitcher } from './CurrencySwitcher';
import { LanguageSwitcher } from './LanguageSwitcher';
import { useFixedHeader } from './useFixedHeader';
import './header.css';

export type HeaderVariant = 'full' | 'cover';

/** The simple (cover) header is used on every route without `fullHeader` (§2.3), and on the error page. */
function useHeaderVariant(): HeaderVariant {
  const route = useAtomValue(routeAtom);
  return route?.def.fullHeader ? 'full' : 'cover';
}

export interface HeaderProps {
  menuOpen: boolean;
  onOpenMenu: () => void;
  menuId: string;
}

/**
 * Site header (§2.3). Full: contacts row (phones, schedule, social links, 'Request a call') above the
 * navigation. Cover: logo, navigation and switchers only. One DOM for every width: CSS places the parts.
 */
export function Header({ menuOpen, onOpenMenu, menuId }: HeaderProps) {
  const intl = useIntl();
  const host = useHost();
  const route = useAtomValue(routeAtom);
  const variant = useHeaderVariant();
  const fixed = useFixedHeader(route?.name !== 'tour-page');
  const items = useNavItems();
  const site = useSiteName();
  const contactsRef = useRef<HTMLDivElement | null>(null);
  const callMode = useCallMode(contactsRef);

  return (
    <div className="lay-header-slot">
      <header className={`lay-header lay-header--${variant}${fixed ? ' lay-header--fixed' : ''}`} data-variant={variant} data-fixed={fixed || undefined}>
        <div className="lay-header__inner">
          <Link href={host.href('index')} className="lay-header__logo" aria-label={intl.formatMessage({ id: 'layout.logo.home' }, { site })}>
            <Logo />
          </Link>
          <nav className="lay-header__nav" aria-label={intl.formatMessage({ id: 'layout.nav.label' })}>
            <NavList items={items} className="lay-nav" linkClassName="lay-nav__link" />
          </nav>
          {variant === 'full' && (
            <div className="lay-header__contacts" ref={contactsRef} data-call={callMode}>
              <PhoneContacts compact className="lay-header__phones" />
              <SupportSchedule className="lay-header__schedule" />
              <SocialLinks className="lay-header__social" />
            </div>
          )}
          <div className="lay-header__tools">
            <LocationControl />
            <LanguageSwitcher />
            <CurrencySwitcher className="lay-header__currency" />
            <ChatBadge />
            <AccountControl />
          </div>
          <Button
            variant="ghost"
            className="lay-header__burger"
            aria-label={intl.formatMessage({ id: 'layout.menu.open' })}
            aria-expanded={menuOpen}
            aria-controls={menuOpen ? menuId : undefined}
            aria-haspopup="dialog"
            onClick={onOpenMenu}
          >
            <MenuIcon />
          </Button>
        </div>
      </header>
    </div>
  );
}
