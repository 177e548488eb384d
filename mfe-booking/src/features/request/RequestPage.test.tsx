import '@testing-library/jest-dom';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ApiError, HostProvider } from '@tours/shared/core';
import { STORAGE } from '@tours/shared/contract';
import { createTestHost, type FakeRoutes, type TestHostOptions } from '@tours/shared/src/testing';
import RequestPage from './RequestPage';
import { SuccessScreen } from '../common/SuccessScreen';
import { tourForRequest } from '../common/tour-fixture';
import { expectRetryInPlace, runAnimationFramesAtOnce } from '../common/test-setup';

const UUID = '0b7f1f0e-7c1a-4f5e-9a51-6f1f5d3c2b10';
const chatSources = { telegram: 'https://t.me/tours_help_bot?start=r701', vk: '', ok: '', whatsapp: 'https://wa.me/78002014567?text=CHAT', viber: '', facebook: '', instagram: '' };

function show(routes: FakeRoutes = {}, options: Omit<TestHostOptions, 'api' | 'routes'> = {}) {
  const t = createTestHost({ url: '/en/tour/1001/order', currency: 'RUB', ...options, routes: { '/spa/tour-for-request': tourForRequest(), '/spa/chat-sources-list': chatSources, ...routes } });
  // The test kit's fake API records every call with its headers (the idempotency key travels in one).
  const sent = t.calls;
  const ui = () => (
    <HostProvider host={t.host}>
      <RequestPage />
    </HostProvider>
  );
  const r = render(ui());
  return { ...t, ...r, sent, ui, orders: () => sent.filter((c) => c.path === '/spa/submit-order') };
}

const form = () => screen.findByRole('form', { name: 'Your request' });
const dateRadio = (value: string) => document.querySelector<HTMLInputElement>(`input[name="dates"][value="${value}"]`)!;

function fill(o: { name?: string; phone?: string; email?: string; agree?: boolean } = {}) {
  fireEvent.change(screen.getByRole('textbox', { name: /^Name/ }), { target: { value: o.name ?? 'Ivan Petrov' } });
  fireEvent.change(screen.getByRole('textbox', { name: /^Phone/ }), { target: { value: o.phone ?? '+7 912 345 67 89' } });
  if (o.email !== undefined) fireEvent.change(screen.getByRole('textbox', { name: /^E-mail/ }), { target: { value: o.email } });
  if (o.agree !== false) fireEvent.click(screen.getByRole('checkbox', { name: /I accept Terms and Conditions/ }));
}
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Send request' }));

runAnimationFramesAtOnce();
beforeEach(() => localStorage.clear());

describe('request page: the tour and its dates', () => {
  test('the tour summary, and the date chosen on the tour page preselected', async () => {
    localStorage.setItem(STORAGE.selectedTourDate, '2');
    const t = show();
    // While the tour loads the page stays hidden: the host's first screen (with the tour's image) shows (issue 33).
    expect(screen.getByRole('heading', { level: 1, name: 'Tour request', hidden: true }).closest('section')).not.toBeVisible();
    await form();
    expect(screen.getByRole('heading', { level: 1, name: 'Tour request' })).toBeVisible();
    const summary = screen.getByRole('complementary');
    expect(within(summary).getByRole('link', { name: 'Sightseeing tour in Svir' })).toHaveAttribute('href', '/en/svir-tour-1001');
    expect(within(summary).getByText('5 days')).toBeInTheDocument();
    expect(within(summary).getByText('Anna P.')).toBeInTheDocument();
    expect(dateRadio('2')).toBeChecked();
    expect(dateRadio('3')).toBeDisabled();
    expect(screen.getAllByText('No seats left')).toHaveLength(1);
    expect(screen.getByText('Approximate')).toBeInTheDocument();
    expect(t.sent[0]).toMatchObject({ path: '/spa/tour-for-request', query: { id: 1001, site_id: 1 } });
    expect(t.events).toContainEqual({ event: 'page:meta', payload: { title: 'Tour request', description: undefined } });
  });

  test('individual preselected shows the date fields bounded by the request period', async () => {
    localStorage.setItem(STORAGE.selectedTourDate, 'individual');
    show();
    await form();
    expect(dateRadio('individual')).toBeChecked();
    const start = screen.getByLabelText(/^Start date/);
    expect(start).toHaveAttribute('min', tourForRequest().request_period_start);
    expect(start).toHaveAttribute('max', tourForRequest().request_period_end);
  });

  test('a 404 goes to the host error page; no answer shows Retry', async () => {
    const gone = show({ '/spa/tour-for-request': new ApiError(404, '/spa/tour-for-request', 'Not found') });
    await waitFor(() => expect(gone.events).toContainEqual({ event: 'page:error', payload: { status: 404 } }));
    gone.unmount();
    const down = show({ '/spa/tour-for-request': new ApiError(0, '/spa/tour-for-request', 'Network error') });
    await expectRetryInPlace(down);
  });
});

