import { HelpCard, useSiteHelpCard } from '@tours/shared/kit';

/** The common help card (§2.7) under an error page's own actions: the shared component with the site's wiring. */
export default function ErrorHelpCard() {
  return <HelpCard {...useSiteHelpCard('error_page')} />;
}
