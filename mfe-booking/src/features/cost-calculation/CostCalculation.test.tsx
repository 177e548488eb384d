import '@testing-library/jest-dom';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ApiError, HostProvider } from '@tours/shared/core';
import { browserMoscowOffset } from '@tours/shared/src/domain/moscow-offset';
import { createTestHost, type FakeRoutes, type TestHostOptions } from '@tours/shared/src/testing';
import { CostCalculationFormContent } from '../../parcels/CostCalculationForm';
import { citiesAnswer, day, excursionForRequest, tickets, tourForRequest } from './test-fixture';
import { runAnimationFramesAtOnce } from '../common/test-setup';

const UUID = '0b7f1f0e-7c1a-4f5e-9a51-6f1f5d3c2b10';

interface Show extends Omit<TestHostOptions, 'api' | 'routes'> {
  tourType?: number;
  tourId?: number;
}

function show(routes: FakeRoutes = {}, { tourType = 1, tourId = 1001, ...options }: Show = {}) {
  // The test kit's fake API records every call with its headers (the idempotency key travels in one).
  const t = createTestHost({
    url: '/en/svir-tour-1001', currency: 'RUB', ...options,
    routes: {
      '/spa/tour-for-request': tourForRequest(),
      '/spa/tours-cities': tickets([1]),
      '/spa/cities-by-query': ({ query }: { query?: Record<string, unknown> }) => citiesAnswer(String(query?.query)),
      ...routes,
    },
  });
  const close = jest.fn();
  const ui = () => (
    <HostProvider host={t.host}>
      <CostCalculationFormContent modal={{ close }} tourId={tourId} tourTitle="Sightseeing tour in Svir" tourType={tourType} />
    </HostProvider>
  );
  const r = render(ui());
  return { ...t, ...r, sent: t.calls, close, requests: () => t.calls.filter((c) => c.path === '/spa/submit-help-request') };
}

const form = () => screen.findByRole('form', { name: 'Calculate tour price with tickets from your city' });
const cityBox = () => screen.getByRole('combobox', { name: 'Your city' });
const dateRadio = (value: string) => document.querySelector<HTMLInputElement>(`input[name="dates"][value="${value}"]`)!;
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Send request' }));

/** Types into the city box and picks the suggestion named `pick` (with the keyboard), or leaves the text as typed. */
async function city(text: string, pick?: string) {
  const box = cityBox();
  fireEvent.focus(box);
  fireEvent.change(box, { target: { value: text } });
  if (!pick) return;
  await screen.findByRole('option', { name: new RegExp(`^${pick},`) });
  const options = screen.getAllByRole('option');
  const index = options.findIndex((o) => o.textContent!.startsWith(`${pick},`));
  for (let i = 0; i <= index; i += 1) fireEvent.keyDown(box, { key: 'ArrowDown' });
  fireEvent.keyDown(box, { key: 'Enter' });
  expect(box).toHaveValue(pick);
}

function contacts(o: { email?: string; phone?: string } = {}) {
  fireEvent.change(screen.getByRole('textbox', { name: /^E-mail/ }), { target: { value: o.email ?? 'ivan@example.com' } });
  fireEvent.change(screen.getByRole('textbox', { name: /^Phone/ }), { target: { value: o.phone ?? '+7 912 345 67 89' } });
}

const ticketType = () => screen.queryByRole('group', { name: 'Ticket type' });

runAnimationFramesAtOnce();
beforeEach(() => localStorage.clear());
afterEach(() => jest.useRealTimers());

