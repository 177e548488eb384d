import { Suspense, lazy, useEffect, useId, useState, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { FormattedMessage } from 'react-intl';
import { routeAtom } from '@tours/shared/core';
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
import './Layout.css';

// The drawer menu is code for a click (closed, it renders nothing): it loads on the first open, not with every page.
const MobileMenu = lazy(() => import(/* webpackChunkName: "mobile-menu" */ './header/MobileMenu').then((m) => ({ default: m.MobileMenu })));

/**
 * The site layout of public-site §2.3 around the page: skip link, partnership bar, header, mobile
 * drawer, main content, footer, support bubble, the cookie and e-book sheets and the Chinese-site modal.
 */
export function Layout({ children }: { children: ReactNode }) {
  useLayoutData();
  const route = useAtomValue(routeAtom);
  const [menuOpen, setMenuOpen] = useState(false);
  // Mounted from the first open on (its chunk is then there; closing keeps it for the next open).
  const [menuWanted, setMenuWanted] = useState(false);
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
      <Header
        menuOpen={menuOpen}
        onOpenMenu={() => {
          setMenuWanted(true);
          setMenuOpen(true);
        }}
        menuId={menuId}
      />
      {menuWanted && (
        <Suspense fallback={null}>
          <MobileMenu open={menuOpen} onClose={() => setMenuOpen(false)} id={menuId} />
        </Suspense>
      )}
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
      </ClientOnly>
    </div>
  );
}
