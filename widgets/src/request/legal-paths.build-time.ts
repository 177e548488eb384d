/**
 * The main site's pages the request form's caption links to (the terms and the privacy policy) in each widget
 * locale, from the site's route table. A `.build-time.ts` module: widgets/build.mjs evaluates it while building and
 * bundles its exported values, so the request bundle carries four pairs of paths rather than the route table and
 * its path builder (0.8 KB gzip). Jest runs it as it is.
 */
import { buildPath } from '@tours/shared/widgets';
import { WIDGET_LOCALES, type WidgetLocale } from '../runtime/protocol';

export const LEGAL_PATHS = Object.fromEntries(WIDGET_LOCALES.map((locale) => [locale, { terms: buildPath('agreement', {}, locale), privacy: buildPath('privacy', {}, locale) }])) as Record<
  WidgetLocale,
  { terms: string; privacy: string }
>;
