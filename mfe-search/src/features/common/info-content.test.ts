import { ROUTES } from '@tours/shared/src/routing/routes';
import { INFO_PAGE_KEYS } from '@tours/shared/api';
import { INFO_PAGE_OF_ROUTE, infoPageKey, showsVersion } from './info-content';

test.each([
  ['about-page', 'about'], ['visa-page', 'visa'], ['gift-cards-page', 'gift-cards'], ['certificates-page', 'certificates'],
  ['contacts-page', 'contacts'], ['faq', 'faq'], ['press', 'press'], ['partnership-page', 'for-agencies'], ['organizers-page', 'organizers'], ['agreement', 'agreement'],
  ['privacy', 'privacy'], ['cookies', 'cookies'], ['index', null], ['tours', null], ['blog-index', null], [undefined, null], ['toString', null],
])('route %s shows page %s', (route, key) => {
  expect(infoPageKey(route)).toBe(key);
});

test('every page of the API has exactly one route of the site, owned by mfe-search', () => {
  const keys = Object.values(INFO_PAGE_OF_ROUTE);
  expect([...keys].sort()).toEqual([...INFO_PAGE_KEYS].sort());
  for (const route of Object.keys(INFO_PAGE_OF_ROUTE)) expect(ROUTES.find((r) => r.name === route)?.owner).toBe('mfe-search');
});

test.each([
  ['agreement', true], ['privacy', true], ['cookies', true], ['about', false], ['faq', false], ['for-agencies', false],
] as const)('%s shows its version: %s', (key, shown) => {
  expect(showsVersion(key)).toBe(shown);
});
