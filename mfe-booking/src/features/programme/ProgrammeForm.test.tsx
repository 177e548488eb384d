import '@testing-library/jest-dom';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ApiError, DEFAULT_SITE_SETTINGS, HostProvider, siteSettingsAtom } from '@tours/shared/core';
import { createTestHost, type FakeRoutes, type TestHostOptions } from '@tours/shared/src/testing';
import { ProgramPdfFormContent } from '../../parcels/ProgramPdfForm';
import { runAnimationFramesAtOnce } from '../common/test-setup';

const TOUR = { tourId: 1001, tourTitle: 'Sightseeing tour in Svir' };
const EMAIL_PATH = '/spa/tour-program-order-via-email';
const WHATSAPP_PATH = '/spa/tour-program-order-via-whatsapp';
const SUBSCRIBE_PATH = '/spa/subscribe-tour-program';
const sentTo = (email: string) => ({ success: true, email });

function show(routes: FakeRoutes = {}, o: { whatsapp?: boolean } & Omit<TestHostOptions, 'api' | 'routes'> = {}) {
  const { whatsapp = false, ...options } = o;
  const t = createTestHost({
    url: '/en/svir-tour-1001', currency: 'RUB', ...options, routes,
    prepare: (store) => store.set(siteSettingsAtom, { ...DEFAULT_SITE_SETTINGS, send_tour_program_in_pdf_via_whatsapp: whatsapp }),
  });
  const close = jest.fn();
  const ui = () => (
    <HostProvider host={t.host}>
      <ProgramPdfFormContent {...TOUR} modal={{ close }} />
    </HostProvider>
  );
  const r = render(ui());
  // What the form sent: the test kit's recorded calls, the posts with their captcha mark.
  const sent = () => t.calls.filter((c) => c.method === 'POST').map(({ path, body, captcha }) => ({ path, body, captcha }));
  return { ...t, ...r, get sent() { return sent(); }, close, ui, to: (path: string) => sent().filter((c) => c.path === path) };
}

const email = () => screen.getByRole('textbox', { name: /^E-mail/ });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Get the programme' }));
const subscribe = () => screen.getByRole('checkbox', { name: 'Also send me updates of this programme' });
const INBOX = "Check your inbox! We've sent the tour program to your e-mail (anna@example.com)";

runAnimationFramesAtOnce();
beforeEach(() => {
  localStorage.clear();
  document.cookie.split(';').forEach((c) => (document.cookie = `${c.split('=')[0]!.trim()}=; max-age=0`));
});

