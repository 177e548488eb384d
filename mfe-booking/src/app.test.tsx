import { Suspense } from 'react';
import { screen } from '@testing-library/react';
import { renderScreen } from '@tours/shared/src/testing';
import RequestPage from './features/request/RequestPage';
import MeetPage from './features/meet/MeetPage';
import { PrivateTourFormContent } from './parcels/PrivateTourForm';

describe('mfe-booking screens', () => {
  test('the request page shows its title and breadcrumbs and reports the page title to the host', async () => {
    const t = renderScreen(<RequestPage />, { url: '/en/tour/15/order' });
    expect(screen.getByRole('heading', { level: 1, name: 'Tour request' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/en');
    expect(t.events).toContainEqual({ event: 'page:meta', payload: { title: 'Tour request', description: undefined } });
  });

  test('the meet page is localized', () => {
    renderScreen(<MeetPage />, { url: '/de/meet' });
    expect(screen.getByRole('heading', { level: 1, name: 'Lernen Sie Ihren Veranstalter kennen' })).toBeInTheDocument();
  });

  test('the private tour parcel has the spec title and closes through the host', async () => {
    const close = jest.fn();
    renderScreen(
      <Suspense>
        <PrivateTourFormContent modal={{ close }} />
      </Suspense>,
    );
    expect(screen.getByRole('heading', { name: 'Book a private custom tour' })).toBeInTheDocument();
    screen.getByRole('button', { name: 'Close' }).click();
    expect(close).toHaveBeenCalled();
  });
});
