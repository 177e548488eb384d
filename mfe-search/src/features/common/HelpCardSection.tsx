import { HelpCard, useSiteHelpCard } from '@tours/shared/kit';

/** The common help card (§2.7) on a search-area page: the shared component with the site's wiring. */
export default function HelpCardSection({ clickSource }: { clickSource: string }) {
  return <HelpCard {...useSiteHelpCard(clickSource)} />;
}
