/** Reference and site data calls (public-site §7.5). */
import {
  ChatSourcesAnswer, ChatSourcesQuery, ContactsAnswer, ContactsQuery, ConvertPriceAnswer, ConvertPriceQuery, CountriesAnswer,
  CountryByIpAnswer, InfoAnswer, SearchFormAnswer, SiteTokensAnswer, SocialLinksAnswer, WorkTimeAnswer, WorkTimeQuery,
  type CountryContacts, type CountryItem, type PhoneContact,
} from '@tours/shared/src/api/schemas/reference';
import { MESSENGERS, type ApiLocale } from '@tours/shared/src/api/schemas/common';
import * as q from '../db/queries/reference';
import { isoDate } from '../db/seed/text';
import { CAPTCHA_CHALLENGE_PATH } from '../lib/captcha';
import { convert } from '../lib/currency';
import { countryOfIp } from '../lib/geoip';
import { collator, t } from '../lib/i18n';
import type { Services } from '../services';
import { chatRef } from '../domain/chat-link';
import { formatOffset } from '../domain/utc-offset';
import type { ApiRouter } from './router';

type PhoneRow = Awaited<ReturnType<typeof q.contactPhones>>[number];
type CountryRow = NonNullable<Awaited<ReturnType<typeof q.countryById>>>;

function countryRef(c: CountryRow, locale: ApiLocale): { id: number; name: string; iso_code: string } {
  return { id: c.id, name: t(c, 'name', locale), iso_code: c.iso_code };
}

function phoneContact(p: PhoneRow, locale: ApiLocale): PhoneContact {
  const entity = p.city_id !== null ? { id: p.city_id, kind: 'city' as const } : p.country_id !== null ? { id: p.country_id, kind: 'country' as const } : null;
  return { type: p.type as PhoneContact['type'], entity, phone: p.phone, formatted_phone: p.formatted_phone, text: t(p, 'text', locale) };
}

