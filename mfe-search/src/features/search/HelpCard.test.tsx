/* The common help card (public-site §2.7, §5.7, §7.4) where a search that finds nothing leads. */
import { screen, waitFor } from '@testing-library/react';
import { loadPhoneLib } from '@tours/shared/src/domain/phone';
import { HELP_ANSWER, expectHelpCard, fillHelpCardAndSubmit, renderWithHost } from '../../test-utils';
import SearchPage from './SearchPage';

const NOTHING = { result: { groups: [], pagination: { page: 1, pages: 0, itemsCount: 0, itemsOnPage: 0, pageSize: 18 }, place: null }, filters: [] };

beforeAll(async () => {
  await loadPhoneLib();
});

test('a search that finds nothing shows the help card; a submit stores common_help and shows the success screen', async () => {
  const h = renderWithHost(<SearchPage />, {
    path: '/en/tours?query=zzyzx',
    routes: { '/spa/validate-slug': { result: { valid: true, kind: 'search', name: 'Tours', slug: 'tours' } }, '/spa/info': { totalCount: 1, toursCount: 1, regions: 1, types: 1 }, '/spa/tours': NOTHING, ...HELP_ANSWER },
  });
  await waitFor(() => expect(screen.getByText('Nothing found based on your search')).toBeInTheDocument());
  expect(await screen.findByRole('heading', { level: 2, name: 'Any tour program on your request' })).toBeInTheDocument();
  expectHelpCard();
  const data = await fillHelpCardAndSubmit(h);
  expect(data).toMatchObject({ type: 'common_help', name: 'Anna', phone: '+12124567890', click_source: 'search_empty', referer: window.location.href, agree: true });
  expect(data.comment).toBe(`Kamchatka in August\nrequest from ${window.location.href}`);
  expect(typeof data.timezone).toBe('number');
  expect(screen.getByText('Our travel expert will contact you at +1 212 456 7890.')).toBeInTheDocument();
});

test('a search with results shows no help card', async () => {
  renderWithHost(<SearchPage />, {
    path: '/en/tours',
    routes: { '/spa/validate-slug': { result: { valid: true, kind: 'search', name: 'Tours', slug: 'tours' } }, '/spa/tours': { ...NOTHING, result: { ...NOTHING.result, pagination: { ...NOTHING.result.pagination, itemsCount: 5 } } } },
  });
  await waitFor(() => expect(screen.getByText('5 tours found')).toBeInTheDocument());
  expect(screen.queryByRole('heading', { name: 'Any tour program on your request' })).not.toBeInTheDocument();
});
