import { Suspense } from 'react';
import { screen } from '@testing-library/react';
import { renderScreen } from '@tours/shared/src/testing';
import RequestPage from './features/request/RequestPage';
import MeetPage from './features/meet/MeetPage';
import { tourForRequest } from './features/common/tour-fixture';
import { PrivateTourFormContent, modal as privateTourModal } from './parcels/PrivateTourForm';

describe('mfe-booking screens', () => {
  test('the request page shows its title and breadcrumbs and reports the page title to the host', async () => {
    // The page shows once its tour is there (until then the host's first screen stands for it).
    const t = renderScreen(<RequestPage />, { url: '/en/tour/1001/order', routes: { '/spa/tour-for-request': tourForRequest() } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Tour request' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/en');
    expect(t.events).toContainEqual({ event: 'page:meta', payload: { title: 'Tour request', description: undefined } });
  });

  test('the meet page is localized', () => {
    renderScreen(<MeetPage />, { url: '/de/meet' });
    expect(screen.getByRole('heading', { level: 1, name: 'Lernen Sie Ihren Veranstalter kennen' })).toBeInTheDocument();
  });

  test('the private tour parcel: the spec title names the dialog and the form (the outlet’s × closes it)', async () => {
    renderScreen(
      <Suspense>
        <PrivateTourFormContent tourId={1001} tourTitle="Sightseeing tour in Svir" requestPeriodStart={null} requestPeriodEnd={null} modal={{ close: jest.fn() }} />
      </Suspense>,
    );
    const title = screen.getByRole('heading', { name: 'Book a private custom tour' });
    expect(title).toHaveAttribute('id', privateTourModal.labelId);
    expect(screen.getByRole('form', { name: 'Book a private custom tour' })).toBeInTheDocument();
    expect(privateTourModal).toEqual({ width: 495, labelId: 'booking-private-tour-title', persistent: true });
  });
});
