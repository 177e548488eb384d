/**
 * Server-side route rules (§2.1): a path may redirect, also to an external URL. Matched on the path
 * without locale prefix; `to` starting with '/' keeps the locale prefix.
 */
export interface RouteRule { to: string; status?: 301 | 302 | 307 | 308 }

export function defaultRouteRules(env: NodeJS.ProcessEnv = process.env): Record<string, RouteRule> {
  const organizerArea = env.ORGANIZER_AREA_URL ?? 'http://localhost:8080/org-area';
  return {
    // The organizer area is a separate application (public-site §1).
    '/org': { to: organizerArea, status: 302 },
    '/org/register': { to: `${organizerArea}/register`, status: 302 },
    // Old paths kept alive for links in the wild.
    '/gift-certificates': { to: '/gift-cards', status: 301 },
    '/search': { to: '/tours', status: 301 },
  };
}

export function findRouteRule(rules: Record<string, RouteRule>, pathWithoutLocale: string): RouteRule | null {
  return rules[pathWithoutLocale] ?? null;
}
