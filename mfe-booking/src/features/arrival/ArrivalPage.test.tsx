import '@testing-library/jest-dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@tours/shared/core';
import type { BookingRequest } from '@tours/shared/api';
import { formatPrice } from '@tours/shared/domain';
import { renderScreen, type FakeRoutes, type TestHostOptions } from '@tours/shared/src/testing';
import { expectRetryInPlace } from '../common/test-setup';
import ArrivalPage from './ArrivalPage';
import { browser } from './browser';
import { UUID, bookingRequest, invoice } from './test-fixture';

const GET = '/crm/api/request/get-by-uuid';
const PAY = 'POST /crm/api/payment/create';
const CANCEL = 'POST /crm/api/request/cancel';
const PAY_URL = 'http://localhost:8080/crm/api/payment/sandbox/abc123';

function show(request: BookingRequest | unknown = bookingRequest(), routes: FakeRoutes = {}, options: Omit<TestHostOptions, 'routes'> = {}) {
  const answer = typeof request === 'function' || request instanceof Error ? request : { request };
  const t = renderScreen(<ArrivalPage />, { url: `/en/arrival/${UUID}`, ...options, routes: { [GET]: answer, ...routes } });
  return { ...t, posts: (path: string) => t.calls.filter((c) => c.method === 'POST' && c.path === path), gets: () => t.calls.filter((c) => c.path === GET) };
}

const heading = () => screen.findByRole('heading', { level: 2, name: 'Request #701' });
const fact = (container: HTMLElement, term: string) => within(container).getByText(term, { selector: 'dt' }).nextElementSibling as HTMLElement;
/** A price as the page shows it; the matchers see its spaces as plain ones. */
const rub = (amount: number) => formatPrice(amount, 'RUB').replace(/\s/g, ' ');
const payments = () => screen.getByRole('region', { name: 'Agreement and payments' });