describe('programme PDF request: the form', () => {
  test('the spec title names the form; the tour is named; the e-mail is required and checked; nothing is sent until it is right', () => {
    const t = show();
    expect(screen.getByRole('form', { name: 'Tour programme as PDF' })).toBeInTheDocument();
    expect(screen.getByText(/the programme of “Sightseeing tour in Svir” as a PDF/)).toBeInTheDocument();
    submit();
    expect(email()).toHaveAccessibleDescription('Required field');
    expect(email()).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('Please check the fields marked in red: E-mail');
    fireEvent.change(email(), { target: { value: 'anna@example' } });
    submit();
    expect(email()).toHaveAccessibleDescription('Please enter a valid e-mail');
    expect(t.sent).toEqual([]);
  });

  test('sent by e-mail: exactly the §7.3 payload, marked captcha; the modal closes and the alert names the address', async () => {
    const t = show({ [`POST ${EMAIL_PATH}`]: sentTo('anna@example.com') });
    fireEvent.change(email(), { target: { value: ' anna@example.com ' } });
    submit();
    await waitFor(() => expect(t.close).toHaveBeenCalled());
    expect(t.sent).toEqual([{ path: EMAIL_PATH, body: { email: 'anna@example.com', tour_id: 1001, currency: 'RUB' }, captcha: true }]);
    expect(t.toast).toHaveBeenCalledWith({ kind: 'success', text: INBOX });
    expect(localStorage.getItem('booking-draft:programme:1001')).toBeNull();
  });

  test('the alert shows the address as the API answers it', async () => {
    const t = show({ [`POST ${EMAIL_PATH}`]: sentTo('anna@example.com') });
    fireEvent.change(email(), { target: { value: 'Anna@Example.com' } });
    submit();
    await waitFor(() => expect(t.toast).toHaveBeenCalledWith({ kind: 'success', text: INBOX }));
  });

  test('a signed-in traveller finds the account e-mail filled in (§6)', () => {
    show({}, { session: { token: 'tok', profile: { id: 5, first_name: 'Anna', last_name: 'P', email: 'anna@example.com', phone: '+79161234567' } } });
    expect(email()).toHaveValue('anna@example.com');
    expect(email()).toHaveAccessibleDescription('From your account');
  });

  test('in German', () => {
    show({}, { url: '/de/svir-reise-1001' });
    expect(screen.getByRole('form', { name: 'Tourprogramm als PDF' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Programm erhalten' })).toBeInTheDocument();
  });
});

describe('programme PDF request: the subscription', () => {
  test('checked: the programme goes by e-mail and the subscription is recorded', async () => {
    document.cookie = 'subscriber_id=sub-7';
    const t = show({ [`POST ${EMAIL_PATH}`]: sentTo('anna@example.com'), [`POST ${SUBSCRIBE_PATH}`]: sentTo('anna@example.com') });
    fireEvent.change(email(), { target: { value: 'anna@example.com' } });
    fireEvent.click(subscribe());
    submit();
    await waitFor(() => expect(t.close).toHaveBeenCalled());
    expect(t.sent).toEqual([
      { path: EMAIL_PATH, body: { email: 'anna@example.com', tour_id: 1001, currency: 'RUB' }, captcha: true },
      { path: SUBSCRIBE_PATH, body: { email: 'anna@example.com', tour_id: 1001, currency: 'RUB', subscriber_id: 'sub-7' }, captcha: true },
    ]);
    expect(t.toast).toHaveBeenCalledWith({ kind: 'success', text: INBOX });
  });

  test('unchecked: no subscription call', async () => {
    const t = show({ [`POST ${EMAIL_PATH}`]: sentTo('anna@example.com') });
    fireEvent.change(email(), { target: { value: 'anna@example.com' } });
    submit();
    await waitFor(() => expect(t.close).toHaveBeenCalled());
    expect(t.to(SUBSCRIBE_PATH)).toEqual([]);
  });

  test('a failed subscription after the programme went out is logged only (§8)', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const t = show({ [`POST ${EMAIL_PATH}`]: sentTo('anna@example.com'), [`POST ${SUBSCRIBE_PATH}`]: new ApiError(0, SUBSCRIBE_PATH, 'Network error') });
    fireEvent.change(email(), { target: { value: 'anna@example.com' } });
    fireEvent.click(subscribe());
    submit();
    await waitFor(() => expect(t.close).toHaveBeenCalled());
    expect(t.toast).toHaveBeenCalledWith({ kind: 'success', text: INBOX });
    expect(log).toHaveBeenCalledWith('Programme subscription failed', expect.any(ApiError));
    log.mockRestore();
  });
});

describe('programme PDF request: WhatsApp (site setting send_tour_program_in_pdf_via_whatsapp)', () => {
  test('not offered while the setting is off', () => {
    show();
    expect(screen.queryByRole('radio', { name: 'By WhatsApp' })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'How should we send it?' })).not.toBeInTheDocument();
  });

  test('offered when allowed: the number instead of the e-mail; the §7.3 payload with the last request; its alert', async () => {
    document.cookie = 'last_request_id=701';
    const t = show({ [`POST ${WHATSAPP_PATH}`]: { success: true } }, { whatsapp: true });
    expect(screen.getByRole('radio', { name: 'By e-mail' })).toBeChecked();
    fireEvent.click(screen.getByRole('radio', { name: 'By WhatsApp' }));
    expect(screen.queryByRole('textbox', { name: /^E-mail/ })).not.toBeInTheDocument();
    submit();
    const phone = screen.getByRole('textbox', { name: /^WhatsApp number/ });
    expect(phone).toHaveAccessibleDescription('Required field');
    fireEvent.change(phone, { target: { value: '+7 916 555 44 33' } });
    submit();
    await waitFor(() => expect(t.close).toHaveBeenCalled());
    expect(t.sent).toEqual([{ path: WHATSAPP_PATH, body: { phone: '+79165554433', tour_id: 1001, currency: 'RUB', request_id: 701 }, captcha: true }]);
    expect(t.toast).toHaveBeenCalledWith({ kind: 'success', text: "Check your WhatsApp! We've sent a link to the tour program to your WhatsApp (+79165554433)" });
  });

  test('by WhatsApp with the subscription: the e-mail is asked for and sent with both calls', async () => {
    const t = show({ [`POST ${WHATSAPP_PATH}`]: { success: true }, [`POST ${SUBSCRIBE_PATH}`]: sentTo('anna@example.com') }, { whatsapp: true });
    fireEvent.click(screen.getByRole('radio', { name: 'By WhatsApp' }));
    fireEvent.change(screen.getByRole('textbox', { name: /^WhatsApp number/ }), { target: { value: '+7 916 555 44 33' } });
    fireEvent.click(subscribe());
    submit();
    expect(email()).toHaveAccessibleDescription('Required field');
    fireEvent.change(email(), { target: { value: 'anna@example.com' } });
    submit();
    await waitFor(() => expect(t.close).toHaveBeenCalled());
    expect(t.sent.map((c) => [c.path, c.body])).toEqual([
      [WHATSAPP_PATH, { phone: '+79165554433', tour_id: 1001, currency: 'RUB', email: 'anna@example.com' }],
      [SUBSCRIBE_PATH, { email: 'anna@example.com', tour_id: 1001, currency: 'RUB' }],
    ]);
  });

  test('a stale last request cookie: sent again without it', async () => {
    document.cookie = 'last_request_id=999999';
    const t = show({
      [`POST ${WHATSAPP_PATH}`]: ({ body }: { body?: unknown }) =>
        (body as { request_id?: number }).request_id ? new ApiError(422, WHATSAPP_PATH, 'Validation failed', { request_id: 'Incorrect value' }) : { success: true },
    }, { whatsapp: true });
    fireEvent.click(screen.getByRole('radio', { name: 'By WhatsApp' }));
    fireEvent.change(screen.getByRole('textbox', { name: /^WhatsApp number/ }), { target: { value: '+7 916 555 44 33' } });
    submit();
    await waitFor(() => expect(t.close).toHaveBeenCalled());
    expect(t.to(WHATSAPP_PATH).map((c) => c.body)).toEqual([
      { phone: '+79165554433', tour_id: 1001, currency: 'RUB', request_id: 999999 },
      { phone: '+79165554433', tour_id: 1001, currency: 'RUB' },
    ]);
    expect(t.toast).not.toHaveBeenCalledWith(expect.objectContaining({ kind: 'error' }));
  });

  test('switched off meanwhile (409): e-mail it is, said on the e-mail field; the number stays in the draft', async () => {
    const t = show({ [`POST ${WHATSAPP_PATH}`]: new ApiError(409, WHATSAPP_PATH, 'The programme is not sent by WhatsApp'), [`POST ${EMAIL_PATH}`]: sentTo('anna@example.com') }, { whatsapp: true });
    fireEvent.click(screen.getByRole('radio', { name: 'By WhatsApp' }));
    fireEvent.change(screen.getByRole('textbox', { name: /^WhatsApp number/ }), { target: { value: '+7 916 555 44 33' } });
    submit();
    await waitFor(() => expect(email()).toHaveAccessibleDescription("The programme can't be sent by WhatsApp right now: enter your e-mail and we'll send it there."));
    expect(screen.queryByRole('radio', { name: 'By WhatsApp' })).not.toBeInTheDocument();
    expect(t.toast).not.toHaveBeenCalled();
    fireEvent.change(email(), { target: { value: 'anna@example.com' } });
    submit();
    await waitFor(() => expect(t.close).toHaveBeenCalled());
    expect(t.to(EMAIL_PATH)).toHaveLength(1);
  });
});

