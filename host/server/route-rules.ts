/**
 * Server-side route rules (§2.1): a path may redirect, also to an external URL. Matched on the path
 * without locale prefix; `to` starting with '/' keeps the locale prefix.
 */
export interface RouteRule { to: string; status?: 301 | 302 | 307 | 308 }

/** The path of the site's own page for organizers (the contract's route 'organizers-page'). */
export const ORGANIZERS_PAGE_PATH = '/for-organizers';

/**
 * ORGANIZER_AREA_URL: the organizer area's address (an http(s) URL without query, its trailing slash dropped: its
 * registration is {url}/register), or null when unset.
 * A value that is no such URL stops the server at start: a broken link would otherwise be found by organizers.
 */
export function organizerAreaUrl(value: string | undefined): string | null {
  const raw = value?.trim();
  if (!raw) return null;
  let url: URL | null;
  try {
    url = new URL(raw);
  } catch {
    url = null;
  }
  if (!url || !/^https?:$/.test(url.protocol) || url.username || url.password || url.search || url.hash) {
    throw new Error(`ORGANIZER_AREA_URL: expected an http(s) URL such as https://org.example.com, not '${raw}'`);
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

export function defaultRouteRules(env: NodeJS.ProcessEnv = process.env): Record<string, RouteRule> {
  const organizerArea = organizerAreaUrl(env.ORGANIZER_AREA_URL);
  return {
    // The organizer area is a separate application (public-site §1): its login and registration when it is configured,
    // else the site's own page for organizers in the visitor's locale (issue 29: an unset URL led to a 404 in Chinese).
    '/org': { to: organizerArea ?? ORGANIZERS_PAGE_PATH, status: 302 },
    '/org/register': { to: organizerArea ? `${organizerArea}/register` : ORGANIZERS_PAGE_PATH, status: 302 },
    // Old paths kept alive for links in the wild.
    '/gift-certificates': { to: '/gift-cards', status: 301 },
    '/search': { to: '/tours', status: 301 },
  };
}

export function findRouteRule(rules: Record<string, RouteRule>, pathWithoutLocale: string): RouteRule | null {
  return rules[pathWithoutLocale] ?? null;
}
