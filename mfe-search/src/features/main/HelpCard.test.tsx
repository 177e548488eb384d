/* The common help card (public-site §2.7, §5.7, §7.4) near the end of the main page. */
import { screen } from '@testing-library/react';
import { loadPhoneLib } from '@tours/shared/src/domain/phone';
import { HELP_ANSWER, expectHelpCard, fillHelpCardAndSubmit, renderWithHost } from '../../test-utils';
import MainPage from './MainPage';

beforeAll(async () => {
  await loadPhoneLib();
});

test('the main page ends with the help card; a submit stores common_help', async () => {
  const h = renderWithHost(<MainPage />, { path: '/en', routes: { '/spa/info': { totalCount: 3260, toursCount: 3200, regions: 95, types: 27 }, ...HELP_ANSWER } });
  expect(await screen.findByRole('heading', { level: 2, name: 'Any tour program on your request' })).toBeInTheDocument();
  expectHelpCard();
  const data = await fillHelpCardAndSubmit(h);
  expect(data).toMatchObject({ type: 'common_help', name: 'Anna', phone: '+12124567890', click_source: 'main_page' });
  expect(data.comment).toBe(`Kamchatka in August\nrequest from ${window.location.href}`);
});