describe('cost calculation modal: loading', () => {
  test('the title, a skeleton while the tour and its tickets data load together, then the form', async () => {
    const t = show();
    expect(screen.getByRole('heading', { name: 'Calculate tour price with tickets from your city' })).toHaveAttribute('id', 'booking-cost-calculation-title');
    expect(screen.getByText('Sightseeing tour in Svir')).toBeInTheDocument();
    expect(screen.getByTestId('cost-calculation-skeleton')).toBeInTheDocument();
    // Both asked before either answered.
    expect(t.sent.map((c) => [c.path, c.query])).toEqual([
      ['/spa/tour-for-request', { id: 1001, format: 'main', site_id: 1 }],
      ['/spa/tours-cities', { tour_id: 1001 }],
    ]);
    await form();
    expect(screen.getByRole('group', { name: 'Tour date' })).toBeInTheDocument();
    // Another option's date is another tour: not offered here.
    expect(dateRadio('4')).toBeNull();
    expect(dateRadio('1')).not.toBeChecked();
    expect(dateRadio('individual')).toBeInTheDocument();
  });

  test('no answer shows Retry, which asks again', async () => {
    let tickets_: unknown = new ApiError(0, '/spa/tours-cities', 'Network error');
    show({ '/spa/tours-cities': () => tickets_ });
    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    tickets_ = tickets([1]);
    fireEvent.click(retry);
    await form();
  });
});

describe('cost calculation modal: the city combobox (§5.7)', () => {
  test('asks with the trimmed, lower-cased text after 200 ms; arrows and Enter pick; Escape closes the list and keeps the text', async () => {
    const t = show();
    await form();
    const box = cityBox();
    expect(box).toHaveAttribute('aria-expanded', 'false');
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: '  KAZ ' } });
    expect(t.sent.filter((c) => c.path === '/spa/cities-by-query')).toEqual([]);
    const listbox = await screen.findByRole('listbox', { name: 'Your city' });
    expect(t.sent.filter((c) => c.path === '/spa/cities-by-query').map((c) => c.query)).toEqual([{ query: 'kaz' }]);
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(within(listbox).getAllByRole('option').map((o) => o.textContent)).toEqual(['Kazan, Tatarstan, Russia']);
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveValue('  KAZ ');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: 'Kazan, Tatarstan, Russia' }).id);
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(box).toHaveValue('Kazan');
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  test('an empty text asks nothing; a failed search is logged and shows an empty list', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const t = show({ '/spa/cities-by-query': new ApiError(500, '/spa/cities-by-query', 'Server error') });
    await form();
    await city('   ');
    await act(() => new Promise((r) => setTimeout(r, 300)));
    expect(t.sent.filter((c) => c.path === '/spa/cities-by-query')).toEqual([]);
    await city('Mos');
    await waitFor(() => expect(error).toHaveBeenCalled());
    expect(screen.queryAllByRole('option')).toEqual([]);
    expect(cityBox()).toHaveValue('Mos');
    error.mockRestore();
  });
});

