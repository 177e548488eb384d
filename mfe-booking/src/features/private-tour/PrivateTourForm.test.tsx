import '@testing-library/jest-dom';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ApiError, HostProvider } from '@tours/shared/core';
import { browserMoscowOffset } from '@tours/shared/domain';
import { createTestHost, type FakeRoutes, type TestHostOptions } from '@tours/shared/src/testing';
import { PrivateTourForm } from './PrivateTourForm';
import { runAnimationFramesAtOnce } from '../common/test-setup';

// The calendar is fixed in tests (scripts/jest/fixed-clock.ts); day(n) is n days from today.
const TODAY = new Date();
const day = (offset: number) => new Date(TODAY.getFullYear(), TODAY.getMonth(), TODAY.getDate() + offset, 12).toISOString().slice(0, 10);

const UUID = '0b7f1f0e-7c1a-4f5e-9a51-6f1f5d3c2b10';
const DRAFT = 'booking-draft:private-tour:1001';
const PATH = '/spa/submit-help-request';

/** The modal's content as the parcel shows it, for tour 1001 with a request period from day 10 to day 300. */
function show(routes: FakeRoutes = {}, options: Omit<TestHostOptions, 'api' | 'routes'> = {}) {
  // The test kit's fake API records every call with its headers (the idempotency key travels in one).
  const t = createTestHost({ url: '/en/svir-tour-1001', ...options, routes });
  const close = jest.fn();
  const r = render(
    <HostProvider host={t.host}>
      <PrivateTourForm tourId={1001} tourTitle="Sightseeing tour in Svir" requestPeriodStart={day(10)} requestPeriodEnd={day(300)} modal={{ close }} titleId="private-tour-title" />
    </HostProvider>,
  );
  return { ...t, ...r, close, requests: () => t.calls.filter((c) => c.path === PATH) };
}

const field = {
  name: () => screen.getByRole('textbox', { name: /^Name/ }),
  start: () => screen.getByLabelText(/^Start date/),
  end: () => screen.getByLabelText(/^End date/),
  adults: () => screen.getByRole('spinbutton', { name: 'Adults' }),
  children: () => screen.getByRole('spinbutton', { name: 'Children' }),
  comment: () => screen.getByRole('textbox', { name: /^Comment/ }),
  email: () => screen.getByRole('textbox', { name: /^E-mail/ }),
  phone: () => screen.getByRole('textbox', { name: /^Phone/ }),
  agree: () => screen.getByRole('checkbox', { name: /I accept Terms and Conditions/ }),
};
const type = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });

function fill(o: { name?: string; start?: string; end?: string; email?: string; phone?: string; comment?: string } = {}) {
  type(field.name(), o.name ?? 'Ivan Petrov');
  type(field.start(), o.start ?? day(20));
  type(field.end(), o.end ?? day(27));
  if (o.email !== '') type(field.email(), o.email ?? 'ivan@example.com');
  if (o.phone !== '') type(field.phone(), o.phone ?? '+7 912 345 67 89');
  if (o.comment) type(field.comment(), o.comment);
  fireEvent.click(field.agree());
}
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
const compact = (iso: string) => iso.replace(/-/g, '');

function clearCookies() {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]!.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
}

runAnimationFramesAtOnce();
beforeEach(() => {
  localStorage.clear();
  clearCookies();
});