describe('request page: submit', () => {
  test('a variant of another option warns and sends that option\'s tour_id, with an idempotency key, marked captcha', async () => {
    const t = show({ 'POST /spa/submit-order': { request_id: 701, requestUUID: UUID } });
    await form();
    fireEvent.click(dateRadio('4'));
    expect(screen.getByRole('note')).toHaveTextContent('This date belongs to another option of the tour: Vyborg Castle tour, 5 days');
    expect(screen.getByRole('link', { name: /Open Vyborg Castle tour/ })).toHaveAttribute('href', '/en/vyborg-castle-1354');
    fill();
    submit();
    await screen.findByRole('heading', { name: 'Request #701 has been sent' });
    const [order] = t.orders();
    expect(order).toMatchObject({ captcha: true, body: { data: { tour_id: 1354, dates: '4', adults: 1, children: 0, name: 'Ivan Petrov', phone: '+79123456789', agree: true, currency: 'RUB' } } });
    expect(order!.headers!['Idempotency-Key']).toMatch(/^[A-Za-z0-9._:-]{8,128}$/);
    expect((order!.body as { data: { timezone: number } }).data.timezone).toEqual(expect.any(Number));
    expect(localStorage.getItem('booking-draft:order:1001')).toBeNull();
  });

  test('a failed check focuses the first wrong field and sends nothing', async () => {
    const t = show();
    await form();
    submit();
    const date = screen.getByRole('group', { name: 'Tour date' });
    expect(date).toHaveAccessibleDescription('Required field');
    expect(dateRadio('1')).toHaveFocus();
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveAccessibleDescription('Required field');
    expect(screen.getByRole('checkbox', { name: /I accept/ })).toHaveAccessibleDescription('Required field');
    expect(t.orders()).toEqual([]);
  });

  test('server field errors land on their fields, the message is a toast, everything typed stays', async () => {
    localStorage.setItem(STORAGE.selectedTourDate, '1');
    const t = show({ 'POST /spa/submit-order': new ApiError(422, '/spa/submit-order', 'Check the fields', { phone: 'Incorrect phone number', dates: 'No seats left' }) });
    await form();
    fill({ email: 'ivan@example.com' });
    fireEvent.change(screen.getByRole('textbox', { name: /^Comment/ }), { target: { value: 'Vegetarian' } });
    submit();
    const phone = screen.getByRole('textbox', { name: /^Phone/ });
    await waitFor(() => expect(phone).toHaveAccessibleDescription('Incorrect phone number'));
    expect(screen.getByRole('group', { name: 'Tour date' })).toHaveAccessibleDescription('No seats left');
    expect(dateRadio('1')).toHaveFocus();
    expect(t.toast).toHaveBeenCalledWith({ kind: 'error', text: 'Check the fields' });
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('Ivan Petrov');
    expect(screen.getByRole('textbox', { name: /^E-mail/ })).toHaveValue('ivan@example.com');
    expect(screen.getByRole('textbox', { name: /^Comment/ })).toHaveValue('Vegetarian');
    expect(dateRadio('1')).toBeChecked();
  });

  test('no answer keeps the draft; Retry, a double click and a reload resend the same idempotency key; success clears it', async () => {
    localStorage.setItem(STORAGE.selectedTourDate, '1');
    let answer: unknown = new ApiError(0, '/spa/submit-order', 'Network error');
    const t = show({ 'POST /spa/submit-order': () => answer });
    await form();
    fill({ name: 'Maria' });
    submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('there is no connection to our server');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(t.orders()).toHaveLength(2));
    const key = t.orders()[0]!.headers!['Idempotency-Key'];
    expect(t.orders()[1]!.headers!['Idempotency-Key']).toBe(key);
    const draft = JSON.parse(localStorage.getItem('booking-draft:order:1001')!) as { values: { name: string }; idempotencyKey: string };
    expect(draft).toMatchObject({ values: { name: 'Maria', dates: '1' }, idempotencyKey: key });

    // A reload: the form comes back as typed, and the resend carries the same key.
    t.unmount();
    const again = show({ 'POST /spa/submit-order': () => answer });
    await form();
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('Maria');
    expect(screen.getByRole('checkbox', { name: /I accept/ })).toBeChecked();
    answer = { request_id: 702, requestUUID: UUID };
    submit();
    submit(); // a double click
    await screen.findByRole('heading', { name: 'Request #702 has been sent' });
    expect(again.orders()).toHaveLength(1);
    expect(again.orders()[0]!.headers!['Idempotency-Key']).toBe(key);
    expect(localStorage.getItem('booking-draft:order:1001')).toBeNull();
  });

  test('logged in: e-mail and phone come from the session and are not required unless edited', async () => {
    localStorage.setItem(STORAGE.selectedTourDate, '1');
    const t = show(
      { 'POST /spa/submit-order': { request_id: 703, requestUUID: UUID } },
      { session: { token: 'tok', profile: { id: 5, first_name: 'Olga', last_name: 'S', email: 'olga@example.com', phone: '+79001234567' } } },
    );
    await form();
    expect(screen.getByRole('textbox', { name: /^E-mail/ })).toHaveValue('olga@example.com');
    const phone = screen.getByRole('textbox', { name: /^Phone/ });
    expect(phone).toHaveValue('+79001234567');
    expect(phone).not.toBeRequired();
    // The name is required and prefilled from the account too (issue 29).
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('Olga S');
    fireEvent.click(screen.getByRole('checkbox', { name: /I accept/ }));
    submit();
    await screen.findByRole('heading', { name: 'Request #703 has been sent' });
    expect(t.orders()[0]!.body).toMatchObject({ data: { name: 'Olga S', email: 'olga@example.com', phone: '+79001234567' } });
    // An e-mail was given: no add-email form.
    expect(screen.queryByRole('form', { name: /tour selection/ })).not.toBeInTheDocument();
  });
});

