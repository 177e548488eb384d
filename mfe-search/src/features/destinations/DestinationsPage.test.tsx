import { ApiError } from '@tours/shared/core';
import { expectLoadErrorAndRetry, renderWithHost } from '../../test-utils';
import DestinationsPage from './DestinationsPage';

describe('destinations', () => {
  it('the API down shows the error in place, Retry asks again', async () => {
    const call = '/spa/search-form';
    const h = renderWithHost(<DestinationsPage />, { path: '/en/destinations', routes: { [call]: () => new ApiError(503, call, 'API unavailable') } });
    const alert = await expectLoadErrorAndRetry(h, call);
    expect(alert).toBeInTheDocument();
  });
});
