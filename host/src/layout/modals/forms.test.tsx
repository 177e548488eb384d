import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@tours/shared/core';
import { renderWithHost } from '../test-utils';
import { openCallbackModal } from './CallbackModal';
import { openEmailRequestModal } from './EmailRequestModal';

const refused = (errors: Record<string, string>) => ({
  'POST /spa/submit-help-request': new ApiError(422, '/spa/submit-help-request', 'Please check the form', errors),
});

describe('layout forms on the shared form hook', () => {
  test('Request a call: a server field error lands on its field, the message is a toast, and what was typed stays (§5.8)', async () => {
    const user = userEvent.setup();
    const t = renderWithHost(<span />, { routes: refused({ phone: 'We cannot call this number' }) });
    act(() => void openCallbackModal(t.host));
    const dialog = screen.getByRole('dialog', { name: 'Request a call' });
    const name = within(dialog).getByLabelText(/Your name/);
    const phone = within(dialog).getByLabelText(/Phone/);
    await user.type(name, 'Anna');
    // The one phone input of §5.2 (issue 17 defect 8): letters never get in.
    await user.type(phone, 'abc');
    expect(phone).not.toHaveValue(expect.stringMatching(/[a-z]/i));
    await user.clear(phone);
    await user.type(phone, '2127365000'); // after the country's '+1'
    await user.click(within(dialog).getByRole('button', { name: 'Call me back' }));

    expect(await within(dialog).findByText('We cannot call this number')).toBeInTheDocument();
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(t.toast).toHaveBeenCalledWith({ kind: 'error', text: 'Please check the form' });
    expect(name).toHaveValue('Anna');
    expect(phone).toHaveValue('+12127365000');
    expect(within(dialog).getByRole('button', { name: 'Call me back' })).toBeEnabled();
  });

  test('Request a call is eager (§4.13): checked on blur, then on every input once it shows an error', async () => {
    const user = userEvent.setup();
    const t = renderWithHost(<span />);
    act(() => void openCallbackModal(t.host));
    const dialog = screen.getByRole('dialog', { name: 'Request a call' });
    const phone = within(dialog).getByLabelText(/Phone/);
    await user.type(phone, '+4477');
    expect(phone).not.toHaveAttribute('aria-invalid');
    await user.tab();
    expect(phone).toHaveAccessibleDescription(/Please enter a valid phone number$/);
    await user.type(phone, '00900123');
    expect(phone).not.toHaveAttribute('aria-invalid');
  });

  test('the e-mail request shows a server error on the question too, and keeps both fields', async () => {
    const user = userEvent.setup();
    const t = renderWithHost(<span />, { routes: refused({ comment: 'Too many links' }) });
    act(() => void openEmailRequestModal(t.host, 'support_popup'));
    const dialog = screen.getByRole('dialog', { name: 'Send a request to our email' });
    const email = within(dialog).getByLabelText(/E-mail/);
    const question = within(dialog).getByLabelText('Your question');
    await user.type(email, 'me@example.com');
    await user.type(question, 'See http://a http://b');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));

    expect(await within(dialog).findByText('Too many links')).toBeInTheDocument();
    expect(question).toHaveAccessibleDescription('Too many links');
    expect(question).toHaveValue('See http://a http://b');
    expect(email).toHaveValue('me@example.com');
    expect(t.toast).toHaveBeenCalledWith({ kind: 'error', text: 'Please check the form' });
  });
});

describe('a callback asked for on a tour records the tour (issue 29)', () => {
  const callBack = async (path: string) => {
    const user = userEvent.setup();
    const t = renderWithHost(<span />, { path });
    act(() => void openCallbackModal(t.host, 'tour_contacts'));
    const dialog = screen.getByRole('dialog', { name: 'Request a call' });
    await user.type(within(dialog).getByLabelText(/Your name/), 'Anna');
    await user.type(within(dialog).getByLabelText(/Phone/), '2127365000');
    await user.click(within(dialog).getByRole('button', { name: 'Call me back' }));
    expect(await screen.findByText(/Call back request successful/)).toBeInTheDocument();
    return (t.calls.find((c) => c.method === 'POST' && c.path === '/spa/submit-help-request')!.body as { data: Record<string, unknown> }).data;
  };

  test.each([
    ['the tour page', '/en/svir-tour-1001', 1001],
    ['the order page', '/en/tour/1354/order', 1354],
  ])('%s: tour_id with the request', async (_name, path, tourId) => {
    expect(await callBack(path)).toMatchObject({ type: 'phone_call_request', tour_id: tourId, click_source: 'tour_contacts' });
  });

  test('elsewhere: no tour', async () => {
    expect(await callBack('/en/visa')).not.toHaveProperty('tour_id');
  });
});

describe("the contract's 'layout:help-form' (a remote's button for the layout's forms)", () => {
  test("opens the host's own callback form; what it sends says where it was opened from", async () => {
    const { createHostEvents } = await import('../../events');
    const { wireHostEvents } = await import('../../app/wire-events');
    const user = userEvent.setup();
    const t = renderWithHost(<span />, { routes: { 'POST /spa/submit-help-request': { request_id: 5, requestUUID: '0f6a3c2e-1b7d-4e8a-9c55-2d1f0a9b8c7e' } } });
    const events = createHostEvents();
    wireHostEvents({ store: t.store, events, host: t.host, loader: undefined as never });
    act(() => events.emit('layout:help-form', { form: 'callback', clickSource: 'contacts_page' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request a call' });
    await user.type(within(dialog).getByLabelText(/Your name/), 'Anna');
    await user.type(within(dialog).getByLabelText(/Phone/), '2127365000');
    await user.click(within(dialog).getByRole('button', { name: 'Call me back' }));
    expect(await screen.findByText(/Call back request successful/)).toBeInTheDocument();
    const post = t.calls.find((c) => c.method === 'POST' && c.path === '/spa/submit-help-request')!;
    expect((post.body as { data: Record<string, unknown> }).data).toMatchObject({ type: 'phone_call_request', name: 'Anna', phone: '+12127365000', click_source: 'contacts_page' });

    act(() => events.emit('layout:help-form', { form: 'email-request', clickSource: 'contacts_page' }));
    expect(await screen.findByRole('dialog', { name: /e-?mail/i })).toBeInTheDocument();
  });
});