describe('cost calculation modal: checks (§5.5)', () => {
  test('an empty submit: Required field on the city, the date and the contacts, the city focused, nothing sent', async () => {
    const t = show();
    await form();
    submit();
    expect(screen.getByRole('group', { name: 'Your city' })).toHaveAccessibleDescription('Required field');
    expect(cityBox()).toHaveFocus();
    expect(screen.getByRole('group', { name: 'Tour date' })).toHaveAccessibleDescription('Required field');
    expect(screen.getByRole('textbox', { name: /^E-mail/ })).toHaveAccessibleDescription('Required field');
    expect(screen.getByRole('textbox', { name: /^Phone/ })).toHaveAccessibleDescription('Required field');
    expect(screen.getByRole('status', { hidden: true })).toHaveTextContent('Please check the fields marked in red: Your city, Tour date, E-mail, Phone');
    expect(t.requests()).toEqual([]);
  });

  test('the summary follows the fields: it names those still wrong and is gone once they are fixed (issue 29)', async () => {
    show();
    await form();
    submit();
    const summary = screen.getByRole('status', { hidden: true });
    expect(summary).toHaveTextContent('Please check the fields marked in red: Your city, Tour date, E-mail, Phone');
    contacts();
    expect(summary).toHaveTextContent('Please check the fields marked in red: Your city, Tour date');
    fireEvent.click(dateRadio('1'));
    await city('Kazan');
    expect(screen.getByRole('group', { name: 'Your city' })).not.toHaveAccessibleDescription('Required field');
    expect(summary).toHaveTextContent(/^$/);
  });

  test('individual dates need a start and an end; Reset clears them', async () => {
    show();
    await form();
    fireEvent.click(dateRadio('individual'));
    const start = screen.getByLabelText(/^Start date/);
    expect(start).toHaveAttribute('min', day(10));
    expect(start).toHaveAttribute('max', day(300));
    submit();
    expect(start).toHaveAccessibleDescription('Required field');
    expect(screen.getByLabelText(/^End date/)).toHaveAccessibleDescription('Required field');
    fireEvent.change(start, { target: { value: day(20) } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(dateRadio('individual')).not.toBeChecked();
    expect(screen.queryByLabelText(/^Start date/)).not.toBeInTheDocument();
  });

  test('an excursion with a request period asks the start time: 24-hour hint, 99:99 mask, required', async () => {
    const t = show({ '/spa/tour-for-request': excursionForRequest() }, { tourType: 2, tourId: 2002 });
    await form();
    fireEvent.click(dateRadio('individual'));
    const time = screen.getByRole('textbox', { name: /^Start time/ });
    expect(time).toHaveAccessibleDescription('24-hour time format');
    submit();
    expect(time).toHaveAccessibleDescription('24-hour time format Required field');
    fireEvent.change(time, { target: { value: '9a3' } });
    expect(time).toHaveValue('93');
    fireEvent.change(time, { target: { value: '0930' } });
    expect(time).toHaveValue('09:30');
    // An excursion time brings its own start: no field.
    fireEvent.click(dateRadio(`excursion:${day(5)}:31`));
    expect(screen.queryByRole('textbox', { name: /^Start time/ })).not.toBeInTheDocument();
    expect(t.requests()).toEqual([]);
  });
});

describe('cost calculation modal: plane or train (§6)', () => {
  test('offered for a Russian city when the tour arrives in Russia; neither checked says Select ticket type', async () => {
    const t = show({ 'POST /spa/submit-help-request': { request_id: 801, requestUUID: UUID, email: 'ivan@example.com' } });
    await form();
    expect(ticketType()).not.toBeInTheDocument();
    await city('Kaz', 'Kazan');
    const group = ticketType()!;
    expect(within(group).getByRole('checkbox', { name: 'Plane' })).toBeChecked();
    fireEvent.click(within(group).getByRole('checkbox', { name: 'Plane' }));
    fireEvent.click(dateRadio('1'));
    contacts();
    submit();
    expect(group).toHaveAccessibleDescription('Select ticket type');
    expect(within(group).getByRole('checkbox', { name: 'Plane' })).toHaveFocus();
    expect(t.requests()).toEqual([]);
    fireEvent.click(within(group).getByRole('checkbox', { name: 'Train' }));
    submit();
    await waitFor(() => expect(t.requests()).toHaveLength(1));
    expect(t.requests()[0]!.body).toMatchObject({ data: { city: 'Kazan', is_travel_by_avia: false, is_travel_by_train: true } });
  });

  test.each([
    ['a city outside Russia', { city: ['Ber', 'Berlin'] }],
    ['a typed city no suggestion names', { city: ['Petrovka'] }],
    ['the russianIsAvailable setting off', { city: ['Kaz', 'Kazan'], config: { russianIsAvailable: false } }],
    ['a tour with no Russian arrival', { city: ['Kaz', 'Kazan'], arrivals: [2] }],
  ] as const)('not offered for %s, and the request says plane', async (_name, o) => {
    const t = show(
      { 'POST /spa/submit-help-request': { request_id: 802, requestUUID: UUID, email: 'ivan@example.com' }, '/spa/tours-cities': tickets('arrivals' in o ? [...o.arrivals] : [1]) },
      'config' in o ? { config: o.config } : {},
    );
    await form();
    await city(o.city[0], o.city[1]);
    expect(ticketType()).not.toBeInTheDocument();
    fireEvent.click(dateRadio('1'));
    contacts();
    submit();
    await waitFor(() => expect(t.requests()).toHaveLength(1));
    expect(t.requests()[0]!.body).toMatchObject({ data: { is_travel_by_avia: true, is_travel_by_train: false } });
  });
});

describe('cost calculation modal: submit', () => {
  test('sends the exact request with an idempotency key, closes the modal, and 400 ms later the alert names the e-mail', async () => {
    document.cookie = 'utm_source=partner7; path=/';
    const t = show({ 'POST /spa/submit-help-request': { request_id: 803, requestUUID: UUID, email: 'quote@example.com' } });
    await form();
    await city('mos', 'Moscow');
    fireEvent.click(dateRadio('individual'));
    fireEvent.change(screen.getByLabelText(/^Start date/), { target: { value: day(20) } });
    fireEvent.change(screen.getByLabelText(/^End date/), { target: { value: day(25) } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Train' }));
    contacts();
    jest.useFakeTimers({ now: Date.now() });
    let closedAt = 0;
    t.close.mockImplementation(() => {
      closedAt = jest.now();
    });
    submit();
    await waitFor(() => expect(t.close).toHaveBeenCalled());
    const [request] = t.requests();
    const url = window.location.href;
    expect(request!.body).toEqual({
      data: {
        type: 'city_calculate', tour_id: 1001, city: 'Moscow', dates: 'individual', date_start_formatted: day(20), date_end_formatted: day(25),
        is_travel_by_avia: true, is_travel_by_train: true, email: 'ivan@example.com', phone: '+79123456789', timezone: browserMoscowOffset().offset,
        comment: `request from ${url}`, referer: url, utm_source: 'partner7',
      },
    });
    expect(request!.captcha).toBe(true);
    expect(request!.headers!['Idempotency-Key']).toMatch(/^[A-Za-z0-9._:-]{8,128}$/);
    expect(localStorage.getItem('booking-draft:cost-calculation:1001')).toBeNull();

    act(() => jest.advanceTimersByTime(closedAt + 399 - jest.now()));
    expect(t.toast).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(t.toast).toHaveBeenCalledWith({
      kind: 'success',
      text: "Successful! Our tour coordinator will contact you to clarify the details, and we'll send the flight quote to your e-mail (quote@example.com)",
    });
    document.cookie = 'utm_source=; max-age=0; path=/';
  });

  test('server field errors land on their fields, the message is a toast, everything typed stays', async () => {
    const t = show({
      'POST /spa/submit-help-request': new ApiError(422, '/spa/submit-help-request', 'Check the fields', { city: 'Unknown city', is_travel_by_avia: 'Select ticket type', phone: 'Incorrect phone number' }),
    });
    await form();
    await city('Kaz', 'Kazan');
    fireEvent.click(dateRadio('2'));
    contacts();
    submit();
    await waitFor(() => expect(screen.getByRole('group', { name: 'Your city' })).toHaveAccessibleDescription('Unknown city'));
    expect(ticketType()).toHaveAccessibleDescription('Select ticket type');
    expect(screen.getByRole('textbox', { name: /^Phone/ })).toHaveAccessibleDescription('Incorrect phone number');
    expect(cityBox()).toHaveFocus();
    expect(t.toast).toHaveBeenCalledWith({ kind: 'error', text: 'Check the fields' });
    expect(t.close).not.toHaveBeenCalled();
    expect(cityBox()).toHaveValue('Kazan');
    expect(dateRadio('2')).toBeChecked();
    expect(screen.getByRole('textbox', { name: /^E-mail/ })).toHaveValue('ivan@example.com');
  });

  test('no connection keeps everything; Try again resends the same key; a reload comes back as typed and resends it; success clears the draft', async () => {
    let answer: unknown = new ApiError(0, '/spa/submit-help-request', 'Network error');
    const t = show({ 'POST /spa/submit-help-request': () => answer });
    await form();
    await city('Kaz', 'Kazan');
    fireEvent.click(dateRadio('1'));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Train' }));
    contacts({ email: 'maria@example.com' });
    submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('there is no connection to our server');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(t.requests()).toHaveLength(2));
    const key = t.requests()[0]!.headers!['Idempotency-Key'];
    expect(t.requests()[1]!.headers!['Idempotency-Key']).toBe(key);
    expect(t.close).not.toHaveBeenCalled();
    const draft = JSON.parse(localStorage.getItem('booking-draft:cost-calculation:1001')!) as { values: Record<string, unknown>; idempotencyKey: string };
    expect(draft).toMatchObject({ values: { city: 'Kazan', city_country_id: 1, dates: '1', is_travel_by_train: true, email: 'maria@example.com' }, idempotencyKey: key });

    // The modal closed (or the page reloaded): it opens as it was, and the resend carries the same key.
    t.unmount();
    answer = { request_id: 804, requestUUID: UUID };
    const again = show({ 'POST /spa/submit-help-request': () => answer });
    await form();
    expect(cityBox()).toHaveValue('Kazan');
    expect(dateRadio('1')).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Train' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: /^E-mail/ })).toHaveValue('maria@example.com');
    submit();
    submit(); // a double click
    await waitFor(() => expect(again.close).toHaveBeenCalled());
    expect(again.requests()).toHaveLength(1);
    expect(again.requests()[0]!.headers!['Idempotency-Key']).toBe(key);
    expect(localStorage.getItem('booking-draft:cost-calculation:1001')).toBeNull();
  });

  test('logged in: e-mail and phone come from the account, are not required unless edited, and the alert falls back to the e-mail sent', async () => {
    const t = show(
      { 'POST /spa/submit-help-request': { request_id: 805, requestUUID: UUID } },
      { session: { token: 'tok', profile: { id: 5, first_name: 'Olga', last_name: 'S', email: 'olga@example.com', phone: '+79001234567' } } },
    );
    await form();
    const email = screen.getByRole('textbox', { name: /^E-mail/ });
    const phone = screen.getByRole('textbox', { name: /^Phone/ });
    expect(email).toHaveValue('olga@example.com');
    expect(email).not.toBeRequired();
    expect(email).toHaveAccessibleDescription('From your account');
    expect(phone).toHaveValue('+79001234567');
    expect(phone).not.toBeRequired();
    await city('Ber', 'Berlin');
    fireEvent.click(dateRadio('1'));
    jest.useFakeTimers({ now: Date.now() });
    submit();
    await waitFor(() => expect(t.close).toHaveBeenCalled());
    expect(t.requests()[0]!.body).toMatchObject({ data: { email: 'olga@example.com', phone: '+79001234567' } });
    act(() => jest.advanceTimersByTime(400));
    expect(t.toast).toHaveBeenCalledWith(expect.objectContaining({ kind: 'success', text: expect.stringContaining('(olga@example.com)') }));

    // Edited to nothing: required again.
    t.unmount();
    jest.useRealTimers();
    show({}, { session: { token: 'tok', profile: { id: 5, first_name: 'Olga', last_name: 'S', email: 'olga@example.com', phone: '+79001234567' } } });
    await form();
    fireEvent.change(screen.getByRole('textbox', { name: /^E-mail/ }), { target: { value: '' } });
    expect(screen.getByRole('textbox', { name: /^E-mail/ })).toBeRequired();
    submit();
    expect(screen.getByRole('textbox', { name: /^E-mail/ })).toHaveAccessibleDescription('Required field');
  });
});
