/**
 * The success screen after an order (issue 29): it links to the booking (the arrival page of the request's uuid, the
 * same link the confirmation carries) and says where the confirmation went, masked as the answer gives it, or asks to
 * keep the link when none went.
 */
import '@testing-library/jest-dom';
import { fireEvent, render, screen } from '@testing-library/react';
import { create } from 'superstruct';
import { HostProvider } from '@tours/shared/core';
import { STORAGE } from '@tours/shared/contract';
import { SubmitOrderAnswer } from '@tours/shared/api';
import { createTestHost, fakeApi } from '@tours/shared/src/testing';
import RequestPage from './RequestPage';
import { tourForRequest } from '../common/tour-fixture';
import { runAnimationFramesAtOnce } from '../common/test-setup';

const UUID = '0b7f1f0e-7c1a-4f5e-9a51-6f1f5d3c2b10';
const noSources = { telegram: '', vk: '', ok: '', whatsapp: '', viber: '', facebook: '', instagram: '' };

function send(answer: unknown, locale: 'en' | 'de' = 'en') {
  const { api } = fakeApi({ '/spa/tour-for-request': tourForRequest(), '/spa/chat-sources-list': noSources, 'POST /spa/submit-order': create(answer, SubmitOrderAnswer) });
  const t = createTestHost({ url: `/${locale}/tour/1001/order`, locale, currency: 'RUB', api });
  render(
    <HostProvider host={t.host}>
      <RequestPage />
    </HostProvider>,
  );
  return t;
}

/** Fills the order form's required fields and sends it (labels of en and de). */
async function submitOrder(): Promise<void> {
  await screen.findByRole('form');
  fireEvent.change(screen.getByRole('textbox', { name: /^Name/ }), { target: { value: 'Ivan Petrov' } });
  fireEvent.change(screen.getByRole('textbox', { name: /^(Phone|Telefon)/ }), { target: { value: '+7 912 345 67 89' } });
  fireEvent.click(screen.getByRole('checkbox', { name: /Terms|Geschäftsbedingungen|AGB|Bedingungen/ }));
  fireEvent.click(screen.getByRole('button', { name: /^(Send request|Anfrage senden)$/ }));
}

runAnimationFramesAtOnce();
beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(STORAGE.selectedTourDate, '1');
});

describe('the success screen links to the booking and says where the confirmation went', () => {
  test('by e-mail: the masked address, and the link to the arrival page of the request', async () => {
    const t = send({ request_id: 1234567890, requestUUID: UUID, confirmation: { channel: 'email', to: 'i***n@example.com' } });
    await submitOrder();
    await screen.findByRole('heading', { name: 'Request #1234567890 has been sent' });
    expect(screen.getByText("We've sent the confirmation with the link to your booking to i***n@example.com.")).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Open your booking' });
    expect(link).toHaveAttribute('href', `/en/arrival/${UUID}`);
    expect(screen.getByText('There you can add the tourists, pay once it is confirmed, or cancel it.')).toBeInTheDocument();
    fireEvent.click(link);
    expect(t.navigations).toEqual([`/en/arrival/${UUID}`]);
  });

  test('by SMS when only a phone was given, in the page\'s language', async () => {
    send({ request_id: 1234567891, requestUUID: UUID, confirmation: { channel: 'sms', to: '+7*********89' } }, 'de');
    await submitOrder();
    await screen.findByRole('heading', { name: 'Anfrage Nr. 1234567891 wurde gesendet' });
    expect(screen.getByText('Wir haben die Bestätigung mit dem Link zu Ihrer Buchung per SMS an +7*********89 gesendet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ihre Buchung öffnen' })).toHaveAttribute('href', `/de/arrival/${UUID}`);
  });

  test('none went (the address had its messages for the day): keep the link', async () => {
    send({ request_id: 1234567892, requestUUID: UUID, confirmation: null });
    await submitOrder();
    await screen.findByRole('heading', { name: 'Request #1234567892 has been sent' });
    expect(screen.getByText('Keep the link to your booking: it is your way back to it.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open your booking' })).toHaveAttribute('href', `/en/arrival/${UUID}`);
  });

  test('an answer without the field (an older API) says nothing of a confirmation and still links to the booking', async () => {
    send({ request_id: 1234567893, requestUUID: UUID });
    await submitOrder();
    await screen.findByRole('heading', { name: 'Request #1234567893 has been sent' });
    expect(screen.queryByText(/confirmation|Keep the link/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open your booking' })).toHaveAttribute('href', `/en/arrival/${UUID}`);
  });
});