export function registerReferenceRoutes(router: ApiRouter, s: Services): void {
  const tags = ['reference'];

  router.add({
    method: 'GET', url: '/node-api/convert-price', tags, summary: 'Convert an amount between currencies',
    description: 'Rates are stored as RUB per unit; the result is rounded to 2 decimals. Unknown currency codes → 422.',
    query: ConvertPriceQuery, answer: ConvertPriceAnswer,
    handler: async ({ query }) => ({ result: convert(query.amount, query.from_currency, query.to_currency, await s.rates()) }),
  });

  router.add({
    method: 'GET', url: '/spa/site-tokens', tags, summary: 'Site settings: captcha, maps, PDF via WhatsApp, main auth method',
    answer: SiteTokensAnswer,
    handler: async () => {
      const st = await s.settings();
      const c = s.config;
      return {
        // The API's own captcha (routes/captcha.ts) unless the environment or the site settings name another; no invisible one.
        captcha_provider: c.captchaProvider ?? st.get('captcha_provider') ?? 'altcha',
        captcha_key: c.captchaKey ?? st.get('captcha_key') ?? CAPTCHA_CHALLENGE_PATH,
        hard_captcha_key: c.hardCaptchaKey ?? st.get('hard_captcha_key') ?? `${CAPTCHA_CHALLENGE_PATH}?hard=1`,
        invisible_captcha_provider: c.invisibleCaptchaProvider ?? st.get('invisible_captcha_provider') ?? '',
        invisible_captcha_key: c.invisibleCaptchaKey ?? st.get('invisible_captcha_key') ?? '',
        maps_provider: 'yandex' as const,
        maps_token: c.mapsToken ?? st.get('maps_token') ?? '',
        maps_suggest_token: c.mapsSuggestToken ?? st.get('maps_suggest_token') ?? '',
        send_tour_program_in_pdf_via_whatsapp: st.get('send_tour_program_in_pdf_via_whatsapp') === '1',
        main_auth_method: st.get('main_auth_method') === '2' ? (2 as const) : (1 as const),
      };
    },
  });

  router.add({
    method: 'GET', url: '/spa/country-by-ip', tags, summary: "The visitor's country from the IP address",
    description: 'The visitor address the host proxy forwarded (trusted only with the internal secret), else the peer. Loopback, private and unknown addresses give DEFAULT_COUNTRY_ISO.',
    answer: CountryByIpAnswer,
    handler: ({ request, ctx }) => {
      const iso = countryOfIp(request.clientIp) ?? s.config.defaultCountryIso;
      return s.cached(`country-by-ip:${ctx.locale}:${iso}`, async () => {
        const country = (await q.countryByIso(s.db, iso)) ?? (await q.countryByIso(s.db, s.config.defaultCountryIso)) ?? (await q.countryById(s.db, 1));
        if (!country) throw new Error('No countries in the database');
        return { result: { ...countryRef(country, ctx.locale), phone_code: country.phone_code } };
      });
    },
  });

  router.add({
    method: 'GET', url: '/crm/api/dropdown/country', tags, summary: 'Countries for the dropdown and phone input (localized)',
    description: 'Primary countries first (in their order), then the rest by localized name. Russia is id 1.',
    answer: CountriesAnswer,
    handler: ({ ctx }) =>
      s.cached(`countries:${ctx.locale}`, async () => {
        const rows = await q.listCountries(s.db);
        const items: CountryItem[] = rows.map((c) => ({ ...countryRef(c, ctx.locale), iso3: c.iso3, phone_code: c.phone_code, is_primary: c.is_primary === 1 }));
        const cmp = collator(ctx.locale);
        const primary = items.filter((c) => c.is_primary);
        const rest = items.filter((c) => !c.is_primary).sort((a, b) => cmp.compare(a.name, b.name));
        return [...primary, ...rest];
      }),
  });

  router.add({
    method: 'GET', url: '/spa/contacts', tags, summary: 'Contacts: e-mail and phones (a local phone preferred over the global one)',
    description: "city_id / country_id choose the local phone; all=1 adds every country's contacts ('Other countries' modal). X-Localization 12 gives the Chinese-region contacts.",
    query: ContactsQuery, answer: ContactsAnswer,
    handler: ({ query, ctx }) =>
      s.cached(`contacts:${ctx.locale}:${ctx.localization}:${query.country_id ?? ''}:${query.city_id ?? ''}:${query.all ? 1 : 0}`, async () => {
        const [phones, emails, settings] = await Promise.all([q.contactPhones(s.db, ctx.localization), q.contactCountries(s.db), s.settings()]);
        const main = phones.find((p) => p.type === 'main' && p.country_id === null) ?? phones.find((p) => p.type === 'main');
        if (!main) throw new Error('No main phone in the database');
        const city = query.city_id ? await q.cityById(s.db, query.city_id) : undefined;
        const countryId = query.country_id ?? city?.country_id ?? null;
        const country = countryId ? await q.countryById(s.db, countryId) : undefined;
        const local = (city && phones.find((p) => p.type === 'additional' && p.city_id === city.id))
          ?? (country && phones.find((p) => p.type === 'additional' && p.country_id === country.id && p.city_id === null));
        const siteEmail = (ctx.localization === 12 ? settings.get('email_cn') : undefined) ?? settings.get('email') ?? '';
        const emailOf = (id: number | null | undefined): string => (ctx.localization === 12 ? siteEmail : emails.find((e) => e.country_id === id)?.email ?? siteEmail);
        const phoneMain = { phone: main.phone, formatted_phone: main.formatted_phone };
        const answer: ContactsAnswer = {
          email: emailOf(country?.id),
          phones: [...(local ? [phoneContact(local, ctx.locale)] : []), phoneContact(main, ctx.locale)],
          has_other_phones: phones.some((p) => p.type === 'additional' && p.country_id !== null && p.id !== local?.id),
          phoneMain,
          country: country ? countryRef(country, ctx.locale) : null,
        };
        if (query.all) {
          const ids = [...new Set(phones.filter((p) => p.country_id !== null && p.type === 'additional').map((p) => p.country_id as number))];
          const all: CountryContacts[] = [];
          for (const id of ids) {
            const c = await q.countryById(s.db, id);
            if (!c) continue;
            const own = phones.filter((p) => p.type === 'additional' && p.country_id === id);
            all.push({ country: countryRef(c, ctx.locale), email: emailOf(id), phones: [...own.map((p) => phoneContact(p, ctx.locale)), phoneContact(main, ctx.locale)], phoneMain });
          }
          answer.all = all;
        }
        return answer;
      }),
  });

  router.add({
    method: 'GET', url: '/spa/work-time', tags, summary: 'Coordinator schedule (in GMT+3)',
    query: WorkTimeQuery, answer: WorkTimeAnswer,
    handler: ({ query }) =>
      s.cached(`work-time:${query.country_id ?? ''}:${query.city_id ?? ''}`, async () => {
        const city = query.city_id ? await q.cityById(s.db, query.city_id) : undefined;
        const row = await q.workSchedule(s.db, query.country_id ?? city?.country_id ?? null);
        if (!row) throw new Error('No work schedule in the database');
        return {
          weekdays: { start: row.weekdays_start, end: row.weekdays_end },
          weekend: { start: row.weekend_start, end: row.weekend_end },
          timezone: row.timezone,
          utc_offset: formatOffset(row.utc_offset_minutes),
          utc_offset_minutes: row.utc_offset_minutes,
        };
      }),
  });

  router.add({
    method: 'GET', url: '/spa/groups-in-social-network', tags, summary: 'Social network groups of the site variant',
    answer: SocialLinksAnswer,
    handler: ({ ctx }) =>
      s.cached(`social:${ctx.localization}`, async () =>
        (await q.socialGroups(s.db, ctx.localization)).map((g) => ({ id: g.id, source: g.source, url_to_group: g.url_to_group }))),
  });

  router.add({
    method: 'GET', url: '/spa/chat-sources-list', tags, summary: 'Messenger deep links (telegram, vk, ok, whatsapp, viber, facebook, instagram)',
    description: 'The ids are passed to the messengers as a start/ref payload so the chat is tied to the client, request, subscriber or webinar.',
    query: ChatSourcesQuery, answer: ChatSourcesAnswer,
    handler: async ({ query }) => {
      const rows = await s.cached('chat-sources', () => q.chatSources(s.db));
      const ref = chatRef(query);
      const out = {} as ChatSourcesAnswer;
      for (const m of MESSENGERS) {
        const row = rows.find((r) => r.source === m);
        out[m] = (row?.url_template ?? '').replace('{ref}', encodeURIComponent(ref)).replace('{text}', encodeURIComponent(`Hello! My reference: ${ref}`));
      }
      return out;
    },
  });

  router.add({
    method: 'GET', url: '/spa/info', tags, summary: 'Site statistics: published tours, regions, travel styles',
    answer: InfoAnswer,
    handler: () =>
      s.cached('info', async () => {
        const st = await q.siteStatistics(s.db, isoDate(s.date()), s.config);
        return { totalCount: st.tours, toursCount: st.tours, regions: st.regions, types: st.types };
      }),
  });

  router.add({
    method: 'GET', url: '/spa/search-form', tags, summary: 'Regions and travel styles for the search form, with tour counts',
    description: "tours_count is the number of tours the item's link opens: the Tours tab of /spa/tours with its slug (cruises are not counted).",
    answer: SearchFormAnswer,
    handler: ({ ctx }) =>
      s.cached(`search-form:${ctx.locale}`, async () => {
        const { regions, kinds } = await q.searchFormCounts(s.db, isoDate(s.date()), s.config);
        const item = (r: (typeof regions)[number]) => ({ id: r.id, name: t(r, 'name', ctx.locale), slug: r.slug, tours_count: Number(r.tours_count) });
        return { regions: regions.map(item), types: kinds.map(item) };
      }),
  });
}
