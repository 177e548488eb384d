import { HelpCard, useSiteHelpCard } from '@tours/shared/kit';

/** The common help card (§2.7) by the tour's contacts: the shared component with the site's wiring. */
export default function TourHelpCard() {
  return <HelpCard {...useSiteHelpCard('tour_contacts')} />;
}
