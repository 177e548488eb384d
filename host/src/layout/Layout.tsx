import { lazy, Suspense, useEffect, useId, useState, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { FormattedMessage, useIntl } from 'react-intl';
import { appConfigAtom, routeAtom, useHost } from '@tours/shared/core';
import { SheetStack } from '@tours/shared/kit';
import { Footer } from './footer/Footer';
import { Header } from './header/Header';
import { ChineseSiteModalGate } from './sheets/ChineseSiteModalGate';
import { CookieAlert } from './sheets/CookieAlert';
import { EbookSheet } from './sheets/EbookSheet';
import { PartnershipBar } from './sheets/PartnershipBar';
import { SupportBubble } from './support/SupportBubble';
import { useLayoutData } from './useLayoutData';
import { ClientOnly } from '../app/ClientOnly';
import { useOnDemand } from '../app/on-demand';
import './Layout.css';

// The drawer menu is code for a click (closed, it renders nothing): it loads on the first open, not with every page.
const loadMobileMenu = () => import(/* webpackChunkName: "mobile-menu" */ './header/MobileMenu').then((m) => m.MobileMenu);
// Analytics (issue 32) only on a site with counter ids (`metrics`): a site without any loads none of its code.
const Analytics = lazy(() => import(/* webpackChunkName: "analytics" */ '../analytics/Analytics').then((m) => ({ default: m.Analytics })));

/**
 * The site layout of public-site §2.3 around the page: skip link, partnership bar, header, mobile
 * drawer, main content, footer, support bubble, the cookie and e-book sheets and the Chinese-site modal.
 */
export function Layout({ children }: { children: ReactNode }) {
  useLayoutData();
  const route = useAtomValue(routeAtom);
  const hasMetrics = Object.keys(useAtomValue(appConfigAtom).metrics).length > 0;
  const host = useHost();
  const intl = useIntl();
  const [menuOpen, setMenuOpen] = useState(false);
  // Its code on the first open (then kept); if it cannot load, the menu stays closed and the next open tries again.
  const MobileMenu = useOnDemand(loadMobileMenu, menuOpen, () => {
    setMenuOpen(false);
    host.toast({ kind: 'error', text: intl.formatMessage({ id: 'common.screenFailed' }) });
  });
  const menuId = `lay-menu${useId()}`.replace(/:/g, '');

  // Navigation closes the drawer.
  const path = route?.path;
  useEffect(() => {
    setMenuOpen(false);
  }, [path]);

  return (
    <div className="lay-root">
      <a className="lay-skip" href="#main">
        <FormattedMessage id="layout.skipToContent" />
      </a>
      <PartnershipBar />
      <Header menuOpen={menuOpen} onOpenMenu={() => setMenuOpen(true)} menuId={menuId} />
      {MobileMenu && <MobileMenu open={menuOpen} onClose={() => setMenuOpen(false)} id={menuId} />}
      <main id="main" className="host-main" tabIndex={-1}>
        {children}
      </main>
      <Footer />
      {/* The bubble sits in the sheet stack, so open sheets push it up instead of covering it. */}
      <SheetStack>
        <SupportBubble />
        {/* Their first state comes from cookies and storage: rendered after hydration. */}
        <ClientOnly>
          <EbookSheet />
          <CookieAlert />
        </ClientOnly>
      </SheetStack>
      <ClientOnly>
        <ChineseSiteModalGate />
        {hasMetrics && (
          <Suspense fallback={null}>
            <Analytics />
          </Suspense>
        )}
      </ClientOnly>
    </div>
  );
}
