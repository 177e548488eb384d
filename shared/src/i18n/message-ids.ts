/**
 * The message ids of shared's catalogue (the host's and the kit's texts), derived from the English files. Types only:
 * `typeof import(…)` is erased by every compiler, so no catalogue reaches a bundle through this file (the catalogues
 * reach browsers from the host server, /i18n/:locale, precompiled). A microfrontend adds its own ids (its
 * src/i18n/en.json) in its src/i18n/t.ts.
 */
export type SharedMessageId =
  | keyof typeof import('./messages/en/error.json')
  | keyof typeof import('./messages/en/forms.json')
  | keyof typeof import('./messages/en/layout.json')
  | keyof typeof import('./messages/en/pages.json')
  | keyof typeof import('./messages/en/platform.json')
  | keyof typeof import('./messages/en/search.json')
  | keyof typeof import('./messages/en/tour.json')
  | keyof typeof import('./messages/en/widgets.json');
