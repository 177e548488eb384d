import { useAtomValue } from 'jotai';
import { FormattedMessage, useIntl } from 'react-intl';
import { useHost } from '@tours/shared/core';
import { roundedCountParts } from '@tours/shared/domain';
import { Link, PhoneLink } from '@tours/shared/kit';
import { Logo, useSiteName } from '../Logo';
import { useNavItems } from '../nav';
import { NavList } from '../NavList';
import { primaryPhone } from '../format';
import { contactsAtom, siteInfoAtom } from '../state';
import { SocialLinks } from '../contacts/SocialLinks';
import { MailIcon } from '../contacts/icons';
import { PaymentIcons } from './PaymentIcons';
import './footer.css';

function CheckIcon() {
  return (
    <svg className="lay-footer__tick" viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
      <circle cx="10" cy="10" r="9" fill="currentColor" opacity=".18" />
      <path d="M6 10.3l2.6 2.6L14 7.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * Footer (§2.3): navigation, certification, advantages, the tours count, phone, social links, e-mail,
 * payment icons, terms, privacy and cookies links, and the copyright year.
 */
export function Footer() {
  const host = useHost();
  const intl = useIntl();
  const items = useNavItems(true);
  const contacts = useAtomValue(contactsAtom);
  const info = useAtomValue(siteInfoAtom);
  const phone = primaryPhone(contacts);
  const tours = info ? roundedCountParts(info.totalCount || info.toursCount) : null;
  const year = new Date().getFullYear();
  const site = useSiteName();

  return (
    <footer className="lay-footer">
      <div className="lay-footer__inner">
        <div className="lay-footer__brand">
          <Link href={host.href('index')} className="lay-footer__logo" aria-label={intl.formatMessage({ id: 'layout.logo.home' }, { site })}>
            <Logo />
          </Link>
          {tours && tours.count > 0 && (
            <p className="lay-footer__count" data-testid="tours-count">
              <FormattedMessage id={tours.plus ? 'layout.footer.toursCountPlus' : 'layout.footer.toursCount'} values={{ count: tours.count }} />
            </p>
          )}
          <div className="lay-footer__cert">
            <h2 className="lay-footer__heading">{intl.formatMessage({ id: 'layout.footer.certTitle' })}</h2>
            <p>{intl.formatMessage({ id: 'layout.footer.certText' })}</p>
            <Link href={host.href('certificates-page')}>{intl.formatMessage({ id: 'layout.footer.certLink' })}</Link>
          </div>
        </div>

        <nav className="lay-footer__nav" aria-label={intl.formatMessage({ id: 'layout.footer.navLabel' })}>
          <h2 className="lay-footer__heading">{intl.formatMessage({ id: 'layout.footer.navTitle' })}</h2>
          <NavList items={items} />
        </nav>

        <section className="lay-footer__advantages" aria-labelledby="lay-footer-adv">
          <h2 id="lay-footer-adv" className="lay-footer__heading">
            {intl.formatMessage({ id: 'layout.advantages.title' })}
          </h2>
          <ul>
            <li>
              <CheckIcon />
              {intl.formatMessage({ id: 'layout.advantages.localPrices' })}
            </li>
            <li>
              <CheckIcon />
              {intl.formatMessage({ id: 'layout.advantages.verified' })}
            </li>
            {info && info.regions > 0 && info.types > 0 && (
              <li>
                <CheckIcon />
                {intl.formatMessage({ id: 'layout.advantages.federal' }, { regionsCount: info.regions, restKindsCount: info.types })}
              </li>
            )}
          </ul>
        </section>

        <section className="lay-footer__contacts" aria-labelledby="lay-footer-contacts">
          <h2 id="lay-footer-contacts" className="lay-footer__heading">
            {intl.formatMessage({ id: 'layout.footer.contactsTitle' })}
          </h2>
          {phone && <PhoneLink className="lay-footer__phone" phone={phone.phone} formatted={phone.formatted} caption={phone.caption || undefined} />}
          {contacts?.email && (
            <a className="lay-footer__email" href={`mailto:${contacts.email}`}>
              <MailIcon />
              {contacts.email}
            </a>
          )}
          <SocialLinks className="lay-footer__social" />
          <PaymentIcons />
        </section>
      </div>

      <div className="lay-footer__bottom">
        <p className="lay-footer__copy">{intl.formatMessage({ id: 'layout.footer.copyright' }, { year, site })}</p>
        <ul className="lay-footer__legal">
          <li>
            <Link href={host.href('agreement')}>{intl.formatMessage({ id: 'layout.footer.terms' })}</Link>
          </li>
          <li>
            <Link href={host.href('privacy')}>{intl.formatMessage({ id: 'layout.footer.privacy' })}</Link>
          </li>
          <li>
            <Link href={host.href('cookies')}>{intl.formatMessage({ id: 'layout.footer.cookies' })}</Link>
          </li>
        </ul>
      </div>
    </footer>
  );
}
