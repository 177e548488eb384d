import '@testing-library/jest-dom';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { HostProvider } from '@tours/shared/core';
import { STORAGE } from '@tours/shared/contract';
import { createTestHost } from '@tours/shared/src/testing';
import RequestPage from './RequestPage';
import { tourForRequest } from '../common/tour-fixture';
import { runAnimationFramesAtOnce } from '../common/test-setup';

// The sending code is its own chunk (issue 33); here it cannot be fetched until the test says so.
let mockChunkMissing = true;
jest.mock('./send', () => {
  if (mockChunkMissing) throw new Error('Loading chunk request-send failed');
  return jest.requireActual('./send');
});

runAnimationFramesAtOnce();
beforeEach(() => localStorage.clear());

test("the sending code not fetched is no connection: everything typed stays, 'Try again' fetches it and sends once", async () => {
  localStorage.setItem(STORAGE.selectedTourDate, '1');
  const UUID = '0b7f1f0e-7c1a-4f5e-9a51-6f1f5d3c2b10';
  const t = createTestHost({
    url: '/en/tour/1001/order',
    currency: 'RUB',
    routes: { '/spa/tour-for-request': tourForRequest(), '/spa/chat-sources-list': {}, 'POST /spa/submit-order': { request_id: 707, requestUUID: UUID } },
  });
  render(
    <HostProvider host={t.host}>
      <RequestPage />
    </HostProvider>,
  );
  await screen.findByRole('form', { name: 'Your request' });
  fireEvent.change(screen.getByRole('textbox', { name: /^Name/ }), { target: { value: 'Ivan Petrov' } });
  fireEvent.change(screen.getByRole('textbox', { name: /^Phone/ }), { target: { value: '+7 912 345 67 89' } });
  fireEvent.click(screen.getByRole('checkbox', { name: /I accept Terms and Conditions/ }));
  fireEvent.click(screen.getByRole('button', { name: 'Send request' }));

  expect(await screen.findByRole('alert')).toHaveTextContent('there is no connection to our server');
  const orders = () => t.calls.filter((c) => c.path === '/spa/submit-order');
  expect(orders()).toHaveLength(0);
  expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('Ivan Petrov');

  mockChunkMissing = false;
  fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
  await screen.findByRole('heading', { name: 'Request #707 has been sent' });
  await waitFor(() => expect(orders()).toHaveLength(1));
});
