import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@tours/shared/core';
import { renderWithHost } from '../../test-utils';
import DestinationsPage from './DestinationsPage';

const LOAD_FAILED = "We couldn't load this. We'll keep trying, or you can retry now.";

describe('destinations', () => {
  it('the API down shows the error in place, Retry asks again', async () => {
    const call = '/spa/search-form';
    const h = renderWithHost(<DestinationsPage />, { path: '/en/destinations', routes: { [call]: () => new ApiError(503, call, 'API unavailable') } });
    const alert = await screen.findByRole('alert', { name: LOAD_FAILED });
    expect(h.emit).not.toHaveBeenCalledWith('page:error', expect.anything());
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(h.calls.filter((c) => c.path === call)).toHaveLength(2));
    expect(alert).toBeInTheDocument();
  });
});
