/** Timing and layout constants of public-site §9. */
export const BREAKPOINTS = { sm: 576, md: 992, lg: 1200, xl: 1600, xxl: 2000 } as const;
export const TIMING = {
  toastMs: 7000,
  modalCloseMs: 300,
  persistentShakeMs: 300,
  locationDropdownDelayMs: 500,
  successAlertDelayMs: 400,
  citySearchDebounceMs: 200,
  scrollThrottleMs: 300,
  stickyCheckMs: 500,
  dropdownCloseMs: 300,
} as const;
export const LAYOUT = {
  locationDropdownMaxWidth: 260,
  successModalWidth: 380,
  captchaModalWidth: 370,
  drawerWidth: 500,
  dropdownTooltipMaxWidth: 420,
} as const;
/** The e-book sheet appears after more than this many route changes. */
export const EBOOK_ROUTE_CHANGES = 3;
/** Country id 1 is Russia and counts as a Russian arrival. */
export const RUSSIA_COUNTRY_ID = 1;
