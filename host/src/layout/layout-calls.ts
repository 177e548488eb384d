import type { CurrentCountry } from '@tours/shared/core';
import { ContactsAnswer, CountryByIpAnswer, InfoAnswer, LOCALIZATION_HEADER, SiteTokensAnswer, SocialLinksAnswer, WorkTimeAnswer, type ApiClient } from '@tours/shared/api';

/**
 * The layout's calls, defined once for the browser (api.ts) and the host server (host/server/layout-data.ts).
 * The browser loads this module (with the calls' schemas) only when it has to ask: the server inlines the layout's
 * data in the page (layout-data.ts), so a first visit usually never does (issue 33).
 * `kind` lets a newer call of the same kind cancel an older one in the browser (a country changed quickly).
 */
export const layoutCalls = {
  siteTokens: (api: ApiClient) => api.get('/spa/site-tokens', { schema: SiteTokensAnswer }),
  socialLinks: (api: ApiClient) => api.get('/spa/groups-in-social-network', { schema: SocialLinksAnswer }),
  // Site statistics are counted over the base site (X-Localization 1, §7.5).
  info: (api: ApiClient) => api.get('/spa/info', { schema: InfoAnswer, headers: { [LOCALIZATION_HEADER]: '1' } }),
  countryByIp: async (api: ApiClient): Promise<Omit<CurrentCountry, 'fromCookie'>> => {
    const { result } = await api.get('/spa/country-by-ip', { schema: CountryByIpAnswer });
    return { id: result.id, name: result.name, iso_code: result.iso_code };
  },
  contacts: (api: ApiClient, countryId: number | undefined) => api.get('/spa/contacts', { schema: ContactsAnswer, query: { country_id: countryId }, kind: 'layout-contacts' }),
  workTime: (api: ApiClient, countryId: number | undefined) => api.get('/spa/work-time', { schema: WorkTimeAnswer, query: { country_id: countryId }, kind: 'layout-work-time' }),
};
