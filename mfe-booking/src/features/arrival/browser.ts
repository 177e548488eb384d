/**
 * Leaving the site for another page (the payment provider's): one object, so tests replace `assign` (a jsdom
 * navigation would fail). The same pattern as mfe-account's sign-in redirect (signin/CodeStep.tsx `browser`).
 */
export const browser = { assign: (url: string) => window.location.assign(url) };