describe('arrival page: the request', () => {
  test('request, status in words, dates, party, tour, tourists with the add-tourists link, contacts (as text) and history', async () => {
    const t = show();
    expect(screen.getByTestId('arrival-skeleton')).toBeInTheDocument();
    const title = await heading();
    expect(t.gets()[0]).toMatchObject({ method: 'GET', query: { uuid: UUID } });
    expect(t.events).toContainEqual({ event: 'page:meta', payload: { title: 'Arrival details', description: undefined } });

    const main = screen.getByRole('region', { name: 'Request #701' });
    expect(main).toContainElement(title);
    expect(fact(main, 'Status')).toHaveTextContent('Awaiting confirmation');
    expect(fact(main, 'Tour dates')).toHaveTextContent(/Apr.*2026/);
    expect(fact(main, 'Travellers')).toHaveTextContent('2 adults, 1 child');

    const tour = screen.getByRole('complementary');
    expect(within(tour).getByRole('link', { name: 'Sightseeing tour in Svir' })).toHaveAttribute('href', '/en/svir-tour-1001');
    expect(within(tour).getByText('5 days')).toBeInTheDocument();
    expect(tour.querySelector('img')).toHaveAttribute('src', '/media/tours/1001-1/400x400/image.png');

    const tourists = screen.getByRole('region', { name: 'Tourists' });
    expect(within(tourists).getByRole('listitem')).toHaveTextContent('Ivan Petrov');
    expect(within(tourists).getByText('1 of 3 tourists entered')).toBeInTheDocument();
    expect(within(tourists).getByRole('link', { name: 'Edit tourists' })).toHaveAttribute('href', `/en/order/${UUID}/add-tourists?request_id=701`);

    const contacts = screen.getByRole('region', { name: 'Your contact details' });
    expect(fact(contacts, 'Name')).toHaveTextContent('Ivan <b>Petrov</b>');
    expect(contacts.querySelector('b')).toBeNull();
    expect(fact(contacts, 'Comment')).toHaveTextContent('Vegetarian food, please');

    const history = within(screen.getByTestId('request-history')).getAllByRole('listitem');
    expect(history.map((li) => li.textContent)).toEqual([expect.stringContaining('Request sent by you')]);
    // Not confirmed yet: no agreement, no invoices.
    expect(screen.queryByRole('region', { name: 'Agreement and payments' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel the request' })).toBeInTheDocument();
  });

  test.each([
    [1, 'Awaiting confirmation'],
    [2, 'Confirmed: awaiting prepayment'],
    [3, 'Prepayment received'],
    [4, 'Tour completed'],
    [5, 'Cancelled by the traveller'],
    [6, 'Cancelled by the organizer'],
    [7, 'Cancelled automatically'],
    [8, 'Cancelled by our team'],
  ])('status %i is shown as "%s"', async (status, words) => {
    show(bookingRequest(status));
    await heading();
    expect(screen.getByTestId('request-status')).toHaveTextContent(words);
    // Cancellation and tourists' changes only while the request is open.
    expect(screen.queryByRole('button', { name: 'Cancel the request' }) !== null).toBe(status < 4);
    expect(screen.queryByRole('link', { name: /tourists$/ }) !== null).toBe(status < 4);
  });

  test('no tourists yet: the link says add', async () => {
    show(bookingRequest(1, { tourists: [] }));
    await heading();
    expect(screen.getByText('No tourists yet. Add the name of everyone who travels.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add tourists' })).toHaveAttribute('href', `/en/order/${UUID}/add-tourists?request_id=701`);
  });

  test('individual dates: a link to the individual tour page of this request; a variant has none', async () => {
    show(bookingRequest(1, { dates: { kind: 'individual', variant_id: null, start: '2026-05-01', end: '2026-05-07', not_guaranteed: false, time_start: null } }));
    await heading();
    expect(screen.getByRole('link', { name: 'Your individual tour: programme and details' })).toHaveAttribute('href', `/en/order/${UUID}/individual-tour`);
  });

  test('a variant: no individual tour link', async () => {
    show();
    await heading();
    expect(screen.queryByRole('link', { name: 'Your individual tour: programme and details' })).not.toBeInTheDocument();
  });

  test('a 404 goes to the host error page; a link that is no uuid too, without a call; no answer shows Retry', async () => {
    const gone = show(new ApiError(404, GET, 'Request not found'));
    await waitFor(() => expect(gone.events).toContainEqual({ event: 'page:error', payload: { status: 404 } }));
    gone.unmount();

    const bad = show(bookingRequest(), {}, { url: '/en/arrival/not-a-uuid' });
    await waitFor(() => expect(bad.events).toContainEqual({ event: 'page:error', payload: { status: 404 } }));
    expect(bad.gets()).toEqual([]);
    bad.unmount();

    const down = show(new ApiError(0, GET, 'Network error'));
    await expectRetryInPlace(down);
  });
});

test.each([
  [new ApiError(403, GET, 'Forbidden', {}, { legit_user_phone: '+7*******22' }), { status: 403, data: { legit_user_phone: '+7*******22' } }],
  [new ApiError(410, GET, 'Gone'), { status: 410 }],
])('arrival page: %p goes to the host error page as %p', async (error, payload) => {
  const t = show(error);
  await waitFor(() => expect(t.events).toContainEqual({ event: 'page:error', payload }));
  expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
});

describe('arrival page: the place, the meeting and the money (issue 29)', () => {
  const money = () => screen.getByRole('region', { name: 'Price' });

  test("the tour's place by its name (not 'region'), where and when the group meets, the approximate total before the confirmation", async () => {
    show();
    await heading();
    const tour = screen.getByRole('complementary');
    expect(fact(tour, 'Where')).toHaveTextContent('Leningrad Oblast');
    expect(within(tour).queryByText('region')).not.toBeInTheDocument();
    expect(fact(screen.getByRole('region', { name: 'Request #701' }), 'Meeting')).toHaveTextContent(/^Apr 1, 2026 · Lodeynoye Pole railway station$/);
    expect(fact(money(), 'Approximate total')).toHaveTextContent(rub(78900));
    // Nothing is due before the coordinator confirms.
    expect(within(money()).queryByText('Left to pay')).not.toBeInTheDocument();
    expect(within(money()).queryByText('Paid')).not.toBeInTheDocument();
    expect(money()).toHaveTextContent('nothing is charged until then');
  });

  test('an excursion at a start time: the day and the time of the meeting', async () => {
    show(bookingRequest(1, { dates: { kind: 'individual', variant_id: null, start: '2026-04-01', end: '2026-04-01', not_guaranteed: false, time_start: '10:30' } }));
    await heading();
    expect(fact(screen.getByRole('region', { name: 'Request #701' }), 'Meeting')).toHaveTextContent(/^Apr 1, 2026, 10:30 · Lodeynoye Pole railway station$/);
  });

  test.each([
    [2, 0, 26300],
    [3, 7890, 18410],
  ])('confirmed (status %i): the total, what was paid and what is left', async (status, paid, balance) => {
    show(bookingRequest(status));
    await heading();
    expect(fact(money(), 'Total')).toHaveTextContent(rub(26300));
    expect(fact(money(), 'Paid')).toHaveTextContent(rub(paid));
    expect(fact(money(), 'Left to pay')).toHaveTextContent(rub(balance));
  });

  test('cancelled: what was paid, no balance due and no meeting', async () => {
    show(bookingRequest(5, { money: { total: 26300, paid: 7890, balance: 18410, currency: 'RUB', estimate: false }, agreement: null, invoices: [] }));
    await heading();
    expect(fact(money(), 'Paid')).toHaveTextContent(rub(7890));
    expect(within(money()).queryByText('Left to pay')).not.toBeInTheDocument();
    expect(screen.queryByTestId('meeting')).not.toBeInTheDocument();
  });
});

describe('arrival page: agreement and invoices', () => {
  test('confirmed: the agreement and the invoice with its status and amount in the request\'s currency, and Pay', async () => {
    show(bookingRequest(2));
    await heading();
    const box = payments();
    expect(fact(box, 'Agreement number')).toHaveTextContent('TA-701');
    expect(fact(box, 'Agreement status')).toHaveTextContent('Awaiting payment');
    expect(fact(box, 'Total')).toHaveTextContent(rub(26300));
    const item = within(box).getByRole('listitem', { name: `Prepayment: ${formatPrice(7890, 'RUB')}` });
    expect(fact(item, 'Status')).toHaveTextContent('Awaiting payment');
    expect(fact(item, 'Amount')).toHaveTextContent(rub(7890));
    expect(within(item).getByRole('button', { name: `Pay ${formatPrice(7890, 'RUB')}` })).toBeEnabled();
    // The history says who confirmed and the new status.
    expect(screen.getByTestId('request-history')).toHaveTextContent('Status changed by your travel coordinator: Confirmed: awaiting prepayment');
  });

  test('paid and cancelled invoices have no Pay button; their statuses in words', async () => {
    show(bookingRequest(3, {
      agreement: bookingRequest(2).agreement && { ...bookingRequest(2).agreement!, outcome: 1, outcome_name: 'concluded_and_prepaid' },
      invoices: [
        invoice({ status: 2, status_name: 'payed', can_pay: false, paid_at: '2026-03-09T12:00:00.000Z' }),
        invoice({ id: 32, kind: 'payment', status: 3, status_name: 'canceled', amount: 18410, can_pay: false }),
      ],
    }));
    await heading();
    const box = payments();
    expect(fact(box, 'Agreement status')).toHaveTextContent('Concluded, prepaid');
    const [paid, cancelled] = within(box).getAllByRole('listitem');
    expect(fact(paid!, 'Status')).toHaveTextContent('Paid · paid on Mar 9, 2026');
    expect(fact(cancelled!, 'Invoice')).toHaveTextContent('Payment');
    expect(fact(cancelled!, 'Status')).toHaveTextContent('Cancelled');
    expect(within(box).queryByRole('button')).toBeNull();
  });

  test('booking.disablePayButton hides Pay and says the coordinator sends the details', async () => {
    show(bookingRequest(2), {}, { config: { booking: { disablePayButton: true, enableTicketsRequest: true, isCostCalculationWithEmoji: false } } });
    await heading();
    expect(within(payments()).queryByRole('button')).toBeNull();
    expect(screen.getByText(/Online payment is not available/)).toBeInTheDocument();
  });

  test('Pay: payment/create with the invoice, the uuid and the site\'s method, then the provider\'s page', async () => {
    const assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
    try {
      const t = show(bookingRequest(2), { [PAY]: { url: PAY_URL } }, { config: { paymentSystems: ['sbp', 'card'] } });
      await heading();
      fireEvent.click(screen.getByRole('button', { name: /^Pay / }));
      await waitFor(() => expect(assign).toHaveBeenCalledWith(PAY_URL));
      expect(t.posts('/crm/api/payment/create')).toEqual([expect.objectContaining({ body: { invoice_id: 31, uuid: UUID, method: 'sbp' } })]);
      // Busy until the page has left: a second click sends nothing.
      fireEvent.click(screen.getByRole('button', { name: /^Pay / }));
      expect(t.posts('/crm/api/payment/create')).toHaveLength(1);
    } finally {
      assign.mockRestore();
    }
  });

  test('Pay refused (paid meanwhile): the message as a toast and the request asked again', async () => {
    const assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
    try {
      let current = bookingRequest(2);
      const t = show(() => ({ request: current }), { [PAY]: () => {
        current = bookingRequest(3);
        return new ApiError(409, '/crm/api/payment/create', 'The invoice is paid already');
      } });
      await heading();
      fireEvent.click(screen.getByRole('button', { name: /^Pay / }));
      await waitFor(() => expect(t.toast).toHaveBeenCalledWith({ kind: 'error', text: 'The invoice is paid already' }));
      await waitFor(() => expect(screen.getByTestId('request-status')).toHaveTextContent('Prepayment received'));
      expect(t.gets()).toHaveLength(2);
      expect(screen.queryByRole('button', { name: /^Pay / })).toBeNull();
      expect(assign).not.toHaveBeenCalled();
    } finally {
      assign.mockRestore();
    }
  });
});

describe('arrival page: back from the payment page', () => {
  test('?payment=paid: a success notice, focused, and the parameter removed (the rest of the query kept)', async () => {
    const t = show(bookingRequest(3), {}, { url: `/en/arrival/${UUID}?payment=paid&utm_source=mail`, followNavigation: true });
    const notice = screen.getByTestId('payment-notice');
    expect(within(notice).getByRole('status')).toHaveTextContent('Thank you! Your payment has been received.');
    expect(notice).toHaveFocus();
    expect(t.navigate).toHaveBeenCalledWith(`/en/arrival/${UUID}?utm_source=mail`, { replace: true });
    await heading();
    // The URL changed: the notice stays.
    expect(screen.getByText('Thank you! Your payment has been received.')).toBeInTheDocument();
    expect(t.navigate).toHaveBeenCalledTimes(1);
    fireEvent.click(within(notice).getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('Thank you! Your payment has been received.')).not.toBeInTheDocument();
  });

  test('?payment=declined: a "payment declined" alert, focused, and the parameter removed', async () => {
    const t = show(bookingRequest(2), {}, { url: `/en/arrival/${UUID}?payment=declined` });
    const notice = screen.getByTestId('payment-notice');
    expect(within(notice).getByRole('alert')).toHaveTextContent('The payment was declined and no money was taken. You can try again.');
    expect(notice).toHaveFocus();
    expect(t.navigate).toHaveBeenCalledWith(`/en/arrival/${UUID}`, { replace: true });
    await heading();
    expect(screen.getByRole('button', { name: /^Pay / })).toBeInTheDocument();
    // Closed, it stays closed even while the URL still has the parameter (here the host does not move the route).
    fireEvent.click(within(notice).getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('payment-notice')).toBeNull();
  });

  test('no payment parameter (or another value): no notice, the URL untouched', async () => {
    const t = show(bookingRequest(2), {}, { url: `/en/arrival/${UUID}?payment=maybe` });
    await heading();
    expect(screen.queryByTestId('payment-notice')).toBeNull();
    expect(t.navigate).not.toHaveBeenCalled();
  });
});

describe('arrival page: cancellation (§4.7)', () => {
  const cancelled = (message: string | null) =>
    bookingRequest(5, {
      agreement: null, invoices: [],
      history: [
        ...bookingRequest(1).history,
        { at: '2026-03-10T09:00:00.000Z', actor: 'traveller', action: 'cancel', from_status: 1, to_status: 5, message },
      ],
    });

  test('a confirmation with a message; the request answered is shown with its new status, the notice focused', async () => {
    const t = show(bookingRequest(1), { [CANCEL]: ({ body }: { body?: unknown }) => ({ success: true, request: cancelled((body as { message?: string }).message ?? null) }) });
    await heading();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel the request' }));
    const panel = screen.getByRole('form', { name: 'Cancel request #701?' });
    const message = within(panel).getByRole('textbox', { name: 'Why are you cancelling? (optional)' });
    expect(message).toHaveFocus();
    fireEvent.change(message, { target: { value: 'Our plans changed' } });
    expect(within(panel).getByRole('checkbox', { name: 'Send me a confirmation to ivan@example.com' })).toBeChecked();
    fireEvent.click(within(panel).getByRole('button', { name: 'Yes, cancel the request' }));

    const done = await screen.findByText('Your request has been cancelled.');
    expect(done).toHaveAttribute('role', 'status');
    expect(done).toHaveFocus();
    expect(t.posts('/crm/api/request/cancel')).toEqual([expect.objectContaining({ body: { id: 701, uuid: UUID, message: 'Our plans changed', notify_client: true } })]);
    expect(screen.getByTestId('request-status')).toHaveTextContent('Cancelled by the traveller');
    expect(screen.getByTestId('request-history')).toHaveTextContent('Request cancelled by you: Cancelled by the traveller');
    expect(screen.getByTestId('request-history')).toHaveTextContent('Our plans changed');
    expect(screen.queryByRole('button', { name: 'Cancel the request' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Cancel request #701?' })).toBeNull();
  });

  test.each([
    ['a tier of the tour holds today', { paid: 18410, currency: 'RUB', percent: 50, retained: 9205, refund: 9205 }, `You paid ${rub(18410)}. Under the tour's cancellation terms, cancelling today keeps ${rub(9205)} (50%) and refunds ${rub(9205)} the way you paid.`],
    ['free today', { paid: 18410, currency: 'RUB', percent: 0, retained: 0, refund: 18410 }, `You paid ${rub(18410)}. Cancelling today, all of it is refunded the way you paid.`],
    ['no term for today', { paid: 18410, currency: 'RUB', percent: null, retained: null, refund: null }, `You paid ${rub(18410)}. The coordinator will tell you how much of it is refunded under the tour's cancellation terms.`],
  ])('a paid booking: the confirmation says what cancelling now does to the money (issue 29: %s)', async (_name, cancellation, text) => {
    show(bookingRequest(2, { cancellation }));
    await heading();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel the request' }));
    const panel = screen.getByRole('form', { name: 'Cancel request #701?' });
    expect(within(panel).getByText((_c, el) => el?.tagName === 'P' && el.textContent?.replace(/\s/g, ' ') === text)).toBeInTheDocument();
  });

  test('nothing paid: nothing said about money', async () => {
    show(bookingRequest(1, { cancellation: null }));
    await heading();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel the request' }));
    expect(screen.queryByText(/You paid/)).toBeNull();
  });

  test('no message and no confirmation e-mail: only the request is sent', async () => {
    const t = show(bookingRequest(2), { [CANCEL]: { success: true, request: cancelled(null) } });
    await heading();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel the request' }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Send me a confirmation/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, cancel the request' }));
    await screen.findByText('Your request has been cancelled.');
    expect(t.posts('/crm/api/request/cancel')[0]!.body).toEqual({ id: 701, uuid: UUID, notify_client: false });
  });

  test('keeping the request (button or Escape) closes the confirmation and focus returns to the button', async () => {
    show(bookingRequest(1));
    await heading();
    const open = screen.getByRole('button', { name: 'Cancel the request' });
    fireEvent.click(open);
    expect(open).toHaveAttribute('aria-expanded', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Keep the request' }));
    expect(screen.queryByRole('form', { name: 'Cancel request #701?' })).toBeNull();
    expect(open).toHaveFocus();
    expect(open).toHaveAttribute('aria-expanded', 'false');

    fireEvent.click(open);
    fireEvent.keyDown(screen.getByRole('textbox', { name: /Why are you cancelling/ }), { key: 'Escape' });
    expect(screen.queryByRole('form', { name: 'Cancel request #701?' })).toBeNull();
    expect(open).toHaveFocus();
  });

  test('no answer: a toast, the confirmation and the message stay for another try', async () => {
    const t = show(bookingRequest(1), { [CANCEL]: new ApiError(0, '/crm/api/request/cancel', '') });
    await heading();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel the request' }));
    fireEvent.change(screen.getByRole('textbox', { name: /Why are you cancelling/ }), { target: { value: 'Sorry' } });
    fireEvent.click(screen.getByRole('button', { name: 'Yes, cancel the request' }));
    await waitFor(() => expect(t.toast).toHaveBeenCalledWith({ kind: 'error', messageId: 'common.requestFailed' }));
    expect(screen.getByRole('textbox', { name: /Why are you cancelling/ })).toHaveValue('Sorry');
    expect(screen.getByRole('button', { name: 'Yes, cancel the request' })).toBeEnabled();
    expect(screen.getByTestId('request-status')).toHaveTextContent('Awaiting confirmation');
  });
});