describe('private tour request: the form (§2.7, §5.6)', () => {
  test('the spec title and fields; the dates bounded by the request period', () => {
    show();
    expect(screen.getByRole('form', { name: 'Book a private custom tour' })).toBeInTheDocument();
    expect(screen.getByText('Tour: Sightseeing tour in Svir')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Your travel dates' })).toBeInTheDocument();
    // The period starts after today: its start is the earliest date; its end the latest.
    expect(field.start()).toHaveAttribute('min', day(10));
    expect(field.start()).toHaveAttribute('max', day(300));
    expect(field.adults()).toHaveValue(1);
    expect(field.adults()).toHaveAccessibleDescription('18 years and older');
    expect(field.children()).toHaveValue(0);
    expect(field.children()).toHaveAccessibleDescription('17 years and younger');
    expect(screen.getByRole('button', { name: 'Fewer: Adults' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Fewer: Children' })).toBeDisabled();
    expect(field.email()).toBeRequired();
    expect(field.phone()).toBeRequired();
    expect(screen.getByText(/when you click "Send request"/)).toHaveTextContent(/^You acknowledge that you agree to our Terms and Conditions.* and Privacy Policy.* when you click "Send request"$/);
  });

  test('required fields say so, the first is focused, nothing is sent', () => {
    const t = show();
    submit();
    for (const el of [field.name(), field.start(), field.end(), field.email(), field.phone(), field.agree()]) expect(el).toHaveAccessibleDescription('Required field');
    expect(field.comment()).not.toHaveAccessibleDescription();
    expect(field.name()).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('Please check the fields marked in red: Name, Start date, End date, E-mail, Phone, Terms and Conditions');
    expect(t.requests()).toEqual([]);
  });

  test('dates outside the period, an end before the start, a wrong e-mail and phone', () => {
    const t = show();
    fill({ start: day(5), end: day(4), email: 'ivan@example', phone: '+7 912' });
    submit();
    expect(field.start()).toHaveAccessibleDescription("Choose a date within the tour's request period");
    expect(field.end()).toHaveAccessibleDescription('The end date must not be before the start date');
    expect(field.email()).toHaveAccessibleDescription('Please enter a valid e-mail');
    expect(field.phone()).toHaveAccessibleDescription('Please enter a valid phone number');
    type(field.start(), day(290));
    type(field.end(), day(301));
    submit();
    expect(field.start()).not.toHaveAccessibleDescription();
    expect(field.end()).toHaveAccessibleDescription("Choose a date within the tour's request period");
    expect(t.requests()).toEqual([]);
  });
});

describe('private tour request: submit (§3.7, §4.4, §7.4)', () => {
  test('sends the exact payload once, remembers the request, closes and goes to add-tourists', async () => {
    document.cookie = 'utm_source=newsletter; Path=/';
    const t = show({ [`POST ${PATH}`]: { request_id: 701, requestUUID: UUID } });
    fill({ comment: 'Vegetarian' });
    fireEvent.click(screen.getByRole('button', { name: 'More: Adults' }));
    fireEvent.click(screen.getByRole('button', { name: 'More: Children' }));
    submit();
    submit(); // a double click
    await waitFor(() => expect(t.navigate).toHaveBeenCalled());
    expect(t.requests()).toHaveLength(1);
    const [sent] = t.requests();
    expect(sent!.captcha).toBe(true);
    expect(sent!.headers!['Idempotency-Key']).toMatch(/^[A-Za-z0-9._:-]{8,128}$/);
    expect(sent!.body).toEqual({
      data: {
        type: 'individual_tour', tour_id: 1001, name: 'Ivan Petrov', phone: '+79123456789', email: 'ivan@example.com', individual: true,
        individual_dates: `${compact(day(20))}-${compact(day(27))}`, adults: 2, children: 1,
        comment: `Vegetarian\nrequest from ${window.location.href}`, timezone: browserMoscowOffset().offset, referer: window.location.href, utm_source: 'newsletter',
      },
    });
    expect(t.close).toHaveBeenCalledWith({ request_id: 701, requestUUID: UUID });
    expect(t.navigations).toEqual([t.host.href('add-tourists', { id: UUID }, { request_id: 701 })]);
    expect(t.navigations[0]).toMatch(new RegExp(`/order/${UUID}/add-tourists\\?request_id=701$`));
    expect(document.cookie).toMatch(/(^|; )last_request_id=701(;|$)/);
    expect(localStorage.getItem(DRAFT)).toBeNull();
  });

  test('server field errors land on their fields (the range on both dates), the message is a toast, everything stays', async () => {
    const t = show({
      [`POST ${PATH}`]: new ApiError(422, PATH, 'Check the fields', { individual_dates: 'The dates are outside the period the tour can be requested for', 'data.email': 'This e-mail cannot receive mail' }),
    });
    fill({ comment: 'Vegetarian' });
    submit();
    await waitFor(() => expect(field.start()).toHaveAccessibleDescription('The dates are outside the period the tour can be requested for'));
    expect(field.end()).toHaveAccessibleDescription('The dates are outside the period the tour can be requested for');
    expect(field.email()).toHaveAccessibleDescription('This e-mail cannot receive mail');
    expect(field.start()).toHaveFocus();
    expect(t.toast).toHaveBeenCalledWith({ kind: 'error', text: 'Check the fields' });
    expect(field.name()).toHaveValue('Ivan Petrov');
    expect(field.comment()).toHaveValue('Vegetarian');
    expect(field.start()).toHaveValue(day(20));
    expect(t.navigate).not.toHaveBeenCalled();
    expect(t.close).not.toHaveBeenCalled();
  });

  test('no answer: the form says so and keeps everything; Try again resends the same Idempotency-Key', async () => {
    let answer: unknown = new ApiError(0, PATH, 'Network error');
    const t = show({ [`POST ${PATH}`]: () => answer });
    fill({ name: 'Maria' });
    submit();
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't send your request: there is no connection to our server. Everything you typed is kept.");
    expect(field.name()).toHaveValue('Maria');
    expect(field.end()).toHaveValue(day(27));
    const key = t.requests()[0]!.headers!['Idempotency-Key'];
    expect(JSON.parse(localStorage.getItem(DRAFT)!)).toMatchObject({ values: { name: 'Maria', date_start: day(20) }, idempotencyKey: key });

    answer = { request_id: 702, requestUUID: UUID };
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(t.navigate).toHaveBeenCalled());
    expect(t.requests()).toHaveLength(2);
    expect(t.requests()[1]!.headers!['Idempotency-Key']).toBe(key);
    expect(t.requests()[1]!.body).toEqual(t.requests()[0]!.body);
    expect(localStorage.getItem(DRAFT)).toBeNull();
  });
});

describe('private tour request: never lose a request (issue 14)', () => {
  test('a closed modal or a reload brings back what was typed, and a resend after it carries the same key', async () => {
    let answer: unknown = new ApiError(0, PATH, 'Network error');
    const first = show({ [`POST ${PATH}`]: () => answer });
    fill({ name: 'Olga', comment: 'With a dog' });
    fireEvent.click(screen.getByRole('button', { name: 'More: Children' }));
    submit();
    await screen.findByRole('alert');
    const key = first.requests()[0]!.headers!['Idempotency-Key'];
    first.unmount();

    const again = show({ [`POST ${PATH}`]: () => answer });
    expect(field.name()).toHaveValue('Olga');
    expect(field.start()).toHaveValue(day(20));
    expect(field.end()).toHaveValue(day(27));
    expect(field.children()).toHaveValue(1);
    expect(field.comment()).toHaveValue('With a dog');
    expect(field.email()).toHaveValue('ivan@example.com');
    expect(field.agree()).toBeChecked();
    answer = { request_id: 703, requestUUID: UUID };
    submit();
    await waitFor(() => expect(again.navigate).toHaveBeenCalled());
    expect(again.requests()[0]!.headers!['Idempotency-Key']).toBe(key);
  });

  test('typing alone is kept too (no submit yet)', () => {
    const first = show();
    type(field.name(), 'Anna');
    type(field.start(), day(30));
    first.unmount();
    show();
    expect(field.name()).toHaveValue('Anna');
    expect(field.start()).toHaveValue(day(30));
  });
});

describe('private tour request: a signed-in traveller (§6)', () => {
  const session = { token: 'tok', profile: { id: 5, first_name: 'Olga', last_name: 'S', email: 'olga@example.com', phone: '+79001234567' } };

  test('e-mail and phone come from the account and are not required unless edited', async () => {
    const t = show({ [`POST ${PATH}`]: { request_id: 704, requestUUID: UUID } }, { session });
    expect(field.email()).toHaveValue('olga@example.com');
    expect(field.email()).not.toBeRequired();
    expect(field.email()).toHaveAccessibleDescription('From your account');
    expect(field.phone()).toHaveValue('+79001234567');
    expect(field.phone()).not.toBeRequired();

    // Edited, the e-mail is the traveller's own again: required.
    type(field.email(), '');
    submit();
    expect(field.email()).toHaveAccessibleDescription('Required field');
    type(field.email(), 'olga@example.com');

    fill({ name: 'Olga', email: '', phone: '' });
    submit();
    await waitFor(() => expect(t.navigate).toHaveBeenCalled());
    expect(t.requests()[0]!.body).toMatchObject({ data: { email: 'olga@example.com', phone: '+79001234567', name: 'Olga' } });
  });
});
