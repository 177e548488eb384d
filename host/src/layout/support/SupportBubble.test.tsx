import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@tours/shared/core';
import type { HostStore } from '@tours/shared/contract';
import type { ChatSourcesAnswer, ContactsAnswer } from '@tours/shared/api';
import { supportChatIdAtom } from '../../state/host-atoms';
import { sessionAtom } from '@tours/shared/core';
import { chatSourcesAtom, contactsAtom } from '../state';
import { SupportBubble } from './SupportBubble';
import { SESSION, fixtures, renderWithHost } from '../test-utils';

const seed = (extra?: (s: HostStore) => void) => (store: HostStore) => {
  store.set(contactsAtom, fixtures.contacts as ContactsAnswer);
  store.set(chatSourcesAtom, fixtures.chatSources as ChatSourcesAnswer);
  extra?.(store);
};

/** Opens the panel, whose code comes on the first open: answers once it is there. */
async function openBubble() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Help' }));
  await screen.findByRole('dialog');
  return user;
}

afterEach(() => jest.useRealTimers());

describe('Support bubble', () => {
  it('the panel and its messenger links come with the first open, not with the page (issue 33)', async () => {
    const t = renderWithHost(<SupportBubble />, { prepare: (store: HostStore) => store.set(contactsAtom, fixtures.contacts as ContactsAnswer) });
    const help = screen.getByRole('button', { name: 'Help' });
    expect(help).toHaveAttribute('aria-expanded', 'false');
    expect(help).not.toHaveAttribute('aria-controls');
    expect(screen.queryByRole('dialog', { hidden: true })).not.toBeInTheDocument();
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(t.calls.map((c) => c.path)).not.toContain('/spa/chat-sources-list');
    await openBubble();
    expect(help).toHaveAttribute('aria-expanded', 'true');
    expect(help).toHaveAttribute('aria-controls', screen.getByRole('dialog').id);
    const list = await screen.findByRole('list', { name: 'Messengers' });
    expect(within(list).getByRole('link', { name: 'Write to us on Telegram (opens in a new tab)' })).toHaveAttribute('href', 'https://t.example/tours');
    expect(t.calls.filter((c) => c.path === '/spa/chat-sources-list')).toHaveLength(1);
  });

  it('asks for the links again for a visitor who signed in since, not on every open', async () => {
    const t = renderWithHost(<SupportBubble />, { prepare: seed() });
    const user = await openBubble();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Help' }));
    expect(t.calls.filter((c) => c.path === '/spa/chat-sources-list')).toHaveLength(1);
    act(() => t.store.set(sessionAtom, SESSION));
    await waitFor(() => expect(t.calls.filter((c) => c.path === '/spa/chat-sources-list')).toHaveLength(2));
    expect(t.calls.filter((c) => c.path === '/spa/chat-sources-list').at(-1)?.query).toMatchObject({ client_id: 7 });
  });

  it("is titled 'Ask our travel experts anything' away from the tour page, with the full phone block", async () => {
    renderWithHost(<SupportBubble />, { path: '/en/visa', prepare: seed() });
    await openBubble();
    const panel = screen.getByRole('dialog', { name: 'Ask our travel experts anything' });
    expect(within(panel).getByText('Russia')).toBeInTheDocument();
    expect(within(panel).getAllByRole('button', { name: 'Request a call' })).toHaveLength(1);
  });

  it("is titled 'Contact tour manager' on the tour page, phones without country, with 'Request a call'", async () => {
    renderWithHost(<SupportBubble />, { path: '/en/altai-trek-1234', prepare: seed() });
    await openBubble();
    const panel = screen.getByRole('dialog', { name: 'Contact tour manager' });
    expect(within(panel).queryByText('Russia')).not.toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Other countries' })).not.toBeInTheDocument();
    expect(within(panel).getAllByRole('button', { name: 'Request a call' })).toHaveLength(1);
    expect(within(panel).getByRole('link', { name: /Free call/ })).toBeInTheDocument();
  });

  it('lists messengers in the order for a site with Russian', async () => {
    renderWithHost(<SupportBubble />, { prepare: seed() });
    await openBubble();
    const list = screen.getByRole('list', { name: 'Messengers' });
    expect(within(list).getAllByRole('link').map((a) => a.getAttribute('data-messenger'))).toEqual(['telegram', 'vk', 'whatsapp', 'facebook', 'instagram']);
    expect(within(list).getByRole('link', { name: 'Write to us on Telegram (opens in a new tab)' })).toHaveAttribute('href', 'https://t.example/tours');
  });

  it('lists messengers in the other order without Russian', async () => {
    renderWithHost(<SupportBubble />, { config: { russianIsAvailable: false }, prepare: seed() });
    await openBubble();
    const list = screen.getByRole('list', { name: 'Messengers' });
    expect(within(list).getAllByRole('link').map((a) => a.getAttribute('data-messenger'))).toEqual(['facebook', 'whatsapp', 'instagram', 'vk', 'telegram']);
  });

  it("shows 'Go to Live Chat' only with a support chat id", async () => {
    const first = renderWithHost(<SupportBubble />, { prepare: seed() });
    await openBubble();
    expect(screen.queryByRole('link', { name: 'Go to Live Chat' })).not.toBeInTheDocument();
    first.unmount();

    renderWithHost(<SupportBubble />, { prepare: seed((s) => s.set(supportChatIdAtom, 42)) });
    await openBubble();
    expect(screen.getByRole('link', { name: 'Go to Live Chat' })).toHaveAttribute('href', '/en/chat/42');
  });

  it('Escape closes the panel and returns focus to the button', async () => {
    renderWithHost(<SupportBubble />, { prepare: seed() });
    const user = await openBubble();
    expect(screen.getByRole('dialog', { name: 'Ask our travel experts anything' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Ask our travel experts anything' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Help' })).toHaveFocus();
  });

  it("sends the e-mail request with clickSource support_popup and confirms it", async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const t = renderWithHost(<SupportBubble />, { prepare: seed() });
    await user.click(screen.getByRole('button', { name: 'Help' }));
    await user.click(await screen.findByRole('button', { name: 'Send a request to our email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send a request to our email' });
    await user.type(within(dialog).getByLabelText(/E-mail/), 'not-an-email');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(within(dialog).getByText('Please enter a valid e-mail')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(/E-mail/));
    await user.type(within(dialog).getByLabelText(/E-mail/), 'me@example.com');
    await user.type(within(dialog).getByLabelText('Your question'), 'Baikal in March?');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Send a request to our email' })).not.toBeInTheDocument());
    const body = t.calls.find((c) => c.method === 'POST')?.body as { data: Record<string, unknown> };
    expect(body.data).toMatchObject({ type: 'common_help_by_email', email: 'me@example.com', click_source: 'support_popup' });
    expect(String(body.data.comment)).toMatch(/^Baikal in March\?\nrequest from http/);
    await act(async () => {
      jest.advanceTimersByTime(400);
    });
    const success = screen.getByRole('dialog', { name: "We've received your email!" });
    expect(success).toHaveTextContent('Thanks for your interest in our tours! One of our travel experts will reply to your email soon.');
  });

  it('shows server field errors on the field and the message as a toast', async () => {
    const user = userEvent.setup();
    const t = renderWithHost(<SupportBubble />, {
      prepare: seed(),
      routes: { 'POST /spa/submit-help-request': new ApiError(422, '/spa/submit-help-request', 'Check the form', { email: 'This address is blocked' }) },
    });
    await user.click(screen.getByRole('button', { name: 'Help' }));
    await user.click(await screen.findByRole('button', { name: 'Send a request to our email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send a request to our email' });
    await user.type(within(dialog).getByLabelText(/E-mail/), 'me@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('This address is blocked')).toBeInTheDocument();
    expect(t.toast).toHaveBeenCalledWith({ kind: 'error', text: 'Check the form' });
    expect(within(dialog).getByRole('button', { name: 'Send' })).toBeEnabled();
  });
});