describe('request page: the total (issue 29)', () => {
  test('the chosen date\'s price × the party, following the date and the counters; an estimate for individual dates', async () => {
    localStorage.setItem(STORAGE.selectedTourDate, '1');
    show();
    await form();
    const total = () => screen.getByTestId('order-total');
    expect(total()).toHaveTextContent(/^Total for 1 traveller: 26\s300\s₽/);
    expect(total()).toHaveTextContent('Nothing is charged now');
    fireEvent.click(screen.getByRole('button', { name: 'More: Adults' }));
    expect(total()).toHaveTextContent(/Total for 2 travellers: 52\s600\s₽/);
    fireEvent.click(dateRadio('4'));
    expect(total()).toHaveTextContent(/Total for 2 travellers: 156\s000\s₽/);
    fireEvent.click(dateRadio('individual'));
    expect(total()).toHaveTextContent(/Approximate total for 2 travellers: 52\s600\s₽/);
    expect(total()).toHaveTextContent('the coordinator confirms the price');
  });

  test('no date chosen yet: no total', async () => {
    show();
    await form();
    expect(screen.queryByTestId('order-total')).not.toBeInTheDocument();
  });
});

describe('request page: the success screen (§2.7)', () => {
  test('heading focused; the add-email form sends add_email_to_request with the request uuid; messenger tabs', async () => {
    localStorage.setItem(STORAGE.selectedTourDate, '1');
    const t = show({ 'POST /spa/submit-order': { request_id: 704, requestUUID: UUID }, 'POST /spa/submit-help-request': { request_id: 704, requestUUID: UUID } });
    await form();
    fill();
    submit();
    const heading = await screen.findByRole('heading', { name: 'Request #704 has been sent' });
    expect(heading).toHaveFocus();

    const emailForm = screen.getByRole('form', { name: "We'll send the tour selection to your e-mail" });
    fireEvent.click(within(emailForm).getByRole('button', { name: 'Send' }));
    expect(within(emailForm).getByRole('textbox', { name: /E-mail/ })).toHaveAccessibleDescription('Required field');
    fireEvent.change(within(emailForm).getByRole('textbox', { name: /E-mail/ }), { target: { value: 'ivan@example.com' } });
    fireEvent.click(within(emailForm).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText("Successful! We'll send the selection of tours to your e-mail.")).toBeInTheDocument();
    const help = t.sent.find((c) => c.path === '/spa/submit-help-request')!;
    expect(help).toMatchObject({ captcha: true, body: { data: { type: 'add_email_to_request', email: 'ivan@example.com', request_id_to_update: 704, requestUUID: UUID } } });

    expect(screen.getByRole('heading', { name: 'Chat with the travel expert' })).toBeInTheDocument();
    expect(t.sent.find((c) => c.path === '/spa/chat-sources-list')?.query).toMatchObject({ request_id: 704 });
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['WhatsApp', 'Telegram']);
    expect(screen.getByRole('link', { name: /Open WhatsApp/ })).toHaveAttribute('href', chatSources.whatsapp);
    act(() => {
      tabs[0]!.focus();
    });
    fireEvent.keyDown(tabs[0]!, { key: 'ArrowRight' });
    expect(tabs[1]).toHaveAttribute('aria-selected', 'true');
    expect(tabs[1]).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Click the button to go to the messenger and type the word CHAT');
    expect(screen.getByText('Bot: @tours_help_bot')).toBeInTheDocument();
  });

  test('the second tab has the QR code of its link; the SMS chat link goes to the phone given (§2.7), or says the service is down (§8)', async () => {
    localStorage.setItem(STORAGE.selectedTourDate, '1');
    const t = show({ 'POST /spa/submit-order': { request_id: 704, requestUUID: UUID }, 'POST /spa/send-chat-link-sms': { success: true, phone: '+7********89' } });
    await form();
    fill({ email: 'ivan@example.com' });
    submit();
    await screen.findByRole('heading', { name: 'Request #704 has been sent' });
    const tabs = await screen.findAllByRole('tab');
    fireEvent.click(tabs[1]!);
    expect(await within(screen.getByRole('tabpanel')).findByRole('img', { name: 'QR code of the Telegram chat' })).toBeInTheDocument();
    fireEvent.click(tabs[0]!);
    expect(within(screen.getByRole('tabpanel')).queryByRole('img')).not.toBeInTheDocument();

    expect(screen.getByText('No messenger at hand? Get the chat link by SMS.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByText("We've sent the chat link in SMS to +79123456789")).toBeInTheDocument();
    expect(t.sent.find((c) => c.path === '/spa/send-chat-link-sms')).toMatchObject({ captcha: true, body: { request_id: 704, requestUUID: UUID } });
  });

  test('SMS service unavailable: the §8 text', async () => {
    localStorage.setItem(STORAGE.selectedTourDate, '1');
    show({
      'POST /spa/submit-order': { request_id: 705, requestUUID: UUID },
      'POST /spa/send-chat-link-sms': () => {
        throw new ApiError(503, '/spa/send-chat-link-sms', 'down', {});
      },
    });
    await form();
    fill({ email: 'ivan@example.com' });
    submit();
    await screen.findByRole('heading', { name: 'Request #705 has been sent' });
    fireEvent.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'SMS service is currently unavailable due to technical reasons. Please contact the support team via the contacts on the website. We apologize for the inconvenience.',
    );
  });

  test('the Chinese locale shows a messenger QR card instead of the tabs, and the mockup still', async () => {
    const t = createTestHost({ url: '/tour/1001/order', locale: 'cn', currency: 'RUB', routes: { '/spa/chat-sources-list': chatSources } });
    render(
      <HostProvider host={t.host}>
        <SuccessScreen requestId={706} requestUUID={UUID} hasEmail />
      </HostProvider>,
    );
    const card = await screen.findByTestId('messenger-qr-card');
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(await within(card).findByRole('img')).toBeInTheDocument();
    expect(within(card).getByRole('link')).toHaveAttribute('href', chatSources.whatsapp);
    expect(screen.getByTestId('chat-mockup')).toHaveClass('bk-mockup--still');
    // No phone given: no SMS link.
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