describe('programme PDF request: nothing typed is lost', () => {
  test('no connection: the values stay, an alert offers a retry, the retry sends the same and succeeds', async () => {
    let down = true;
    const t = show({ [`POST ${EMAIL_PATH}`]: () => (down ? new ApiError(0, EMAIL_PATH, 'Network error') : sentTo('anna@example.com')) });
    fireEvent.change(email(), { target: { value: 'anna@example.com' } });
    fireEvent.click(subscribe());
    submit();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't send your request: there is no connection to our server. Everything you typed is kept.");
    expect(email()).toHaveValue('anna@example.com');
    expect(subscribe()).toBeChecked();
    expect(t.close).not.toHaveBeenCalled();
    expect(t.toast).not.toHaveBeenCalled();
    expect(JSON.parse(localStorage.getItem('booking-draft:programme:1001')!).values).toEqual({ channel: 'email', email: 'anna@example.com', phone: '', subscribe: true });

    // Closed and opened again: the draft brings everything back.
    t.unmount();
    const again = show({ [`POST ${EMAIL_PATH}`]: () => (down ? new ApiError(0, EMAIL_PATH, 'Network error') : sentTo('anna@example.com')), [`POST ${SUBSCRIBE_PATH}`]: sentTo('anna@example.com') });
    expect(email()).toHaveValue('anna@example.com');
    expect(subscribe()).toBeChecked();
    submit();
    await screen.findByRole('alert');
    down = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(again.close).toHaveBeenCalled());
    expect(again.to(EMAIL_PATH)).toHaveLength(2);
    expect(again.to(SUBSCRIBE_PATH)).toHaveLength(1);
    expect(again.toast).toHaveBeenCalledWith({ kind: 'success', text: INBOX });
    expect(localStorage.getItem('booking-draft:programme:1001')).toBeNull();
  });

  test('server field errors land on their fields; what was typed stays', async () => {
    const t = show({ [`POST ${EMAIL_PATH}`]: new ApiError(422, EMAIL_PATH, '', { email: 'Please enter a valid e-mail' }) });
    fireEvent.change(email(), { target: { value: 'anna@example.co' } });
    submit();
    await waitFor(() => expect(email()).toHaveAccessibleDescription('Please enter a valid e-mail'));
    expect(email()).toHaveValue('anna@example.co');
    expect(email()).toHaveFocus();
    expect(t.close).not.toHaveBeenCalled();
  });
});
