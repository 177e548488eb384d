import { filterToSearch, normaliseFilter } from '@tours/shared/src/domain/filters';
import { searchUrl } from './url';

const SITE = 'https://tours.example';

test.each<[string, Parameters<typeof searchUrl>[0], string]>([
  ['en: /en/tours, partner only', { site: SITE, locale: 'en', partner: 'agency-42' }, `${SITE}/en/tours?utm_source=agency-42`],
  ['cn: no prefix, lvyou', { site: SITE, locale: 'cn', partner: 'p' }, `${SITE}/lvyou?utm_source=p`],
  ['de: touren', { site: SITE, locale: 'de', partner: 'p' }, `${SITE}/de/touren?utm_source=p`],
  ['ru: tury', { site: SITE, locale: 'ru', partner: 'p' }, `${SITE}/ru/tury?utm_source=p`],
  [
    'a region, dates and a travel style, with campaign and content',
    { site: SITE, locale: 'en', destination: { kind: 'regions', id: 12 }, dateFrom: '2026-07-01', dateTo: '2026-07-10', restKind: 5, partner: 'agency-42', utmCampaign: 'summer', utmContent: 'sidebar' },
    `${SITE}/en/tours?dateFrom=2026-07-01&dateTo=2026-07-10&regions=12&restKinds=5&utm_source=agency-42&utm_campaign=summer&utm_content=sidebar`,
  ],
  ['a city', { site: SITE, locale: 'de', destination: { kind: 'cities', id: 110 }, partner: 'p' }, `${SITE}/de/touren?cities=110&utm_source=p`],
  ['a place of interest', { site: SITE, locale: 'en', destination: { kind: 'showplaces', id: 7 }, partner: 'p' }, `${SITE}/en/tours?showplace=7&utm_source=p`],
  ['a lake', { site: SITE, locale: 'en', destination: { kind: 'water_objects', id: 3 }, partner: 'p' }, `${SITE}/en/tours?waterObject=3&utm_source=p`],
  ['dates in the wrong order are sorted', { site: SITE, locale: 'en', dateFrom: '2026-08-10', dateTo: '2026-08-01', partner: 'p' }, `${SITE}/en/tours?dateFrom=2026-08-01&dateTo=2026-08-10&utm_source=p`],
  ['only a start date', { site: SITE, locale: 'en', dateFrom: '2026-08-10', partner: null }, `${SITE}/en/tours?dateFrom=2026-08-10`],
])('%s', (_name, choice, expected) => {
  expect(searchUrl(choice)).toBe(expected);
});

test('the query is exactly the §5.4 serialisation of the filter', () => {
  const url = new URL(searchUrl({ site: SITE, locale: 'en', destination: { kind: 'regions', id: 3 }, dateFrom: '2026-07-01', restKind: 9, partner: null }));
  expect(url.search).toBe(filterToSearch(normaliseFilter({ regions: [3], dateFrom: '2026-07-01', restKinds: [9] })));
});
