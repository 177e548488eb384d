/**
 * The order page of an archived tour (issue 29: a tour archived on the staff panel took orders): no form, a notice,
 * and the way to the tour (and its similar ones) and to the search; nothing can be sent.
 */
import '@testing-library/jest-dom';
import { render, screen, within } from '@testing-library/react';
import { HostProvider } from '@tours/shared/core';
import { createTestHost } from '@tours/shared/src/testing';
import RequestPage from './RequestPage';
import { tourForRequest } from '../common/tour-fixture';

function show(url: string, archived: boolean) {
  const t = createTestHost({ url, currency: 'RUB', routes: { '/spa/tour-for-request': tourForRequest({ is_tour_active: !archived, is_archived: archived }) } });
  render(
    <HostProvider host={t.host}>
      <RequestPage />
    </HostProvider>,
  );
  return t;
}

test('archived: a notice instead of the form, links to the tour and to the search', async () => {
  show('/en/tour/1001/order', true);
  const notice = await screen.findByTestId('not-bookable');
  expect(notice).toHaveTextContent('This tour has been archived and can no longer be booked.');
  expect(within(notice).getByRole('link', { name: 'See the tour and similar ones' })).toHaveAttribute('href', '/en/svir-tour-1001');
  expect(within(notice).getByRole('link', { name: 'Find another tour' })).toHaveAttribute('href', '/en/tours');
  expect(screen.queryByRole('form', { name: 'Your request' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Send request' })).not.toBeInTheDocument();
});

test('in German, the search of the German site', async () => {
  show('/de/tour/1001/order', true);
  expect(await screen.findByTestId('not-bookable')).toHaveTextContent('Diese Tour ist archiviert und kann nicht mehr gebucht werden.');
  expect(screen.getByRole('link', { name: 'Eine andere Tour finden' })).toHaveAttribute('href', '/de/touren');
});

test('not archived: the order form', async () => {
  show('/en/tour/1001/order', false);
  expect(await screen.findByRole('form', { name: 'Your request' })).toBeInTheDocument();
  expect(screen.queryByTestId('not-bookable')).not.toBeInTheDocument();
});
