import { useCallback, useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { appConfigAtom, localeAtom, useHost } from '@tours/shared/core';
import { contentLanguage, plainText, sectionVisibility, visibleAnchors } from '@tours/shared/domain';
import type { IndividualTourAnswer } from '@tours/shared/api';
import { ScrollSpy, TourSkeleton as SharedTourSkeleton, useMediaViewer, type TourHeroImage } from '@tours/shared/kit';
import type { TourDetail } from './api';
import { useTourFormat } from './format';
import {
  AsideSidebar, AsideWidgets, Deferred, DeferredAside, LowerAccommodation, LowerConditions, LowerFaq, LowerOrganizer, LowerReviews, LowerRoute, LowerSchedule, LowerSections, LowerSimilar, preloadLowerSections, SECTION_OFFSET,
} from './deferred';
import { Highlights } from './sections/Highlights';
import { Hero, Intro } from './sections/Intro';
import { Overview } from './sections/Overview';
import { MobileOrderSheet } from './sections/booking';
import { ContentLang } from './parts';
import { StaffSlot } from './staff/StaffSlot';
import '../common/common.css';
import './tour.css';

/** The order details of an individual tour: its request, dates and party. */
function IndividualBanner({ individual }: { individual: IndividualTourAnswer['individual'] }) {
  const f = useTourFormat();
  const { t } = f;
  return (
    <div className="tour-card tour-individual" data-testid="individual-banner">
      <p className="tour-individual__title">{t('tour.individual.title')}</p>
      <p>{t('tour.individual.request', { id: individual.request_id })}</p>
      {individual.date_start && individual.date_end && <p>{t('tour.individual.dates', { dates: f.range(individual.date_start, individual.date_end) })}</p>}
      <p>{t('tour.individual.party', { adults: individual.adults, children: individual.children })}</p>
    </div>
  );
}

/**
 * The tour page (public-site §2.6): hero, intro, anchor navigation with scroll-spy, the sections in the order of
 * §2.6 with the visibility rules of §4.8, the sidebar booking card, similar tours and the mobile order sheet.
 * An individual tour (§2.2 individual-tour-page) hides breadcrumbs, the dates section, the request buttons and
 * the contacts.
 */
export function TourView({ tour, individual }: { tour: TourDetail; individual?: IndividualTourAnswer['individual'] | undefined }) {
  const host = useHost();
  const { t } = useTourFormat();
  const config = useAtomValue(appConfigAtom);
  // English texts on a German or Russian page: the intro says so and the texts carry lang="en".
  const contentLang = contentLanguage(tour, useAtomValue(localeAtom));
  const viewer = useMediaViewer(tour.title);
  const isIndividual = Boolean(individual) || tour.is_individual;
  const visibility = sectionVisibility({ ...tour, is_individual: isIndividual }, {
    shouldShowWeatherWidget: config.tour.shouldShowWeatherWidget,
    shouldShowTicketQuoteWidget: config.tour.shouldShowTicketQuoteWidget,
    forceHideOrganizers: config.organizer.forceHideOrganizers,
  });
  const showFaq = visibility.faq || visibility.recommendations;
  const anchors = visibleAnchors({ ...visibility, faq: showFaq });
  const description = plainText(tour.description);
  // The lower sections load when one comes near the viewport, the anchor navigation is used, or the URL names one.
  const [lower, setLower] = useState(() => typeof window !== 'undefined' && /^#(route|accommodation|conditions|faq|schedule|reviews)$/.test(window.location.hash));
  const requestLower = useCallback(() => setLower(true), []);
  // The maximum age is a gated feature (public-site §6): shown to a staff session with can_use_knowledge, as the staff
  // panel's private-data answer tells (no staff session: never, and no call).
  const [showMaxAge, setShowMaxAge] = useState(false);
  const onStaffPermissions = useCallback((p: { can_use_knowledge: boolean }) => setShowMaxAge(p.can_use_knowledge), []);

  useEffect(() => {
    host.emit('page:meta', { title: tour.title, description });
  }, [host, tour.title, description]);

  return (
    <ContentLang.Provider value={contentLang ?? undefined}>
      <article className="tour" data-tour-id={tour.id} data-individual={isIndividual ? 'yes' : 'no'}>
        <Hero tour={tour} />
        <LowerSections.Provider value={{ active: lower, request: requestLower }}>
          <Intro tour={tour} individual={isIndividual} contentLang={contentLang} />
          {individual && <IndividualBanner individual={individual} />}
          <StaffSlot tour={tour} individualRequestId={individual?.request_id ?? (isIndividual ? tour.request_id : null)} onPermissions={onStaffPermissions} />
          <div className="tour-navbar" onPointerDown={requestLower} onKeyDown={requestLower} onPointerEnter={preloadLowerSections} onFocus={preloadLowerSections}>
            <ScrollSpy label={t('tour.nav.label')} offset={SECTION_OFFSET} items={anchors.map((a) => ({ anchor: a, name: t(`tour.nav.${a}`) }))} />
          </div>
          <div className="tour-layout">
            <div className="tour-main">
              <Overview tour={tour} openViewer={viewer.open} />
              <Highlights tour={tour} openViewer={viewer.open} />
              {visibility.program && (
                <Deferred anchor="route" title={t('tour.nav.route')}>
                  <LowerRoute tour={tour} openViewer={viewer.open} />
                </Deferred>
              )}
              {visibility.living && (
                <Deferred anchor="accommodation" title={t('tour.nav.accommodation')}>
                  <LowerAccommodation tour={tour} openViewer={viewer.open} />
                </Deferred>
              )}
              <Deferred anchor="conditions" title={t('tour.nav.conditions')}>
                <LowerConditions tour={tour} showMaxAge={showMaxAge} />
              </Deferred>
              {showFaq && (
                <Deferred anchor="faq" title={t('tour.nav.faq')}>
                  <LowerFaq tour={tour} showRecommendations={visibility.recommendations} />
                </Deferred>
              )}
              {visibility.schedule && (
                <Deferred anchor="schedule" title={t('tour.nav.schedule')}>
                  <LowerSchedule tour={tour} />
                </Deferred>
              )}
              <Deferred anchor="reviews" title={t('tour.nav.reviews')}>
                <LowerReviews tour={tour} openViewer={viewer.open} />
              </Deferred>
              {visibility.organizer && (
                <Deferred title={t('tour.organizer.title')}>
                  <LowerOrganizer tour={tour} />
                </Deferred>
              )}
            </div>
            <div className="tour-aside">
              <DeferredAside label={t('tour.sidebar.label')}>
                <AsideSidebar tour={{ ...tour, is_individual: isIndividual }} showMaxAge={showMaxAge} />
                {!isIndividual && <AsideWidgets tour={tour} weather={visibility.weather} ticketQuote={visibility.ticketQuote} />}
              </DeferredAside>
            </div>
          </div>
          {!isIndividual && tour.similar.length > 0 && (
            <Deferred title={t('tour.similar.title')}>
              <LowerSimilar tours={tour.similar} />
            </Deferred>
          )}
        </LowerSections.Provider>
        {!isIndividual && <MobileOrderSheet tour={tour} />}
        {viewer.element}
      </article>
    </ContentLang.Provider>
  );
}

/**
 * The hero the server already preloads for this tour (host/server/tour-head.ts marks its preload link with the
 * tour id and the image): the skeleton paints it at once, so the LCP element does not wait for the tour's data.
 */
function preloadedHero(tourId: number | null): TourHeroImage | null {
  if (tourId === null || typeof document === 'undefined') return null;
  const link = document.head.querySelector<HTMLLinkElement>(`link[rel="preload"][as="image"][data-tour-hero="${tourId}"]`);
  const url = link?.dataset.heroUrl;
  return link && url ? { url, alt: link.dataset.heroAlt ?? '' } : null;
}

/**
 * The loading state of the tour page: the shared skeleton, the same one the host paints as the page's first
 * screen, so nothing moves when this one replaces it.
 */
export function TourSkeleton({ tourId = null }: { tourId?: number | null }) {
  return <SharedTourSkeleton hero={preloadedHero(tourId)} />;
}
