/** Cookie and storage names with their lifetimes (public-site §9 'Cookies and storage'). */
const DAY = 24 * 60 * 60;
export const COOKIES = {
  locale: { name: 'i18n_redirected', maxAge: 365 * DAY },
  currency: { name: 'currency', maxAge: 365 * DAY },
  country: { name: 'current_country', maxAge: 15552000 },
  utmSource: { name: 'utm_source', maxAge: 259200 },
  utmCampaign: { name: 'utm_campaign', maxAge: 3 * DAY },
  utmContent: { name: 'utm_content', maxAge: 3 * DAY },
  cookieAlert: { name: 'cookie_alert_accepted', maxAge: 180 * DAY },
  chineseSiteModal: { name: 'chinese_site_modal_dismissed', maxAge: 180 * DAY },
  lastRequestId: { name: 'last_request_id', maxAge: 180 * DAY },
  subscriberId: { name: 'subscriber_id', maxAge: 180 * DAY },
  authToken: { name: 'auth_token', maxAge: 30 * DAY },
} as const;

/**
 * What page scripts hold instead of the traveller's session token (issue 28): the token lives in the HttpOnly
 * `auth_token` cookie, and the session in storage carries a marker, `cookie.` and a digest of the token
 * (shared/src/api/session-cookie.ts), which the host server turns back into the token for the API.
 */
export const SESSION_MARKER_PREFIX = 'cookie.';

// Browser storage names: their own module, so a bundle that needs only these does not carry the cookie table.
export { STORAGE, MESSAGES_CACHE_MS } from './storage-names';
