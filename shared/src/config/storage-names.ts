/** Browser storage names (public-site §9 'Cookies and storage'); the cookies are in ./storage-keys.ts. */
export const STORAGE = {
  debugFlag: 'siteDebug',
  remoteOverrides: 'mfe-overrides',
  favourites: 'favourite-tours',
  tourSelectionToken: 'tour-selection-token',
  tourSelectionItems: 'tour-selection-items',
  ebookHidden: 'ebook-sheet-hidden',
  selectedTourDate: 'selected-tour-date',
  messagesCache: 'i18n-messages',
} as const;

/** Locale messages are cached for 24 hours. */
export const MESSAGES_CACHE_MS = 24 * 60 * 60 * 1000;
