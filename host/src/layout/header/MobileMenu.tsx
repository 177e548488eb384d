import { useIntl } from 'react-intl';
import { LAYOUT } from '@tours/shared/domain';
import { Drawer } from '@tours/shared/kit';
import { useNavItems } from '../nav';
import { NavList } from '../NavList';
import { PhoneContacts } from '../contacts/PhoneContacts';
import { SupportSchedule } from '../contacts/SupportSchedule';
import { SocialLinks } from '../contacts/SocialLinks';
import { CurrencySwitcher } from './CurrencySwitcher';
import { LanguageList } from './LanguageSwitcher';
import './header.css';

/**
 * Mobile drawer menu (§2.3): the header navigation plus Travel blog and Gift certificates, the language
 * and currency, and the phone contacts. Focus is trapped while open; Escape closes it.
 */
export function MobileMenu({ open, onClose, id }: { open: boolean; onClose: () => void; id: string }) {
  const intl = useIntl();
  const items = useNavItems(true);
  return (
    <Drawer open={open} onClose={onClose} id={id} title={intl.formatMessage({ id: 'layout.menu.title' })} closeLabel={intl.formatMessage({ id: 'layout.menu.close' })} width={LAYOUT.drawerWidth}>
      <nav aria-label={intl.formatMessage({ id: 'layout.nav.label' })}>
        <NavList items={items} className="lay-drawer-nav" linkClassName="lay-drawer-nav__link" onNavigate={onClose} />
      </nav>
      <section className="lay-drawer-section" aria-labelledby={`${id}-lang`}>
        <h3 id={`${id}-lang`} className="lay-drawer-section__title">
          {intl.formatMessage({ id: 'layout.language.label' })}
        </h3>
        <LanguageList onChosen={onClose} className="lay-langs--inline" />
        <CurrencySwitcher showLabel />
      </section>
      <section className="lay-drawer-section" aria-labelledby={`${id}-contacts`}>
        <h3 id={`${id}-contacts`} className="lay-drawer-section__title">
          {intl.formatMessage({ id: 'layout.menu.contacts' })}
        </h3>
        <PhoneContacts />
        <SupportSchedule />
        <SocialLinks />
      </section>
    </Drawer>
  );
}
